// The worker's view of the settings, and the one key ring every answer derives from.
import { KeyRing } from '../../core/keyring.ts';
import type { Settings, SettingsPatch, StoredSettingsReport } from '../../core/settings.ts';
import { applySettingsPatch, defaultSettings } from '../../wallets/settings.ts';
import { syncExposure } from '../expose.ts';
import { announceChange } from '../events/wallet-events.ts';
import { ensureWarm } from '../window/warm.ts';
import { derivationChanged, prederive } from './prederive.ts';
import { forgetKeyCacheProblems, keyCache } from './key-cache.ts';
import { loadSettingsReport, storeSettings } from './settings-store.ts';
import { canonicalJson } from '../../core/json.ts';
import { serial } from '../../shared/serial.ts';

/** Public keys survive a worker restart in session storage, sealed: the next first call does not derive. */
export const keyRing = new KeyRing(keyCache);

/** The wallet's master fingerprint under these settings (what a site's grant and connection belong to); undefined for an unusable mnemonic. */
export async function walletOf(settings: Settings): Promise<string | undefined> {
  try {
    return (await keyRing.account(settings.mnemonic, settings.passphrase, settings.network, settings.activeAccount)).fingerprint;
  } catch {
    return undefined;
  }
}

/** Reset forgets every derived key, in memory and in session storage. */
export async function forgetKeys(): Promise<void> {
  keyRing.clear();
  forgetKeyCacheProblems();
  await keyCache.clear();
}

// This worker is the only writer of the settings (the settings page and the tests ask it),
// so the copy it holds is the stored one. Changes apply to that copy one at a time, so two
// changes at once cannot undo each other.
// The stored settings as loaded, with what was wrong with them; a successful write replaces
// it with the valid settings it stored.
let loaded: Promise<StoredSettingsReport> | undefined;
const changes = serial();

export async function currentSettings(): Promise<Settings> {
  return (await (loaded ??= loadSettingsReport())).settings;
}

/** What was wrong with the stored settings when loaded; nothing once a change was stored. */
export async function settingsProblems(): Promise<Pick<StoredSettingsReport, 'problems' | 'walletUnusable'>> {
  const { problems, walletUnusable } = await (loaded ??= loadSettingsReport());
  return { problems, walletUnusable };
}

/** Throws SettingsError, and nothing changes, when any field is bad. */
export function updateSettings(patch: SettingsPatch): Promise<Settings> {
  return changeSettings(() => patch);
}

/** A change computed from the settings as they are when its turn comes (a counter that moves). */
export function changeSettings(patchOf: (current: Settings) => SettingsPatch): Promise<Settings> {
  return changes(async () => {
    const report = await (loaded ??= loadSettingsReport());
    const current = report.settings;
    const next = applySettingsPatch(current, patchOf(current));
    // Nothing to store when valid stored settings would be written back unchanged (most resets).
    if (report.problems.length === 0 && !report.walletUnusable && canonicalJson(next) === canonicalJson(current)) return current;
    await storeSettings(next);
    // Before the change resolves, so the caller's next page has the aliases; only when they change:
    // every test's reset passes here.
    if (next.exposeAs.join() !== current.exposeAs.join() || next.identities.join() !== current.identities.join()) await syncExposure(next);
    // Turned on: the warm windows are prepared in the background; turned off: they go. The cap counts them too.
    if (next.warmWindow !== current.warmWindow || next.maxOpenWindows !== current.maxOpenWindows) void ensureWarm().catch(() => undefined);
    if (derivationChanged(current, next)) void prederive(keyRing, next);
    // Sites holding an Xverse grant hear of a new account or network (after the change is stored).
    void announceChange(keyRing, current, next, walletOf).catch((error: unknown) => console.error('[mock wallet] could not send wallet events:', error));
    loaded = Promise.resolve({ settings: next, problems: [], walletUnusable: false }); // what is stored now is valid
    return next;
  });
}

/** The defaults, with `keep` applied over them in the same change (a kit keeps its warm window so). */
export function restoreDefaults(keep: SettingsPatch = {}): Promise<Settings> {
  return updateSettings({ ...defaultSettings(), ...keep });
}
