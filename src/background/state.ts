// The worker's view of the settings, and the one key ring every answer derives from.
import { KeyRing, type StoredKeys } from '../core/keyring.ts';
import { DEFAULT_SETTINGS, applySettingsPatch, type Settings, type SettingsPatch, type StoredSettingsReport } from '../core/settings.ts';
import { SessionMap } from './session-map.ts';
import { loadSettingsReport, storeSettings } from '../shared/settings-store.ts';

/** Public keys survive a worker restart in session storage: the next first call does not derive. */
const keyStore = new SessionMap<StoredKeys>('keys:', (v) => typeof v === 'object' && v !== null && typeof (v as StoredKeys).wallet === 'string');
export const keyRing = new KeyRing(keyStore);

/** Reset forgets every derived key, in memory and in session storage. */
export async function forgetKeys(): Promise<void> {
  keyRing.clear();
  await keyStore.clear();
}

// This worker is the only writer of the settings (the settings page and the tests ask it),
// so the copy it holds is the stored one. Changes apply to that copy one at a time, so two
// changes at once cannot undo each other.
let settings: Promise<Settings> | undefined;
let changes: Promise<unknown> = Promise.resolve();
/** What was wrong with the stored settings when loaded; cleared by the next successful write. */
let problems: Promise<Pick<StoredSettingsReport, 'problems' | 'walletUnusable'>> = Promise.resolve({ problems: [], walletUnusable: false });

export function currentSettings(): Promise<Settings> {
  if (!settings) {
    const report = loadSettingsReport();
    settings = report.then((r) => r.settings);
    problems = report.then(({ problems, walletUnusable }) => ({ problems, walletUnusable }), () => ({ problems: [], walletUnusable: false }));
  }
  return settings;
}

export async function settingsProblems(): Promise<Pick<StoredSettingsReport, 'problems' | 'walletUnusable'>> {
  await currentSettings().catch(() => undefined);
  return problems;
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
    problems = Promise.resolve({ problems: [], walletUnusable: false }); // what is stored now is valid
    return next;
  });
  changes = change.catch(() => undefined);
  return change;
}

export function restoreDefaults(): Promise<Settings> {
  return updateSettings({ ...DEFAULT_SETTINGS, missingEntries: [], stacksNonces: {} });
}
