// Where the approval window opens: a real browser window, one per request.
import browser from 'webextension-polyfill';
import { findMethod } from '../core/request.ts';
import type { Settings } from '../core/settings.ts';
import type { PromptUrlParams } from '../shared/messages.ts';
import type { PendingRequest } from './pending.ts';
import { PROMPT_BOUNDS, PROMPT_PAGE } from '../shared/windows.ts';

export async function openPromptWindow(request: PendingRequest, settings: Settings): Promise<number | undefined> {
  const params: PromptUrlParams = {
    key: request.key,
    origin: request.origin,
    method: request.method,
    kind: findMethod(request.method).kind,
    network: request.target.network,
    account: String(request.target.account),
    accountCount: String(settings.accountCount),
  };
  const url = `${browser.runtime.getURL(PROMPT_PAGE)}?${new URLSearchParams({ ...params })}`;
  const window = await browser.windows.create({ url, type: 'popup', focused: true, ...PROMPT_BOUNDS });
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
