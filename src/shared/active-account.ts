// Follows the wallet's active account from storage, for pages that must stay small (the approval window).
import { chromeApi } from './chrome-api.ts';

/** The chrome.storage.local key that holds the settings. */
export const SETTINGS_KEY = 'settings';

/** Calls back with the new active account whenever the wallet switches (reads only that field); returns the way to stop. */
export function watchActiveAccount(changed: (account: number) => void): () => void {
  const listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string): void => {
    const next = area === 'local' ? (changes[SETTINGS_KEY]?.newValue as { activeAccount?: unknown } | undefined)?.activeAccount : undefined;
    const before = (changes[SETTINGS_KEY]?.oldValue as { activeAccount?: unknown } | undefined)?.activeAccount;
    if (typeof next === 'number' && Number.isInteger(next) && next >= 0 && next !== before) changed(next);
  };
  chromeApi.storage.onChanged.addListener(listener);
  return () => chromeApi.storage.onChanged.removeListener(listener);
}
