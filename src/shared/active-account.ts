// Follows the wallet's active account from storage, for pages that must stay small (the approval window).
import { chromeApi } from './chrome-api.ts';

/** The chrome.storage.local key that holds the settings. */
export const SETTINGS_KEY = 'settings';

/** Calls back with the new active account whenever the wallet switches (reads only that field). */
export function watchActiveAccount(changed: (account: number) => void): void {
  chromeApi.storage.onChanged.addListener((changes, area) => {
    const next = area === 'local' ? (changes[SETTINGS_KEY]?.newValue as { activeAccount?: unknown } | undefined)?.activeAccount : undefined;
    const before = (changes[SETTINGS_KEY]?.oldValue as { activeAccount?: unknown } | undefined)?.activeAccount;
    if (typeof next === 'number' && Number.isInteger(next) && next >= 0 && next !== before) changed(next);
  });
}
