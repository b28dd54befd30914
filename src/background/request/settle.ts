// Answers a request exactly once. The decision is stored on the pending entry before it is
// delivered, so a worker stopped at any point resumes: it delivers what was decided, or,
// when nothing was decided yet, the request is still waiting for its person.
import browser from 'webextension-polyfill';
import { RPC_ERROR, RpcError, rpcFailure, type RpcFailure, type RpcResponse } from '../../core/rpc.ts';
import type { Settings } from '../../core/settings.ts';
import type { ErrorScreen } from '../../core/methods/method.ts';
import { isPrepared, type Answer, type Prepared } from './decision.ts';
import { act } from './decide.ts';
import type { JsonValue } from '../../core/json.ts';
import type { RpcResponseMessage } from '../../shared/messages.ts';
import type { TestHooks } from '../../shared/control.ts';
import { logOutcome, logWork } from '../store/call-log.ts';
import { answerFor, pendingRequests, type PendingRequest, type StoredAnswer } from './pending.ts';
import { ownAnswer } from './own-answer.ts';
import { reportStoredProblem } from '../store/session-map.ts';
import { type CallNamed, calledBy, forgetResolved } from './resolved.ts';
import { deliveryDelayMs } from '../../core/wallet.ts';
import { currentSettings } from '../store/state.ts';
import { holdWarmReload, releaseWindow } from '../window/warm.ts';
import { releaseNonce } from './nonces.ts';

export type Settled = StoredAnswer['settled'];

/** The method's own words when the person rejects or closes (the real wallet's, for signing methods). */
export function rejection(request: CallNamed & { id: string; screen?: ErrorScreen }, settings: Settings, reason: 'rejected' | 'closed' | 'reset'): RpcFailure {
  // A window showing the wallet's error screen: its Close button answers what the wallet sends then.
  if (reason === 'rejected' && request.screen) return rpcFailure(request.id, request.screen.onClose.code, request.screen.onClose.message, { reason });
  const { wallet, method } = calledBy(request);
  const words = method.rejection;
  const message = reason === 'reset' ? 'The request was withdrawn: the wallet was reset.' : words[reason];
  // A wallet with its own code answers with it; the contract's provider with the setting's.
  return rpcFailure(request.id, wallet.rejectionCode ?? settings.rejectionCode, message, { reason });
}

/** A thrown error as the page gets it: an RpcError keeps its code, anything else is -32603. */
export function failed(id: string, error: unknown): Answer {
  const response = error instanceof RpcError ? error.toResponse(id) : rpcFailure(id, RPC_ERROR.INTERNAL_ERROR, `the wallet failed: ${String(error)}`);
  return { response, outcome: 'error' };
}

/** The error as the log keeps it: Xverse's generic 'Invalid parameters.' with the reason it carries in data.error. */
function errorText(error: { message: string; data?: unknown }): string {
  const why = typeof error.data === 'object' && error.data !== null ? (error.data as { error?: unknown }).error : undefined;
  return typeof why === 'string' ? `${error.message} (${why})` : error.message;
}

export function outcomeOf(answer: Answer): Settled {
  const { response } = answer;
  return {
    outcome: answer.outcome,
    ...('error' in response && { errorCode: response.error.code, errorMessage: errorText(response.error).slice(0, 300) }),
    ...('result' in response && { result: response.result as JsonValue }),
    ...(answer.account !== undefined && { account: answer.account }),
    ...(answer.accountSource !== undefined && { accountSource: answer.accountSource }),
    ...(answer.transaction !== undefined && { transaction: answer.transaction }),
  };
}

async function deliver(request: PendingRequest, response: RpcResponse): Promise<boolean> {
  const message: RpcResponseMessage = { type: 'rpc/response', response };
  const target = request.documentId ? { documentId: request.documentId } : { frameId: request.frameId };
  try {
    await browser.tabs.sendMessage(request.tabId, message, target);
    return true;
  } catch {
    return false; // the tab or frame is gone, or navigated away
  }
}

/**
 * What this worker holds in memory of the requests it is settling, in one place (the requests themselves
 * are in session storage: pending.ts). A stopped worker loses it, and loses nothing by it: each part is
 * only about work under way now.
 */
const now = {
  /** Keys being decided or finished: a second click or a window closed after approving finds the key claimed and does nothing. */
  deciding: new Set<string>(),
  finishing: new Set<string>(),
  /** Who waits for a request's decision: the kit, which returns from a click once it is taken. */
  decidedWaiters: new Map<string, Set<() => void>>(),
  /** Requests whose page has its answer, while their entry is being logged and removed: a kit asking now need not wait for that. */
  answered: new Set<string>(),
  /** Told when a request is gone, so a queued request can have its window (window/queue.ts). */
  freed: (): void => undefined,
  /** The project's own tests' hooks (TestHooks, src/shared/control.ts): never set by the kits. */
  hold: { delivery: false, sending: false },
};

