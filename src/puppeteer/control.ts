// The wallet's control object called by script from a driver's context: arguments go in as JSON
// parsed by the wallet's own realm (its checks see its own objects), the answer comes out as JSON.
import type { KitDriver } from '../kit/driver.ts';
import type { WalletControl } from '../shared/control.ts';

/** Runs one control call where the browser lets the kit reach the wallet; answers the JSON of a ControlReply. */
export type ControlCall = (method: string, argsJson: string) => Promise<string>;

type ControlReply = { ok: true; value?: unknown } | { ok: false; message: string; notReady?: true };

const START_WAIT_MS = 5_000;

/** The script: `host` is an expression for the wallet's global (the worker's, or the background page's). */
export function controlScript(global: string, method: string, argsJson: string, host: string): string {
  return `(async () => {
    const host = ${host};
    // A worker is listed before its script has run: the kit asks again in a moment.
    if (!host[${JSON.stringify(global)}]) return JSON.stringify({ ok: false, notReady: true, message: 'the wallet has not started yet' });
    try {
      const value = await host[${JSON.stringify(global)}][${JSON.stringify(method)}](...host.JSON.parse(${JSON.stringify(argsJson)}));
      return host.JSON.stringify(value === undefined ? { ok: true } : { ok: true, value });
    } catch (error) {
      return JSON.stringify({ ok: false, message: String((error && error.message) || error) });
    }
  })()`;
}

/** A driver's `control`, over however it reaches the wallet. */
export function controlOver(call: ControlCall): KitDriver<unknown>['control'] {
  return async <K extends keyof WalletControl>(method: K, ...args: Parameters<WalletControl[K]>): Promise<Awaited<ReturnType<WalletControl[K]>>> => {
    let reply = JSON.parse(await call(method, JSON.stringify(args))) as ControlReply;
    for (const until = Date.now() + START_WAIT_MS; !reply.ok && reply.notReady && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reply = JSON.parse(await call(method, JSON.stringify(args))) as ControlReply;
    }
    // The wallet's own sentence, without the error class.
    if (!reply.ok) throw new Error(reply.message.replace(/^\w*Error: /, '').split('\n')[0]);
    return reply.value as Awaited<ReturnType<WalletControl[K]>>;
  };
}
