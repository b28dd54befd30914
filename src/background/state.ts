// The worker's view of the settings, and the one key ring every answer derives from.
import { KeyRing } from '../core/keyring.ts';
import type { AccountKeys } from '../core/keys.ts';
import { DEFAULT_SETTINGS, applySettingsPatch, type Settings, type SettingsPatch } from '../core/settings.ts';
import { SessionMap } from './session-map.ts';
import { loadSettings, storeSettings } from '../shared/settings-store.ts';

/** Public keys survive a worker restart in session storage: the next first call does not derive. */
export const keyRing = new KeyRing(new SessionMap<AccountKeys>('keys:'));

// This worker is the only writer of the settings (the settings page and the tests ask it),
// so the copy it holds is the stored one. Changes apply to that copy one at a time, so two
// changes at once cannot undo each other.
let settings: Promise<Settings> | undefined;
let changes: Promise<unknown> = Promise.resolve();

export function currentSettings(): Promise<Settings> {
  settings ??= loadSettings();
  return settings;
}

/** Throws SettingsError, and nothing changes, when any field is bad. */
export function updateSettings(patch: SettingsPatch): Promise<Settings> {
  return changeSettings(() => patch);
}

/** A change computed from the settings as they are when its turn comes (a counter that moves). */
export function changeSettings(patchOf: (current: Settings) => SettingsPatch): Promise<Settings> {
  const change = changes.then(async () => {
    const current = await currentSettings();
    const next = applySettingsPatch(current, patchOf(current));
    await storeSettings(next);
    settings = Promise.resolve(next);
    return next;
  });
  changes = change.catch(() => undefined);
  return change;
}

export function restoreDefaults(): Promise<Settings> {
  return updateSettings({ ...DEFAULT_SETTINGS, missingEntries: [], stacksNonces: {} });
}
