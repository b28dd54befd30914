// The test-control surface: a global of this worker, for Playwright's serviceWorker.evaluate.
// Web pages cannot reach a service worker's globals; nothing here is exposed to them.
import type { PendingView, WalletControl } from '../shared/control.ts';
import { drop, setHoldDelivery, setHoldSending, whenDecided, withdraw } from './answer.ts';
import { approve, reject } from './approvals.ts';
import { clearCalls, listCalls, usage } from './call-log.ts';
import { connections } from './connections.ts';
import { keyCacheProblems } from './key-cache.ts';
import { pauseWindows } from './window-queue.ts';
import { pendingRequests, type PendingRequest } from './pending.ts';
import { currentSettings, forgetKeys, restoreDefaults, settingsProblems, updateSettings } from './state.ts';

/** Requests still waiting for a decision (a decided one is only being delivered). */
const waiting = async (): Promise<PendingRequest[]> => (await pendingRequests.values()).filter((p) => !p.answer && !p.prepared);

async function pendingById(id: string): Promise<PendingRequest> {
  const all = await waiting();
  const found = all.find((p) => p.id === id);
  if (!found) {
    const ids = all.map((p) => p.id).join(', ') || 'none';
    throw new Error(`no pending request with id "${id}" (pending: ${ids})`);
  }
  return found;
}

/** Approved already: decided and being delivered, or delivered and logged. */
async function alreadyApproved(id: string): Promise<boolean> {
  const held = (await pendingRequests.values()).find((p) => p.id === id);
  if (held) return held.prepared !== undefined || held.answer?.settled.outcome === 'approved';
  return (await listCalls()).some((c) => c.id === id && c.outcome === 'approved');
}

const view = ({ id, origin, method, params, target, tabId, frameId, windowId, createdAt }: PendingRequest): PendingView => ({
  id,
  origin,
  method,
  ...(params !== undefined && { params }),
  account: target.account,
  accountSource: target.source,
  network: target.network,
  tabId,
  frameId,
  ...(windowId !== undefined && { windowId }),
  createdAt,
});

export const control: WalletControl = {
  getSettings: currentSettings,
  async settingsProblems() {
    return [...(await settingsProblems()).problems, ...keyCacheProblems()];
  },
  setSettings: updateSettings, // validates the whole patch before anything is written
  async listPending() {
    const all = await waiting();
    return all.sort((a, b) => a.createdAt - b.createdAt).map(view);
  },
  async approve(id, options) {
    // The kit asks again when the worker stopped mid-call: a decision already taken stands.
    if (await alreadyApproved(id)) return;
    await approve((await pendingById(id)).key, options?.account);
  },
  async reject(id) {
    await reject((await pendingById(id)).key, 'rejected');
  },
  decided: whenDecided,
  calls: listCalls,
  clearCalls,
  usage,
  async reset() {
    // Decided answers are delivered (delayed ones not yet due are withdrawn); waiting requests are withdrawn.
    const settings = await currentSettings();
    pauseWindows(true);
    try {
      // A signed transaction not yet sent is sent once and answered: a decision is never undone.
      await Promise.all((await pendingRequests.values()).map((p) => (p.answer ? withdraw(p.key, settings) : p.prepared ? approve(p.key) : reject(p.key, 'reset'))));
      // Whatever is left (a request mid-decision) must not outlive the reset as a ghost.
      for (const p of await pendingRequests.values()) await drop(p.key);
    } finally {
      pauseWindows(false);
    }
    await Promise.all([clearCalls(), restoreDefaults(), connections.clear(), forgetKeys()]);
    setHoldDelivery(false);
    setHoldSending(false);
  },
  async holdDelivery(hold) {
    setHoldDelivery(hold);
  },
  async holdSending(hold) {
    setHoldSending(hold);
  },
};
