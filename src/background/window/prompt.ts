// Where the approval window opens: a real browser window, one request's at a time (a warm one is
// given back to the pool when its request is done: warm.ts).
import browser from 'webextension-polyfill';
import { calledBy } from '../request/resolved.ts';
import type { Settings } from '../../core/settings.ts';
import type { PromptUrlParams } from '../../shared/messages.ts';
import type { PendingRequest } from '../request/pending.ts';
import { PROMPT_BOUNDS, PROMPT_PAGE } from '../../shared/windows.ts';
import { lend, takeWarm } from './warm.ts';

/** What the approval window is told of its request: its query string. */
export function promptQuery(request: PendingRequest, settings: Settings): string {
  const params: PromptUrlParams = {
    key: request.key,
    origin: request.origin,
    method: request.method,
    kind: calledBy(request).method.kind,
    network: request.target.network,
    account: String(request.target.account),
    accountCount: String(settings.accountCount),
  };
  return new URLSearchParams({ ...params }).toString();
}

/** The request's own window: the warm one when it is there (warm.ts), else a new one. */
export async function openPromptWindow(request: PendingRequest, settings: Settings): Promise<number | undefined> {
  const query = promptQuery(request, settings);
  const warm = await takeWarm(query, request.key, settings);
  if (warm !== undefined) return warm;
  const window = await browser.windows.create({ url: `${browser.runtime.getURL(PROMPT_PAGE)}?${query}`, type: 'popup', focused: true, ...PROMPT_BOUNDS });
  if (window.id !== undefined) lend(window.id, request.key);
  return window.id;
}

export async function closePromptWindow(windowId: number | undefined): Promise<void> {
  if (windowId === undefined) return;
  try {
    await browser.windows.remove(windowId);
  } catch {
    // Already closed by the person or the test: nothing left to do.
  }
}
