// Settings live in chrome.storage.local, so they survive browser restarts.
// Only the background writes (the settings page asks it to); the settings page reads.
import browser from 'webextension-polyfill';
import { settingsFromStorage, type Settings } from '../core/settings.ts';

const KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get(KEY);
  return settingsFromStorage(stored[KEY]);
}

export async function storeSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: settings });
}
