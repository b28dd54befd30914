// The Stacks nonce counters live in chrome.storage.local beside the settings (they survive browser
// restarts, as a real wallet's do), under a key of their own: a signature writes them, never the settings.
import browser from 'webextension-polyfill';
import { readCounters, type NonceCounters } from '../core/nonce-counters.ts';

const KEY = 'stacksNonces';

/** The counters as stored; each malformed entry, dropped, is told to `report`. */
export async function loadCounters(report?: (problem: string) => void): Promise<NonceCounters> {
  return readCounters((await browser.storage.local.get(KEY))[KEY], report);
}

export async function storeCounters(counters: NonceCounters): Promise<void> {
  await (Object.keys(counters).length === 0 ? browser.storage.local.remove(KEY) : browser.storage.local.set({ [KEY]: counters }));
}
