// What the toolbar's settings page asks of the wallet.
import { SettingsError } from '../core/settings.ts';
import type { SettingsMessage, SettingsReply } from '../shared/messages.ts';
import { restoreDefaults, updateSettings } from './store/state.ts';

export const SETTINGS_PAGE = 'popup/settings.html';

export async function handleSettings(message: SettingsMessage): Promise<SettingsReply> {
  try {
    const value = message.type === 'settings/save' ? await updateSettings(message.patch) : await restoreDefaults();
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: error instanceof SettingsError ? error.message : `could not save: ${String(error)}` };
  }
}