export const onWindowFreed = (listener: () => void): void => void (now.freed = listener);

/**
 * Hooks for this project's durability tests, on their own global (never on the kits' control object):
 * holdDelivery decides and stores, then stops as if the worker died before delivering; holdSending signs
 * and stores the transaction, then stops as if it died before sending it; holdWarmReload leaves the windows
 * given back to the warm pool unloaded, as a worker that died right after giving one back does. A reset
 * turns all three off.
 */
export const testHooks: TestHooks = {
  async holdDelivery(hold) {
    now.hold.delivery = hold;
  },
  async holdSending(hold) {
    now.hold.sending = hold;
  },
  holdWarmReload,
};

export interface SettleOptions {
  /** false: the answer reaches the page at once, whatever the delay fault (a reset). */
  delayed?: boolean;
  /** An approval: it may finish a decision already stored (send its transaction); a rejection may not undo one. */
  approving?: boolean;
}

/**
 * Settles a waiting request with the answer `decide` gives. Returns false when it was
 * already decided (a second click, a window closed after approving) or is gone.
 */
export function settle(key: string, decide: (request: PendingRequest) => Promise<Answer | Prepared>, options: SettleOptions = {}): Promise<boolean> {
  return logWork(settleNow(key, decide, options.delayed ?? true, options.approving ?? false));
}

/** The slow-wallet fault: connect answers wait responseDelayMs before they reach the page. */
async function deliverAtFor(request: PendingRequest, delayed: boolean): Promise<number | undefined> {
  const delay = delayed ? deliveryDelayMs(calledBy(request).method, await currentSettings()) : 0;
  return delay > 0 ? Date.now() + delay : undefined;
}

const isDue = (answer: StoredAnswer): boolean => answer.deliverAt === undefined || answer.deliverAt <= Date.now();

/**
 * Delivers now, or when a delayed answer falls due. A timer lost with a stopped worker is
 * made good by the relay, which asks every second (answerForRetry delivers once due).
 */
async function deliverWhenDue(key: string, deliverAt: number | undefined): Promise<void> {
  const wait = deliverAt === undefined ? 0 : deliverAt - Date.now();
  if (wait <= 0) await finish(key);
  else setTimeout(() => void finish(key), wait);
}

async function settleNow(key: string, decide: (request: PendingRequest) => Promise<Answer | Prepared>, delayed: boolean, approving: boolean): Promise<boolean> {
  if (now.deciding.has(key)) return false;
  const request = await pendingRequests.get(key);
  if (!request || request.answer) return false;
  // Signed and stored: only its sending is left, and no rejection or close can undo it.
  if (request.prepared && !approving) return false;
  now.deciding.add(key);
  let deliverAt: number | undefined;
  try {
    let prepared = request.prepared;
    let answer: Answer | undefined;
    if (!prepared) {
      let decision: Answer | Prepared;
      try {
        decision = await decide(request);
      } catch (error) {
        decision = failed(request.id, error);
      }
      if (isPrepared(decision)) prepared = decision;
      else answer = decision;
    }
    if (prepared && !request.prepared) {
      // The decision and its transaction are stored before anything leaves the worker.
      const current = await pendingRequests.get(key);
      if (!current) return false;
      await pendingRequests.set(key, { ...current, prepared });
      if (now.hold.sending) {
        announceDecided(key);
        return true;
      }
    }
    if (prepared) {
      try {
        answer = await act(prepared, request.prepared !== undefined);
      } catch (error) {
        answer = failed(request.id, error);
      }
    }
    const current = await pendingRequests.get(key);
    if (!current) return false; // its tab went away while deciding
    deliverAt = await deliverAtFor(current, delayed);
    await pendingRequests.set(key, {
      ...current,
      answer: { for: answerFor(current), response: answer!.response, settled: outcomeOf(answer!), ...(deliverAt !== undefined && { deliverAt }) },
    });
  } finally {
    now.deciding.delete(key);
  }
  // An answer due now is announced once it has reached the page's frame (complete()), so a kit
  // that returns from a click finds the page answered; a delayed or held one is announced now.
  if (deliverAt !== undefined || now.hold.delivery) announceDecided(key);
  if (!now.hold.delivery) await deliverWhenDue(key, deliverAt);
  return true;
}

function announceDecided(key: string): void {
  for (const waiter of now.decidedWaiters.get(key) ?? []) waiter();
  now.decidedWaiters.delete(key);
}

/**
 * Resolves true once the request under `key` has its answer in the page's frame (a transaction
 * sent and answered), its answer held back (the delay fault, a test hook), or is gone; when `timeoutMs` passes first, 'signing' while the wallet is
 * still working on it, else false.
 */
