// Every call the wallet saw, with its outcome: what tests read to assert on app behaviour.
import type { JsonValue } from '../../core/json.ts';
import type { CallLogEntry } from '../../shared/control.ts';
import { usageFindings, type UsageFinding } from '../../core/usage.ts';
import { walletFor } from '../../wallets/index.ts';
import { pendingRequests } from '../request/pending.ts';
import { SessionMap, onQuota, sessionBytes } from './session-map.ts';

type Stored = CallLogEntry & { seq: number; key: string };

/** What the log's readers (the kit's calls(), the usage rules) rely on of an entry. */
const isEntry = (value: unknown): boolean => {
  const v = value as Partial<Stored> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    typeof v.id === 'string' &&
    typeof v.origin === 'string' &&
    typeof v.method === 'string' &&
    typeof v.outcome === 'string' &&
    typeof v.startedAt === 'number' &&
    typeof v.seq === 'number'
  );
};
const log = new SessionMap<Stored>('log:', isEntry, true, 'a call-log entry (key, id, origin, method, outcome, startedAt, seq)');
let seq = 0;

// A page may have its answer a moment before its outcome is written down; reading the
// log waits for whatever is under way, so a test that saw the answer sees the outcome.
const underWay = new Set<Promise<unknown>>();

/** Marks work that will write to the log; listCalls waits for it. */
export function logWork<T>(work: Promise<T>): Promise<T> {
  underWay.add(work);
  void work.finally(() => underWay.delete(work)).catch(() => undefined);
  return work;
}

/** The log keeps the newest entries; session storage has a quota (10 MiB) to stay inside. */
export const MAX_LOGGED_CALLS = 5000;
const PRUNE_BATCH = 500;

/** Params and results larger than this are logged as { truncated, size }: the quota is shared. */
export const MAX_LOGGED_VALUE = 32 * 1024;

const encoder = new TextEncoder();

/** Measured in UTF-8 bytes, as storage counts them: 32 K wide characters are 96 KB. */
function bounded(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined) return undefined;
  const size = encoder.encode(JSON.stringify(value)).length;
  return size > MAX_LOGGED_VALUE ? { truncated: true, size } : value;
}

/** Past this much of storage.session in all (whatever holds it), the log gives room first. */
const SESSION_SOFT_LIMIT = 7 * 1024 * 1024;
let writesSinceCheck = 0;

/**
 * The log's share of storage.session, in Chrome's own bytes (its 10 MiB quota counts UTF-8 bytes
 * plus a per-value overhead, so entries are stored as one JSON string each). Past it the oldest
 * entries go, those of the origin holding most of it first: a flooding origin loses its own history
 * before any other origin's is touched.
 * With the waiting requests' own budget (pending.ts) this leaves a reserve that a decision, a
 * rejection and a reset always fit in.
 */
export const LOG_BUDGET_BYTES = 5 * 1024 * 1024;

// Chrome's size of each stored entry, so the budget is kept without measuring the whole log per write.
let sizes: Map<string, { origin: string; bytes: number }> | undefined;
let total = 0;

async function sizeTable(): Promise<Map<string, { origin: string; bytes: number }>> {
  if (!sizes) {
    const table = new Map<string, { origin: string; bytes: number }>();
    const entries = await log.values();
    // Entries a previous worker wrote: Chrome's total for them, shared out by JSON length.
    const chars = entries.map((entry) => JSON.stringify(entry).length);
    const allChars = chars.reduce((a, b) => a + b, 0);
    const measured = entries.length > 0 ? await sessionBytes(entries.map((e) => `log:${e.key}`)) : 0;
    total = 0;
    entries.forEach((entry, i) => {
      const bytes = allChars > 0 ? Math.ceil((measured * chars[i]!) / allChars) : 0;
      table.set(entry.key, { origin: entry.origin, bytes });
      total += bytes;
    });
    sizes = table;
  }
  return sizes;
}

/** A log write that fails (quota, shutdown) must never fail the call it describes. */
async function write(key: string, entry: Stored): Promise<void> {
  try {
    const params = bounded(entry.params);
    const result = bounded(entry.result);
    const stored = { ...entry, ...(params !== undefined && { params }), ...(result !== undefined && { result }) };
    const table = await sizeTable();
    await log.set(key, stored);
    const bytes = await log.bytes(key);
    total += bytes - (table.get(key)?.bytes ?? 0);
    table.set(key, { origin: entry.origin, bytes });
    if (table.size > MAX_LOGGED_CALLS + PRUNE_BATCH || total > LOG_BUDGET_BYTES) await prune();
    // Now and then, and after a large entry, Chrome's own total is read: whatever the sums say,
    // the log shrinks while storage.session is past its soft limit.
    if (++writesSinceCheck >= 25 || bytes > 16 * 1024) {
      writesSinceCheck = 0;
      if ((await sessionBytes()) > SESSION_SOFT_LIMIT) await freeRoom();
    }
  } catch (error) {
    console.warn('mock wallet: could not write the call log', error);
  }
}

