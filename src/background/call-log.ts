// Every call the wallet saw, with its outcome: what tests read to assert on app behaviour.
import type { JsonValue } from '../core/json.ts';
import type { CallLogEntry } from '../shared/control.ts';
import { SessionMap } from './session-map.ts';

type Stored = CallLogEntry & { seq: number; key: string };

const log = new SessionMap<Stored>('log:');
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

/** The log keeps the newest entries; session storage has a quota (10 MB) to stay inside. */
export const MAX_LOGGED_CALLS = 5000;
const PRUNE_BATCH = 500;

/** Params and results larger than this are logged as { truncated, size }: the quota is shared. */
export const MAX_LOGGED_VALUE = 32 * 1024;

function bounded(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined) return undefined;
  const size = JSON.stringify(value).length;
  return size > MAX_LOGGED_VALUE ? { truncated: true, size } : value;
}

/** A log write that fails (quota, shutdown) must never fail the call it describes. */
async function write(key: string, entry: Stored): Promise<void> {
  try {
    const params = bounded(entry.params);
    const result = bounded(entry.result);
    await log.set(key, { ...entry, ...(params !== undefined && { params }), ...(result !== undefined && { result }) });
    if ((await log.size()) > MAX_LOGGED_CALLS + PRUNE_BATCH) await prune();
  } catch (error) {
    console.warn('mock wallet: could not write the call log', error);
  }
}

async function prune(): Promise<void> {
  const entries = [...(await log.values())].sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  const oldest = entries.slice(0, entries.length - MAX_LOGGED_CALLS);
  await log.delete(oldest.map((e) => e.key));
}

export function logCall(key: string, entry: CallLogEntry): Promise<void> {
  return logWork(write(key, { ...entry, seq: seq++, key }));
}

export async function logOutcome(key: string, outcome: Partial<CallLogEntry> & Pick<CallLogEntry, 'outcome'>): Promise<void> {
  const entry = await log.get(key);
  if (entry) await write(key, { ...entry, ...outcome, settledAt: Date.now() });
}

export async function listCalls(): Promise<CallLogEntry[]> {
  await Promise.allSettled([...underWay]);
  const entries = await log.values();
  entries.sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  return entries.map(({ seq: _seq, key: _key, ...entry }) => entry);
}

export const clearCalls = (): Promise<void> => log.clear();