export function whenDecided(key: string, timeoutMs: number): Promise<boolean | 'signing'> {
  return new Promise((resolve) => {
    const waiters = now.decidedWaiters.get(key) ?? new Set<() => void>();
    now.decidedWaiters.set(key, waiters);
    const done = (decided: boolean | 'signing'): void => {
      clearTimeout(timer);
      waiters.delete(waiter);
      if (waiters.size === 0 && now.decidedWaiters.get(key) === waiters) now.decidedWaiters.delete(key);
      resolve(decided);
    };
    const waiter = (): void => done(true);
    // Still signing this request (a large PSBT) when the time is up: 'signing', and the kit asks
    // again, so it waits for the decision rather than a fixed time.
    const timer = setTimeout(() => done(now.deciding.has(key) ? 'signing' : false), timeoutMs);
    // Listening first, then looking: a decision stored in between is not missed.
    waiters.add(waiter);
    if (now.answered.has(key)) return done(true);
    pendingRequests.get(key).then(
      (request) => (!request || (request.answer ? !isDue(request.answer) || now.hold.delivery : request.prepared && now.hold.sending)) && done(true),
      () => undefined,
    );
  });
}

/** Reset: a delayed answer not yet due is withdrawn (the page gets the reset rejection now); a due one is delivered. */
export async function withdraw(key: string, settings: Settings): Promise<void> {
  const request = await pendingRequests.get(key);
  if (!request?.answer) return;
  if (!isDue(request.answer)) {
    const response = rejection(request, settings, 'reset');
    await pendingRequests.set(key, { ...request, answer: { for: answerFor(request), response, settled: outcomeOf({ response, outcome: 'rejected' }) } });
  }
  await finish(key);
}

/**
 * Delivers a decided answer to its frame, logs the outcome, closes the window, forgets the request;
 * resolves once the window is closed too. Readers of the call log wait for the log's part only:
 * Chrome closing the window is not theirs to wait for (the kit's end-of-test checks read the log).
 */
export async function finish(key: string): Promise<void> {
  const closing: Promise<void>[] = [];
  await logWork(complete(key, true, closing));
  await Promise.all(closing);
}

/**
 * The decided answer for the relay that asks again (after a stopped worker), handed back
 * as its reply; the rest of finishing happens here.
 */
export async function answerForRetry(key: string): Promise<RpcResponse | undefined> {
  const request = await pendingRequests.get(key);
  if (!request?.answer || !isDue(request.answer)) return undefined;
  void logWork(complete(key, false, []));
  return ownAnswer(request, request.answer, reportStoredProblem).response;
}

async function complete(key: string, send: boolean, closing: Promise<void>[]): Promise<void> {
  if (now.finishing.has(key)) return;
  const request = await pendingRequests.get(key);
  if (!request?.answer || !isDue(request.answer)) return;
  now.finishing.add(key);
  try {
    const { response, forged } = ownAnswer(request, request.answer, reportStoredProblem);
    const settled: StoredAnswer['settled'] = forged
      ? { outcome: 'error', errorCode: RPC_ERROR.INTERNAL_ERROR, errorMessage: 'the stored answer was not made for this request' }
      : request.answer.settled;
    // Given back before the page hears: an app that sends its next transaction on a rejection gets this nonce.
    await releaseNonce(request);
    const delivered = send ? await deliver(request, response) : true;
    now.answered.add(key);
    announceDecided(key);
    // The outcome is written before the entry goes: the log never keeps a 'pending' whose request is
    // gone. The window goes back to the pool (or closes) meanwhile: the person (and the kit waiting for it) is done.
    closing.push(releaseWindow(request.windowId, key).catch(() => undefined));
    await logOutcome(key, delivered ? settled : { ...settled, outcome: 'dropped' });
    await pendingRequests.delete([key]);
    forgetResolved(key);
  } finally {
    now.finishing.delete(key);
    now.answered.delete(key);
  }
  announceDecided(key);
  now.freed();
}

/** On worker start: deliver every answer a stopped worker decided but did not deliver. */
export async function resumeAnswered(): Promise<void> {
  for (const request of await pendingRequests.values()) if (request.answer) await deliverWhenDue(request.key, request.answer.deliverAt);
}

/** Forgets a request whose page is gone; its window closes, nothing is sent. */
export function drop(key: string): Promise<void> {
  return logWork(
    (async () => {
      const request = await pendingRequests.get(key);
      if (!request) return;
      await logOutcome(key, { ...(request.answer?.settled ?? {}), outcome: 'dropped' });
      await releaseWindow(request.windowId, key);
      await releaseNonce(request);
      await pendingRequests.delete([key]);
      forgetResolved(key);
      announceDecided(key);
      now.freed();
    })(),
  );
}
