// The test-control surface: a global of this worker, for Playwright's serviceWorker.evaluate.
// Web pages cannot reach a service worker's globals; nothing here is exposed to them.
import type { PendingView, WalletControl } from '../shared/control.ts';
import { defaultSettings } from '../wallets/settings.ts';
import { drop, testHooks, whenDecided, withdraw } from './request/settle.ts';
import { approve, reject } from './request/approvals.ts';
import { clearCalls, listCalls, usage } from './store/call-log.ts';
import { forgetSites } from './store/site-grants.ts';
import { forgetNonces, setStacksNonce, stacksNonce } from './request/nonces.ts';
import { forgetKeyCacheProblems, keyCacheProblems } from './store/key-cache.ts';
import { forgetStoredProblems, storedProblems } from './store/session-map.ts';
import { pauseWindows } from './window/queue.ts';
import { ensureWarmNow, warmReady } from './window/warm.ts';
import { pendingRequests, type PendingRequest } from './request/pending.ts';
import { currentSettings, forgetKeys, keyRing, restoreDefaults, settingsProblems, updateSettings } from './store/state.ts';
import { prederive, prederived } from './store/prederive.ts';

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

/** How a request was decided: approved (signed, being delivered, or delivered and logged), or otherwise. */
async function decidedAs(id: string): Promise<'approved' | 'rejected' | undefined> {
  const held = (await pendingRequests.values()).find((p) => p.id === id);
  const outcome = held ? (held.prepared !== undefined ? 'approved' : held.answer?.settled.outcome) : (await listCalls()).find((c) => c.id === id)?.outcome;
  if (outcome === 'approved') return 'approved';
  return outcome === 'rejected' || outcome === 'closed' ? 'rejected' : undefined;
}
const alreadyApproved = async (id: string): Promise<boolean> => (await decidedAs(id)) === 'approved';

/** A press that found the request taken: once the other decision is stored, it stands or this one fails, saying so. */
async function settledAs(id: string, key: string, wanted: 'approved' | 'rejected'): Promise<void> {
  await whenDecided(key, 30_000);
  const decided = await decidedAs(id);
  if (decided !== wanted)
    throw new Error(`request ${id} was already ${decided ?? 'being decided'}; ${wanted === 'approved' ? 'approving' : 'rejecting'} it did nothing`);
}

async function listPending(): Promise<PendingView[]> {
  const all = await waiting();
  return all.sort((a, b) => a.createdAt - b.createdAt).map(view);
}

const view = ({ id, origin, method, identity, params, target, tabId, frameId, windowId, createdAt }: PendingRequest): PendingView => ({
  ...(identity && { identity }),
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
    return [...(await settingsProblems()).problems, ...keyCacheProblems(), ...storedProblems()];
  },
  setSettings: updateSettings, // validates the whole patch before anything is written
  listPending,
  async testEnd() {
    const [pending, findings] = await Promise.all([listPending(), usage()]);
    return { pending, usage: findings };
  },
  async approve(id, options) {
    // The kit asks again when the worker stopped mid-call: a decision already taken stands.
    if (await alreadyApproved(id)) return;
    const { key } = await pendingById(id);
    if (!(await approve(key, options?.account))) await settledAs(id, key, 'approved');
  },
  async reject(id) {
    const { key } = await pendingById(id);
    if (!(await reject(key, 'rejected'))) await settledAs(id, key, 'rejected');
  },
  decided: whenDecided,
  calls: listCalls,
  clearCalls,
  usage,
  async reset(keep) {
    // Decided answers are delivered (delayed ones not yet due are withdrawn); waiting requests are withdrawn.
    const settings = await currentSettings();
    await pauseWindows(true);
    try {
      // A signed transaction not yet sent is sent once and answered: a decision is never undone.
      await Promise.all(
        (await pendingRequests.values()).map((p) => (p.answer ? withdraw(p.key, settings) : p.prepared ? approve(p.key) : reject(p.key, 'reset'))),
      );
      // Whatever is left (a request mid-decision) must not outlive the reset as a ghost.
      for (const p of await pendingRequests.values()) await drop(p.key);
    } finally {
      void pauseWindows(false);
    }
    // Grants and connections go before the defaults return: a reset is not an account change any site hears of.
    // The call log goes beside them (each is its own storage write, and on a busy browser each waits its turn).
    await Promise.all([forgetSites(), forgetNonces(), clearCalls()]);
    // Keys derived for another wallet (a test set a mnemonic) or a cache that failed its checks are
    // forgotten; the default wallet's stay cached: they are the same keys, and deriving them again
    // after every test would take the worker's CPU from the next test.
    const target = { ...defaultSettings(), ...(keep ?? {}) };
    const sameWallet = settings.mnemonic === target.mnemonic && settings.passphrase === target.passphrase && keyCacheProblems().length === 0;
    // Bad records found while clearing are gone with the rest.
    forgetStoredProblems();
    const [defaults] = await Promise.all([restoreDefaults(keep), sameWallet ? forgetKeyCacheProblems() : forgetKeys()]);
    // A window given back with its request is loaded again now (an untaken one stays as it is), and
    // keys just forgotten are derived again, both off the next test's path.
    await Promise.all([testHooks.holdDelivery(false), testHooks.holdSending(false), testHooks.holdWarmReload(false)]);
    void ensureWarmNow().catch(() => undefined);
    void prederive(keyRing, defaults);
  },
  async stacksNonce(options) {
    const settings = await currentSettings();
    return stacksNonce(options?.network ?? settings.network, options?.account ?? settings.activeAccount);
  },
  async setStacksNonce(nonce, options) {
    const settings = await currentSettings();
    await setStacksNonce(nonce, options?.network ?? settings.network, options?.account ?? settings.activeAccount);
  },
  warmReady,
  prederived,
};
