// Requests waiting for a person, kept in session storage so a restarted worker still answers them.
import type { JsonValue } from '../core/json.ts';
import type { Target } from '../core/methods/method.ts';
import { RPC_ERROR, RpcError, type RpcResponse } from '../core/rpc.ts';
import type { CallLogEntry } from '../shared/control.ts';
import { SessionMap } from './session-map.ts';

export interface PendingRequest {
  /** tab:frame:id, unique per calling frame. */
  key: string;
  id: string;
  origin: string;
  url: string;
  tabId: number;
  frameId: number;
  documentId?: string;
  method: string;
  /** As the page sent them; parsed again when answered (parsing is pure). */
  params?: JsonValue;
  /** The account and network the request acts for, fixed when it arrived. */
  target: Target;
  /** The account this origin last connected with, when the request arrived. */
  connectedAccount?: number;
  createdAt: number;
  windowId?: number;
  /** The decision, stored before it is delivered: a restarted worker delivers it, never decides again. */
  answer?: StoredAnswer;
}

export interface StoredAnswer {
  response: RpcResponse;
  /** What the call log records once it is delivered. */
  settled: Pick<CallLogEntry, 'outcome' | 'errorCode' | 'account' | 'accountSource' | 'result' | 'transaction'>;
  /** The responseDelayMs fault: not delivered before this (epoch ms). */
  deliverAt?: number;
}

const isPending = (value: unknown): boolean => {
  const v = value as Partial<PendingRequest> | null;
  return typeof v === 'object' && v !== null && typeof v.key === 'string' && typeof v.id === 'string' && typeof v.tabId === 'number' && typeof v.method === 'string' && typeof v.target === 'object' && v.target !== null;
};

export const pendingRequests = new SessionMap<PendingRequest>('pending:', isPending);

export const pendingKey = (tabId: number, frameId: number, id: string): string => `${tabId}:${frameId}:${id}`;

/** One origin may keep this many requests waiting; more are refused, so it cannot starve others. */
export const MAX_PENDING_PER_ORIGIN = 25;
/** Characters of params all waiting requests of one origin may hold, and all origins together. */
export const MAX_PENDING_CHARS_PER_ORIGIN = 1_500_000;
export const MAX_PENDING_CHARS = 3_500_000;

const sizeOf = (p: PendingRequest): number => (p.params === undefined ? 0 : JSON.stringify(p.params).length);

/** Why a new waiting request of `size` characters from `origin` does not fit, or undefined when it does. */
async function pendingRoom(origin: string, size: number): Promise<string | undefined> {
  const all = await pendingRequests.values();
  const mine = all.filter((p) => p.origin === origin);
  if (mine.length >= MAX_PENDING_PER_ORIGIN) return `too many pending requests: ${origin} already has ${mine.length} waiting for approval (limit ${MAX_PENDING_PER_ORIGIN}); answer or close them first`;
  if (mine.reduce((n, p) => n + sizeOf(p), size) > MAX_PENDING_CHARS_PER_ORIGIN) return `too many pending requests: ${origin}'s waiting requests would hold more than ${MAX_PENDING_CHARS_PER_ORIGIN} characters`;
  if (all.reduce((n, p) => n + sizeOf(p), size) > MAX_PENDING_CHARS) return 'too many pending requests: the wallet holds as many as it can; answer or close some first';
  return undefined;
}

let admitting: Promise<unknown> = Promise.resolve();

/**
 * Stores a new waiting request if it fits, else throws -32603 saying why. One at a time:
 * requests arriving together would otherwise all see the same free room.
 */
export function admit(request: PendingRequest): Promise<void> {
  const run = admitting.then(async () => {
    const full = await pendingRoom(request.origin, sizeOf(request));
    if (full) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, full);
    await pendingRequests.set(request.key, request);
  });
  admitting = run.catch(() => undefined);
  return run;
}
