// Settings live in chrome.storage.local, so they survive browser restarts.
// Only the background writes (the settings page asks it to); the settings page reads.
import browser from 'webextension-polyfill';
import { SETTINGS_KEY as KEY } from './active-account.ts';
import { readStoredSettings, type Settings, type StoredSettingsReport } from '../core/settings.ts';

/** The settings, and what was wrong with the stored ones (never silent: see StoredSettingsReport). */
export async function loadSettingsReport(): Promise<StoredSettingsReport> {
  const stored = await browser.storage.local.get(KEY);
  return readStoredSettings(stored[KEY]);
}

export async function storeSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: settings });
}
