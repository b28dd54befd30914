// The wallet's settings, core's and each wallet's own (its record's `settings`), checked by the one set of
// rules the wallets' table makes (table.ts), which the worker, the CLI and the kits share.
import { TABLE } from './index.ts';

/** A copy of the defaults whose lists and records are the caller's own. */
export const defaultSettings = TABLE.settings.defaults;
/** The settings after a change, or a SettingsError naming the first bad field; nothing is half-applied. */
export const applySettingsPatch = TABLE.settings.apply;
/** Settings read back from storage: each bad or missing field falls back to its default, and is reported. */
export const readStoredSettings = TABLE.settings.readStored;
