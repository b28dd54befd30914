// Stacks nonces, reserved one request at a time: a request's nonce is written on its pending entry
// before the wallet's counter moves past it, so a second press or a restarted worker signs with the
// same nonce, and requests from any tab, frame or window at once get distinct, increasing nonces.
// A window reserves its request's nonce when it shows it, so what it shows is what it signs; a request
// that ends unsigned gives its nonce back, so no later transaction waits behind a nonce never sent.
import type { NetworkName } from '../../core/networks.ts';
import { checkCounter, counterOf, nonceKey, type NonceCounters } from '../../core/nonce-counters.ts';
import { loadCounters, storeCounters } from '../../shared/nonce-store.ts';
import { nodeNonce } from './broadcast.ts';
import { pendingRequests, type PendingRequest } from './pending.ts';
import { SessionMap, reportStoredProblem } from '../store/session-map.ts';
import { serial } from '../../shared/serial.ts';

/** Nonces given back below the counter, per network and account: the next reservations take them first, lowest first. */
const givenBack = new SessionMap<number[]>(
  'nonce-free:',
  (v) => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 0),
  false,
  'nonces given back (a list of whole numbers)',
);

/** Requests whose nonce was given back (for a minute: a request's key is not reused). */
const released = new Set<string>();

/** One reservation, release or counter change at a time. */
const inTurn = serial();

/** The counters as stored, read once per worker; this module is their one writer. */
let counters: Promise<NonceCounters> | undefined;
const walletCounter = async (network: NetworkName, account: number): Promise<number> =>
  counterOf(await (counters ??= loadCounters(reportStoredProblem)), network, account);

/** Whether storage is known to hold no counters (a reset removed them, nothing set since): the next reset writes nothing. */
let storedNone = false;

async function setCounter(network: NetworkName, account: number, next: number): Promise<void> {
  storedNone = false;
  const updated = { ...(await (counters ??= loadCounters(reportStoredProblem))), [nonceKey(network, account)]: next };
  counters = Promise.resolve(updated);
  await storeCounters(updated);
}

/** The wallet's next nonce for an account on a network (what a window shows when it reserves none). */
/** Read as it stands: a reservation waiting on the node need not hold up a window drawing its nonce. */
export const stacksNonce = walletCounter;

/** Sets the wallet's next nonce, as a person would after a transaction made elsewhere; RangeError naming a bad value. */
export function setStacksNonce(nonce: unknown, network: unknown, account: unknown): Promise<void> {
  const checked = checkCounter(nonce, network, account);
  return inTurn(() => setCounter(checked.network, checked.account, checked.nonce));
}

/** Reset: every counter back to 0, and nothing given back any more. */
export function forgetNonces(): Promise<void> {
  return inTurn(async () => {
    counters = Promise.resolve({});
    await Promise.all([storedNone ? undefined : storeCounters({}).then(() => void (storedNone = true)), givenBack.clear()]);
  });
}

/**
 * The nonce this request signs with: the one it already holds, else the lowest given back, else
 * the next free one (the wallet's counter, or the node's when `nodeUrl` is set and ahead). `key`
 * is its pending entry.
 */
export function reserveNonce(key: string, network: NetworkName, account: number, address: string, nodeUrl: string): Promise<number> {
  return inTurn(async () => {
    const held = (await pendingRequests.get(key))?.reservedNonce;
    if (held !== undefined) return held;
    const counter = await walletCounter(network, account);
    const floor = nodeUrl ? await nodeNonce(nodeUrl, address) : 0;
    const slot = nonceKey(network, account);
    // What was given back and is still unused: below the counter, and not yet taken by the node.
    const free = ((await givenBack.get(slot)) ?? []).filter((n) => n < counter && n >= floor).sort((a, b) => a - b);
    const nonce = free.length > 0 ? free[0]! : Math.max(counter, floor);
    await givenBack.set(
      slot,
      free.filter((n) => n !== nonce),
    );
    await pendingRequests.update(key, (p) => ({ ...p, reservedNonce: nonce }));
    await moveCounterPast(network, account, nonce);
    return nonce;
  });
}

async function moveCounterPast(network: NetworkName, account: number, nonce: number): Promise<void> {
  if (nonce >= (await walletCounter(network, account))) await setCounter(network, account, nonce + 1);
}

/** The wallet's counter moves past a nonce it signed with, never back. */
export const advancePast = (network: NetworkName, account: number, nonce: number): Promise<void> => inTurn(() => moveCounterPast(network, account, nonce));

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
    const counter = await walletCounter(network, account);
    if (nonce >= counter) return; // the counter was set below it since (setStacksNonce): nothing to give back
    let free = [...new Set([...((await givenBack.get(slot)) ?? []), nonce])].filter((n) => n < counter);
    // The counter comes back over every given-back nonce at its top.
    let next = counter;
    while (free.includes(next - 1)) {
      next--;
      free = free.filter((n) => n !== next);
    }
    await givenBack.set(slot, free);
    if (next !== counter) await setCounter(network, account, next);
  });
}
