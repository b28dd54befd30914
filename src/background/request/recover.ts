// On worker start: finish what a stopped worker left half done. Chrome delivers no event
// to a stopped worker, so a window or tab closed meanwhile is found here, not in a listener.
import browser from 'webextension-polyfill';
import { drop, resumeAnswered } from './settle.ts';
import { approve, reject } from './approvals.ts';
import { pendingRequests } from './pending.ts';
import { closePromptWindow, openPromptWindow } from '../window/prompt.ts';
import { PROMPT_PAGE } from '../../shared/windows.ts';
import { currentSettings } from '../store/state.ts';
import { openQueued } from '../window/queue.ts';

/** Requests newer than this were stored by this worker; its own router is still opening their windows. */
const startedAt = Date.now();

export async function recover(): Promise<void> {
  await resumeAnswered();
  // Signed and stored but not sent: sent now (the same bytes), whatever became of its window.
  const all = await pendingRequests.values();
  await Promise.all(all.filter((p) => p.prepared && !p.answer).map((p) => approve(p.key)));
  const left = all.filter((p) => !p.answer && !p.prepared && p.createdAt < startedAt);
  if (left.length === 0) return;
  const [windows, tabs, pages] = await Promise.all([browser.windows.getAll(), browser.tabs.query({}), browser.runtime.getContexts({ contextTypes: ['TAB'] })]);
  const promptUrl = browser.runtime.getURL(PROMPT_PAGE);
  const prompts = pages.filter((c) => (c.documentUrl ?? '').startsWith(promptUrl));
  const windowIds = new Set(windows.map((w) => w.id));
  const tabIds = new Set(tabs.map((t) => t.id));
  // An approval window whose page died with the extension's process (a renderer killed under memory
  // pressure, an "Aw, Snap!", which takes this worker too): Chrome keeps the window open, empty.
  // A window still loading has no page yet either, and is left to load.
  const promptTabs = tabs.filter((t) => (t.url ?? '').startsWith(promptUrl));
  const dead = new Set(promptTabs.filter((t) => t.status !== 'loading' && !prompts.some((c) => c.windowId === t.windowId)).map((t) => t.windowId));
  /** The live window drawing this request, if one is (in Chromium a taken warm window's address names it too). */
  const showing = (key: string): number | undefined => prompts.find((c) => new URL(c.documentUrl!).searchParams.get('key') === key)?.windowId;
  for (const request of left) {
    if (!tabIds.has(request.tabId)) {
      await drop(request.key); // its page went away while the worker was stopped
      continue;
    }
    const own = request.windowId;
    if (own !== undefined && !windowIds.has(own)) {
      await reject(request.key, 'closed'); // closed while the worker was stopped
      continue;
    }
    if (own !== undefined && !dead.has(own)) continue; // its window still shows it
    const shown = showing(request.key);
    if (request.queued && shown === undefined) continue; // waits its turn for a window (below)
    // Stopped between storing the request and learning its window, or its window died: the live
    // window drawing it, else a new one. The request learns it before the dead one closes, so that
    // closing is no rejection.
    const windowId = shown ?? (await openPromptWindow(request, await currentSettings()).catch(() => undefined));
    if (windowId === undefined) {
      await reject(request.key, 'closed');
      continue;
    }
    await pendingRequests.update(request.key, ({ queued: _queued, ...p }) => ({ ...p, windowId }));
  }
  // Every dead approval window goes, now that no request holds one: a warm window taken as the
  // process died, and the dead warm pool's, would stay open empty.
  await Promise.all([...dead].map((id) => closePromptWindow(id)));
  await openQueued();
}
