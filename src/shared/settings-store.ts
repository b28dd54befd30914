// Settings live in chrome.storage.local, so they survive browser restarts.
// Only the background writes (the settings page asks it to); the settings page reads.
import browser from 'webextension-polyfill';
import { DEFAULT_SETTINGS, applySettingsPatch, settingsFromStorage, type Settings } from '../core/settings.ts';

const KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get(KEY);
  return settingsFromStorage(stored[KEY]);
}

/** Throws SettingsError and saves nothing when any field is bad. */
export async function saveSettings(patch: unknown): Promise<Settings> {
  const next = applySettingsPatch(await loadSettings(), patch);
  await browser.storage.local.set({ [KEY]: next });
  return next;
}

export async function resetSettings(): Promise<Settings> {
  const defaults = { ...DEFAULT_SETTINGS, missingEntries: [] };
  await browser.storage.local.set({ [KEY]: defaults });
  return defaults;
}
