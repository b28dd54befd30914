// What the toolbar's settings page asks of the wallet.
import { SettingsError } from '../core/settings.ts';
import { checkCounter } from '../core/nonce-counters.ts';
import { setStacksNonce } from './request/nonces.ts';
import type { SettingsMessage, SettingsReply } from '../shared/messages.ts';
import { currentSettings, restoreDefaults, settingsProblems, updateSettings } from './store/state.ts';

export const SETTINGS_PAGE = 'popup/settings.html';

export async function handleSettings(message: SettingsMessage): Promise<SettingsReply> {
  try {
    if (message.type === 'settings/read') return { ok: true, value: { settings: await currentSettings(), problems: (await settingsProblems()).problems } };
    if (message.type === 'settings/reset') return { ok: true, value: { settings: await restoreDefaults(), problems: [] } };
    // The nonce is checked before anything is saved: a refused form saves nothing.
    if (message.stacksNonce !== undefined) checkCounter(message.stacksNonce, 'mainnet', 0);
    const value = await updateSettings(message.patch);
    if (message.stacksNonce !== undefined) await setStacksNonce(message.stacksNonce, value.network, value.activeAccount);
    return { ok: true, value: { settings: value, problems: [] } };
  } catch (error) {
    return { ok: false, error: error instanceof SettingsError || error instanceof RangeError ? error.message : `could not save: ${String(error)}` };
  }
}
