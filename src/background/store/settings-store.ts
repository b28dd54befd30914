// Settings live in chrome.storage.local, so they survive browser restarts.
// Only the worker reads and writes them (the settings page asks it to).
import browser from 'webextension-polyfill';
import { SETTINGS_KEY as KEY } from '../../shared/active-account.ts';
import type { Settings, StoredSettingsReport } from '../../core/settings.ts';
import { readStoredSettings } from '../../wallets/settings.ts';

/** The settings, and what was wrong with the stored ones (never silent: see StoredSettingsReport). */
export async function loadSettingsReport(): Promise<StoredSettingsReport> {
  const stored = await browser.storage.local.get(KEY);
  return readStoredSettings(stored[KEY]);
}

export async function storeSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: settings });
}
