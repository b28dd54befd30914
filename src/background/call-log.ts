// Every call the wallet saw, with its outcome: what tests read to assert on app behaviour.
import type { CallLogEntry } from '../shared/control.ts';
import { SessionMap } from './session-map.ts';

type Stored = CallLogEntry & { seq: number };

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

export function logCall(key: string, entry: CallLogEntry): Promise<void> {
  return logWork(log.set(key, { ...entry, seq: seq++ }));
}

export async function logOutcome(key: string, outcome: Pick<CallLogEntry, 'outcome' | 'errorCode' | 'account'>): Promise<void> {
  const entry = await log.get(key);
  if (entry) await log.set(key, { ...entry, ...outcome, settledAt: Date.now() });
}

export async function listCalls(): Promise<CallLogEntry[]> {
  await Promise.allSettled([...underWay]);
  const entries = await log.values();
  entries.sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  return entries.map(({ seq: _seq, ...entry }) => entry);
}

export const clearCalls = (): Promise<void> => log.clear();
