// The worker's view of the settings, and the one key ring every answer derives from.
import { KeyRing } from '../core/keyring.ts';
import type { AccountKeys } from '../core/keys.ts';
import type { Settings, SettingsPatch } from '../core/settings.ts';
import { SessionMap } from './session-map.ts';
import { loadSettings, resetSettings, saveSettings } from '../shared/settings-store.ts';

/** Public keys survive a worker restart in session storage: the next first call does not derive. */
export const keyRing = new KeyRing(new SessionMap<AccountKeys>('keys:'));

// This worker is the only writer of the settings (the settings page and the tests ask it),
// so the copy it holds is the stored one.
let settings: Promise<Settings> | undefined;

export function currentSettings(): Promise<Settings> {
  settings ??= loadSettings();
  return settings;
}

export async function updateSettings(patch: SettingsPatch): Promise<Settings> {
  const next = await saveSettings(patch);
  settings = Promise.resolve(next);
  return next;
}

export async function restoreDefaults(): Promise<Settings> {
  const next = await resetSettings();
  settings = Promise.resolve(next);
  return next;
}
