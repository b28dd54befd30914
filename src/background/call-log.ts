// Every call the wallet saw, with its outcome: what tests read to assert on app behaviour.
import type { CallLogEntry } from '../shared/control.ts';
import { SessionMap } from './session-map.ts';

type Stored = CallLogEntry & { seq: number };

const log = new SessionMap<Stored>('log:');
let seq = 0;

export function logCall(key: string, entry: CallLogEntry): Promise<void> {
  return log.set(key, { ...entry, seq: seq++ });
}

export async function logOutcome(key: string, outcome: Pick<CallLogEntry, 'outcome' | 'errorCode' | 'account'>): Promise<void> {
  const entry = await log.get(key);
  if (entry) await log.set(key, { ...entry, ...outcome, settledAt: Date.now() });
}

export async function listCalls(): Promise<CallLogEntry[]> {
  const entries = await log.values();
  entries.sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  return entries.map(({ seq: _seq, ...entry }) => entry);
}

export const clearCalls = (): Promise<void> => log.clear();
