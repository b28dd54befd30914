// How this wallet appears in wallet pickers: read by the page script that registers it and by the kit that picks it.

/** The provider's path on window: pickers resolve an entry's `id` there. */
export const PROVIDER_ID = 'WalletProvider';
/** Plainly a test wallet's name, so nobody mistakes it for a real one in a picker. */
export const PICKER_NAME = 'Mock Wallet (test only)';
/** With window.LeatherProvider exposed, the entry takes that id and this name. */
export const aliasPickerName = (alias: string): string => `${PICKER_NAME} as ${alias}`;
