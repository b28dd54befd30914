// On worker start: finish what a stopped worker left half done. Chrome delivers no event
// to a stopped worker, so a window or tab closed meanwhile is found here, not in a listener.
import browser from 'webextension-polyfill';
import { drop, resumeAnswered } from './settle.ts';
import { approve, reject } from './approvals.ts';
import { pendingRequests } from './pending.ts';
import { openPromptWindow } from '../window/prompt.ts';
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
  const prompts = pages.filter((c) => (c.documentUrl ?? '').startsWith(browser.runtime.getURL(PROMPT_PAGE)));
  const windowIds = new Set(windows.map((w) => w.id));
  const tabIds = new Set(tabs.map((t) => t.id));
  for (const request of left) {
    if (request.queued && tabIds.has(request.tabId)) continue; // waits its turn for a window (below)
    if (!tabIds.has(request.tabId)) {
      await drop(request.key); // its page went away while the worker was stopped
    } else if (request.windowId !== undefined) {
      if (!windowIds.has(request.windowId)) await reject(request.key, 'closed'); // closed while the worker was stopped
    } else {
      // Stopped between storing the request and learning its window: find the window, or open it.
      const open = prompts.find((t) => new URL(t.documentUrl!).searchParams.get('key') === request.key);
      const windowId = open ? open.windowId : await openPromptWindow(request, await currentSettings()).catch(() => undefined);
      if (windowId === undefined) await reject(request.key, 'closed');
      else await pendingRequests.update(request.key, (p) => ({ ...p, windowId }));
    }
  }
  await openQueued();
}
