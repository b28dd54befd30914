// Stacks nonces, reserved one request at a time: a request's nonce is written on its pending entry
// before the wallet's counter moves past it, so a second press or a restarted worker signs with the
// same nonce, and requests from any tab, frame or window at once get distinct, increasing nonces.
// A window reserves its request's nonce when it shows it, so what it shows is what it signs; a request
// that ends unsigned gives its nonce back, so no later transaction waits behind a nonce never sent.
import type { NetworkName } from '../../core/networks.ts';
import { nonceKey, walletNonce } from '../../core/settings.ts';
import { nodeNonce } from './broadcast.ts';
import { pendingRequests, type PendingRequest } from './pending.ts';
import { SessionMap } from '../store/session-map.ts';
import { changeSettings, currentSettings } from '../store/state.ts';
import { serial } from '../../shared/serial.ts';

/** Nonces given back below the counter, per network and account: the next reservations take them first, lowest first. */
const givenBack = new SessionMap<number[]>('nonce-free:', (v) => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 0));

/** Requests whose nonce was given back (for a minute: a request's key is not reused). */
const released = new Set<string>();

/** One reservation or release at a time. */
const inTurn = serial();

/**
 * The nonce this request signs with: the one it already holds, else the lowest given back, else
 * the next free one (the wallet's counter, or the node's when `nodeUrl` is set and ahead). `key`
 * is its pending entry.
 */
export function reserveNonce(key: string, network: NetworkName, account: number, address: string, nodeUrl: string): Promise<number> {
  return inTurn(async () => {
    const held = (await pendingRequests.get(key))?.reservedNonce;
    if (held !== undefined) return held;
    const counter = walletNonce(await currentSettings(), network, account);
    const floor = nodeUrl ? await nodeNonce(nodeUrl, address) : 0;
    const slot = nonceKey(network, account);
    // What was given back and is still unused: below the counter, and not yet taken by the node.
    const free = ((await givenBack.get(slot)) ?? []).filter((n) => n < counter && n >= floor).sort((a, b) => a - b);
    const nonce = free.length > 0 ? free[0]! : Math.max(counter, floor);
    await givenBack.set(slot, free.filter((n) => n !== nonce));
    await pendingRequests.update(key, (p) => ({ ...p, reservedNonce: nonce }));
    await advancePast(network, account, nonce);
    return nonce;
  });
}

/** The wallet's counter moves past a nonce it signed with, never back. */
export function advancePast(network: NetworkName, account: number, nonce: number): Promise<unknown> {
  return changeSettings((current) =>
    nonce < walletNonce(current, network, account) ? {} : { stacksNonces: { ...current.stacksNonces, [nonceKey(network, account)]: nonce + 1 } },
  );
}

/**
 * A request that ends (answered, rejected, closed, dropped) without a transaction signed with its
 * reserved nonce gives it back: the counter moves back when it was the last one handed out, else
 * the nonce waits for the next request.
 */
export function releaseNonce(request: PendingRequest): Promise<void> {
  const nonce = request.reservedNonce;
  const signed = request.prepared?.signed.nonce ?? request.answer?.settled.transaction?.nonce;
  // Once per request: finishing and dropping may both reach here, and a nonce given back twice could be handed out twice.
  if (nonce === undefined || signed === nonce || released.has(request.key)) return Promise.resolve();
  released.add(request.key);
  setTimeout(() => released.delete(request.key), 60_000);
  const { network, account } = request.target;
  return inTurn(async () => {
    const slot = nonceKey(network, account);
    const counter = walletNonce(await currentSettings(), network, account);
    if (nonce >= counter) return; // the counter was set below it since (setStacksNonce): nothing to give back
    let free = [...new Set([...((await givenBack.get(slot)) ?? []), nonce])].filter((n) => n < counter);
    // The counter comes back over every given-back nonce at its top.
    let next = counter;
    while (free.includes(next - 1)) {
      next--;
      free = free.filter((n) => n !== next);
    }
    await givenBack.set(slot, free);
    if (next !== counter) await changeSettings((current) => (walletNonce(current, network, account) === counter ? { stacksNonces: { ...current.stacksNonces, [slot]: next } } : {}));
  });
}

/** Reset: nothing is given back any more (the counters go with the settings). */
export const forgetGivenBack = (): Promise<void> => givenBack.clear();
