// The regtest chain behind its Esplora API on a local port, mining on an interval if asked.
import { serve, type Served } from '../http.ts';
import { Regtest, type RegtestOptions } from './regtest.ts';

export interface BitcoinServerOptions extends RegtestOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Mine a block every so many milliseconds (default: only when asked). */
  blockIntervalMs?: number;
}

export interface BitcoinServer {
  regtest: Regtest;
  /** The Esplora base URL, ending in /api (as https://mempool.space/api). */
  url: string;
  close(): Promise<void>;
}

export async function startBitcoin(options: BitcoinServerOptions = {}): Promise<BitcoinServer> {
  const regtest = new Regtest(options);
  const served: Served = await serve(regtest.routes, options.port ?? 0);
  const timer = options.blockIntervalMs ? setInterval(() => regtest.mine(), options.blockIntervalMs) : undefined;
  timer?.unref();
  return {
    regtest,
    url: `${served.url}/api`,
    close: async () => {
      if (timer) clearInterval(timer);
      await served.close();
    },
  };
}
