// The embedded chains, as the kits and the CLI start them: a Bitcoin regtest behind the Esplora API
// and a Stacks chain (Clarinet's simnet) behind the node and API routes, each on its own local port,
// the wallet's accounts funded on both. The extension never imports this: it reaches a chain by URL.
import { fundedAccounts, type FundedAccount } from './funding.ts';
import { startBitcoin, type BitcoinServer } from './bitcoin/server.ts';
import { BitcoinControl } from './bitcoin/control.ts';
import type { StacksControl } from './stacks/control.ts';
import type { Served } from './http.ts';
import type { Snapshot } from './bitcoin/journal.ts';

export interface ChainOptions {
  /** The wallet's mnemonic, whose accounts are funded (default: the public test phrase `abandon ×11 about`). */
  mnemonic?: string;
  /** How many accounts are funded, from account 0 (default 5). */
  accounts?: number;
  bitcoin?: {
    /** Default 0: any free port (the CLI uses 3002, electrs' regtest port). */
    port?: number;
    /** Sats paid to each account's p2wpkh and p2tr address at start (default 1 BTC each). */
    sats?: bigint | number;
    /** Mine a block every so many ms (default: only when asked). */
    blockIntervalMs?: number;
    /** Replace any mempool transaction, as Bitcoin Core 28+ does (default true). */
    fullRbf?: boolean;
  };
  /** false: no Stacks chain (saves simnet's start, about 4 s of CPU). */
  stacks?:
    | false
    | {
        /** Default 0: any free port (the CLI uses 3999, the Stacks API's devnet port that @stacks/network points at). */
        port?: number;
        /** The app's Clarinet.toml: its contracts deployed as in `clarinet console`. */
        project?: string;
        /** µSTX each account gets (default 100 000 000 STX). */
        microStx?: bigint;
      };
}

export interface LocalChain {
  bitcoin: BitcoinControl;
  /** The Stacks chain's controls (fund, deploy, call, read); undefined with `stacks: false`. */
  stacks: StacksControl | undefined;
  /** The Stacks node and API base URL (as https://api.testnet.hiro.so), or undefined. */
  stacksUrl: string | undefined;
  /** The funded accounts and their addresses (regtest and Stacks testnet). */
  accounts: FundedAccount[];
  /** Back to the chain as it started: blocks, mempool, balances, contracts, fee rates. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const BTC = 100_000_000n;

export async function startChain(options: ChainOptions = {}): Promise<LocalChain> {
  const accounts = await fundedAccounts(options.accounts ?? 5, options.mnemonic);
  const b = options.bitcoin ?? {};
  const sats = b.sats === undefined ? BTC : BigInt(b.sats);
  const bitcoin: BitcoinServer = await startBitcoin({
    ...(b.port !== undefined && { port: b.port }),
    ...(b.blockIntervalMs !== undefined && { blockIntervalMs: b.blockIntervalMs }),
    ...(b.fullRbf !== undefined && { fullRbf: b.fullRbf }),
    funding: accounts.flatMap((a) => [
      { address: a.p2wpkh, sats },
      { address: a.p2tr, sats },
    ]),
  });
  const start: Snapshot = bitcoin.regtest.snapshot();
  let stacks: StacksControl | undefined;
  let stacksServer: Served | undefined;
  let resetStacks = async (): Promise<void> => undefined;
  try {
    if (options.stacks !== false) {
      const s = options.stacks ?? {};
      // Loaded only when asked for: simnet's WebAssembly is 7 MB.
      const { StacksChain } = await import('./stacks/chain.ts');
      const started = await StacksChain.start({
        accounts: accounts.length,
        ...(options.mnemonic !== undefined && { mnemonic: options.mnemonic }),
        ...(s.project !== undefined && { project: s.project }),
        ...(s.microStx !== undefined && { microStx: s.microStx }),
      });
      stacksServer = await started.serve(s.port ?? 0);
      stacks = started;
      resetStacks = () => started.reset();
    }
  } catch (error) {
    await bitcoin.close();
    throw error;
  }
  return {
    bitcoin: new BitcoinControl(bitcoin),
    stacks,
    stacksUrl: stacksServer?.url,
    accounts,
    reset: async () => {
      bitcoin.regtest.restore(start);
      await resetStacks();
    },
    close: async () => {
      await Promise.all([bitcoin.close(), stacksServer?.close()]);
    },
  };
}

export { BitcoinControl } from './bitcoin/control.ts';
export type { EsploraTx, EsploraUtxo, EsploraOutput, TxStatus } from './bitcoin/control.ts';
export type { FeeRates } from './bitcoin/chain.ts';
export type { FundedAccount } from './funding.ts';
export { ChainError } from './bitcoin/regtest.ts';
