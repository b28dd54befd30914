// Requests waiting for a person, kept in session storage so a restarted worker still answers them.
import type { JsonValue } from '../../core/json.ts';
import type { ErrorScreen, Target } from '../../core/methods/method.ts';
import type { IdentityName } from '../../core/choices.ts';
import { RPC_ERROR, RpcError, type RpcResponse } from '../../core/rpc.ts';
import type { CallLogEntry } from '../../shared/control.ts';
import type { Prepared } from './decision.ts';
import { SessionMap } from '../store/session-map.ts';
import { MAX_ACCOUNT } from '../../core/account-path.ts';
import { isNetworkName } from '../../core/networks.ts';
import { isCaller } from '../../wallets/index.ts';
import { serial } from '../../shared/serial.ts';

export interface PendingRequest {
  /** tab:frame:id, unique per calling frame. */
  key: string;
  id: string;
  /** As shown to the person and logged. */
  origin: string;
  /** What its grant and connection are kept under (shared/site.ts). */
  site: string;
  url: string;
  tabId: number;
  frameId: number;
  documentId?: string;
  method: string;
  /** The wallet the page called (its dialect); absent: the contract's provider. */
  identity?: IdentityName;
  /** As the page sent them; parsed again when answered (parsing is pure). */
  params?: JsonValue;
  /** The account and network the request acts for, fixed when it arrived. */
  target: Target;
  /** The account this origin last connected with, when the request arrived. */
  connectedAccount?: number;
  /** A signing request: the wallet's master fingerprint when it arrived (its window shows that wallet's keys). */
  fingerprint?: string;
  createdAt: number;
  windowId?: number;
  /** Waiting for a window: maxOpenWindows are open; it opens, in turn, when one closes. */
  queued?: true;
  /** The real wallet's error screen, found when it arrived: its window shows it, and Close answers its onClose. */
  screen?: ErrorScreen;
  /** A Stacks nonce reserved for this request when it was approved: deciding again signs with it. */
  reservedNonce?: number;
  /** What it read of the Bitcoin chain, by URL (chain-reads.ts): read once, so the window and the approval agree. */
  chainReads?: Record<string, string>;
  /** Approved, signed, not yet sent: a restarted worker or a second press sends these same bytes, never signs again. */
  prepared?: Prepared;
  /** The decision, stored before it is delivered: a restarted worker delivers it, never decides again. */
  answer?: StoredAnswer;
}

/** Whom an answer was decided for: the request's id, origin and frame, stamped when it is stored. */
export interface AnswerFor {
  id: string;
  origin: string;
  tabId: number;
  frameId: number;
  documentId?: string;
}

export { answerFor } from './own-answer.ts';

export interface StoredAnswer {
  /** Delivered only to this request (own-answer.ts, on every path settle.ts delivers by). */
  for: AnswerFor;
  response: RpcResponse;
  /** What the call log records once it is delivered. */
  settled: Pick<CallLogEntry, 'outcome' | 'errorCode' | 'errorMessage' | 'account' | 'accountSource' | 'result' | 'transaction'>;
  /** The responseDelayMs fault: not delivered before this (epoch ms). */
  deliverAt?: number;
}

/** What deciding and delivering a stored request rely on: a request that fails it is never acted on. */
const isPending = (value: unknown): boolean => {
  const v = value as Partial<PendingRequest> | null;
  const target = v?.target as Partial<Target> | undefined;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    typeof v.id === 'string' &&
    typeof v.origin === 'string' &&
    typeof v.site === 'string' &&
    Number.isInteger(v.tabId) &&
    Number.isInteger(v.frameId) &&
    typeof v.method === 'string' &&
    typeof v.createdAt === 'number' &&
    isCaller(v.identity) &&
    typeof target === 'object' &&
    target !== null &&
    Number.isInteger(target.account) &&
    (target.account as number) >= 0 &&
    (target.account as number) <= MAX_ACCOUNT &&
    isNetworkName(target.network) &&
    typeof target.source === 'string'
  );
};

export const pendingRequests = new SessionMap<PendingRequest>(
  'pending:',
  isPending,
  false,
  'a pending request (id, origin, site, tab, frame, method, and the account and network it acts for)',
);

export const pendingKey = (tabId: number, frameId: number, id: string): string => `${tabId}:${frameId}:${id}`;

/** One origin may keep this many requests waiting; more are refused, so it cannot starve others. */
export const MAX_PENDING_PER_ORIGIN = 25;
/**
 * Chrome's bytes (storage.session's own count) that all waiting requests of one origin may hold,
 * and all origins together: with the call log's budget, a reserve for decisions stays free.
 */
export const MAX_PENDING_BYTES_PER_ORIGIN = 1536 * 1024;
export const MAX_PENDING_BYTES = 3 * 1024 * 1024;

// Chrome's size of each stored request, measured once per worker life.
const measured = new Map<string, number>();
async function bytesOf(p: PendingRequest): Promise<number> {
  let bytes = measured.get(p.key);
  if (bytes === undefined) measured.set(p.key, (bytes = await pendingRequests.bytes(p.key)));
  return bytes;
}

/** Why waiting requests from `origin` do not fit (with `extra` bytes more), or undefined when they do. */
async function pendingRoom(origin: string, extra: number, except?: string): Promise<string | undefined> {
  const stored = await pendingRequests.values();
  const present = new Set(stored.map((p) => p.key));
  for (const key of measured.keys()) if (!present.has(key)) measured.delete(key); // answered and gone
  const all = stored.filter((p) => p.key !== except);
  const mine = all.filter((p) => p.origin === origin);
  if (mine.length >= MAX_PENDING_PER_ORIGIN)
    return `too many pending requests: ${origin} already has ${mine.length} waiting for approval (limit ${MAX_PENDING_PER_ORIGIN}); answer or close them first`;
  const sizes = new Map(await Promise.all(all.map(async (p) => [p.key, await bytesOf(p)] as const)));
  const sum = (list: PendingRequest[]): number => list.reduce((n, p) => n + sizes.get(p.key)!, extra);
  if (sum(mine) > MAX_PENDING_BYTES_PER_ORIGIN)
    return `too many pending requests: ${origin}'s waiting requests would hold more than ${MAX_PENDING_BYTES_PER_ORIGIN} bytes of the wallet's storage`;
  if (sum(all) > MAX_PENDING_BYTES) return 'too many pending requests: the wallet holds as many as it can; answer or close some first';
  return undefined;
}

const admitting = serial();

/**
 * Stores a new waiting request if it fits, else throws -32603 saying why. One at a time:
 * requests arriving together would otherwise all see the same free room. Its size is Chrome's,
 * measured once stored: one that does not fit after all is taken out again.
 */
export function admit(request: PendingRequest): Promise<void> {
  return admitting(async () => {
    const estimate = request.params === undefined ? 0 : new TextEncoder().encode(JSON.stringify(request.params)).length;
    const full = await pendingRoom(request.origin, estimate);
    if (full) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, full);
    await pendingRequests.set(request.key, request);
    const after = await pendingRoom(request.origin, await bytesOf(request), request.key);
    if (after) {
      await pendingRequests.delete([request.key]);
      throw new RpcError(RPC_ERROR.INTERNAL_ERROR, after);
    }
  });
}

/** A request whose window is open: it has one and is still waiting for its person. */
export const holdsWindow = (p: PendingRequest): boolean => p.windowId !== undefined && !p.answer && !p.prepared;