/** Entries in the order they go: the origin holding most of the log first, oldest first; then everyone's. */
function heaviestFirst(entries: Stored[], table: Map<string, { origin: string; bytes: number }>): Stored[] {
  const byOrigin = new Map<string, number>();
  for (const { origin, bytes } of table.values()) byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + bytes);
  const heaviest = [...byOrigin.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return [...entries.filter((e) => e.origin === heaviest), ...entries.filter((e) => e.origin !== heaviest)];
}

/**
 * Drops the oldest entries down to the count limit and 80 % of the budget, those of the origin that
 * holds most of the log first. An entry still pending stays (its outcome is still to come).
 */
async function prune(): Promise<void> {
  const table = await sizeTable();
  const waiting = new Set((await pendingRequests.values()).map((p) => p.key));
  const entries = [...(await log.values())].filter((e) => !waiting.has(e.key)).sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  const order = heaviestFirst(entries, table);
  const gone: string[] = [];
  let left = table.size;
  for (const entry of order) {
    if (left <= MAX_LOGGED_CALLS && total <= LOG_BUDGET_BYTES * 0.8) break;
    gone.push(entry.key);
    total -= table.get(entry.key)?.bytes ?? 0;
    table.delete(entry.key);
    left--;
  }
  await log.delete(gone);
}

/** When storage.session is full (or past its soft limit): half the log goes, the heaviest origin's first. */
async function freeRoom(): Promise<void> {
  const table = await sizeTable();
  const waiting = new Set((await pendingRequests.values()).map((p) => p.key));
  const entries = [...(await log.values())].filter((e) => !waiting.has(e.key)).sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  const gone = heaviestFirst(entries, table)
    .slice(0, Math.ceil(entries.length / 2))
    .map((e) => e.key);
  for (const key of gone) {
    total -= table.get(key)?.bytes ?? 0;
    table.delete(key);
  }
  await log.delete(gone);
}
onQuota(freeRoom);

export function logCall(key: string, entry: CallLogEntry): Promise<void> {
  return logWork(write(key, { ...entry, seq: seq++, key }));
}

export async function logOutcome(key: string, outcome: Partial<CallLogEntry> & Pick<CallLogEntry, 'outcome'>): Promise<void> {
  const entry = await log.get(key);
  if (entry) await write(key, { ...entry, ...outcome, settledAt: Date.now() });
}

export async function listCalls(): Promise<CallLogEntry[]> {
  await Promise.allSettled([...underWay]);
  return readCalls();
}

/** The log as it stands, without waiting for work under way (which a stopped worker may have left hanging). */
async function readCalls(): Promise<CallLogEntry[]> {
  const entries = await log.values();
  entries.sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  // A request is logged, then stored (readers wait for both), and its outcome is logged before it
  // goes, so a 'pending' entry without its request is one a storage failure, or a worker that died
  // between the two, cut short: say so.
  const waiting = new Set((await pendingRequests.values()).map((p) => p.key));
  return entries.map(({ seq: _seq, key, ...entry }) => (entry.outcome === 'pending' && !waiting.has(key) ? { ...entry, outcome: 'dropped' } : entry));
}

export async function clearCalls(): Promise<void> {
  // An outcome being written (a request dropped as its tab closed) lands before the clear, not after it.
  await Promise.allSettled([...underWay]);
  await log.clear();
  sizes = new Map();
  total = 0;
}

/** Each wallet's calls are read against its own rules. */
const rulesOf = (identity: CallLogEntry['identity']) => walletFor(identity).usageRules;

/** The usage findings of the calls logged since the last reset. */
export async function usage(): Promise<UsageFinding[]> {
  return usageFindings(await listCalls(), rulesOf);
}

/**
 * The findings that involve one request (its JSON-RPC id), for its approval window: read from
 * the log as it stands (the request was logged before its window opened), never waiting on
 * other work, and never in the way of the window's details.
 */
export async function findingsFor(id: string, origin: string): Promise<UsageFinding[]> {
  try {
    // Every rule is per origin: the other origins' calls cannot add a finding for this one.
    const calls = (await readCalls()).filter((c) => c.origin === origin);
    return usageFindings(calls, rulesOf).filter((f) => f.callIds.includes(id));
  } catch {
    return [];
  }
}
