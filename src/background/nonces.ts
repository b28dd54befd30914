// Stacks nonces, reserved one approval at a time: a request's nonce is written on its pending entry
// before the wallet's counter moves past it, so a second press or a restarted worker signs with the
// same nonce, and approvals from any tab, frame or window at once get distinct, increasing nonces.
import type { NetworkName } from '../core/networks.ts';
import { nonceKey, walletNonce } from '../core/settings.ts';
import { nodeNonce } from './broadcast.ts';
import { pendingRequests } from './pending.ts';
import { changeSettings, currentSettings } from './state.ts';

let reserving: Promise<unknown> = Promise.resolve();

/**
 * The nonce this request signs with: the one it already holds, else the next free one (the
 * wallet's counter, or the node's when `nodeUrl` is set and ahead). `key` is its pending entry.
 */
export function reserveNonce(key: string, network: NetworkName, account: number, address: string, nodeUrl: string): Promise<number> {
  const run = reserving.then(async () => {
    const held = (await pendingRequests.get(key))?.reservedNonce;
    if (held !== undefined) return held;
    const counter = walletNonce(await currentSettings(), network, account);
    const nonce = nodeUrl ? Math.max(counter, await nodeNonce(nodeUrl, address)) : counter;
    await pendingRequests.update(key, (p) => ({ ...p, reservedNonce: nonce }));
    await advancePast(network, account, nonce);
    return nonce;
  });
  reserving = run.catch(() => undefined);
  return run;
}

/** The wallet's counter moves past a nonce it signed with, never back. */
export function advancePast(network: NetworkName, account: number, nonce: number): Promise<unknown> {
  return changeSettings((current) =>
    nonce < walletNonce(current, network, account) ? {} : { stacksNonces: { ...current.stacksNonces, [nonceKey(network, account)]: nonce + 1 } },
  );
}
