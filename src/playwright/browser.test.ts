// The kit's lookups, without a browser.
import { test, expect } from '@playwright/test';
import { extensionPath, findChromium, isLostCall, WalletSetupError } from './browser.ts';

test('CHROMIUM_PATH wins, and a wrong one is named', () => {
  expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(WalletSetupError);
  expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow('CHROMIUM_PATH is set to /nowhere/chromium, but no file is there');
});

test('the built extension is found beside the kit, or MOCK_WALLET_EXTENSION says where', () => {
  expect(extensionPath({})).toMatch(/dist\/extension$/);
  expect(() => extensionPath({ MOCK_WALLET_EXTENSION: '/nowhere' })).not.toThrow(); // falls back to the build
  expect(extensionPath({ MOCK_WALLET_EXTENSION: extensionPath({}) })).toMatch(/dist\/extension$/);
});

test('a control call the worker lost is asked again; one the wallet refused is not', () => {
  for (const lost of [
    'Target page, context or browser has been closed',
    'worker.evaluate: Execution context was destroyed, most likely because of a navigation.',
    'Resulting promise was garbage collected.',
    'Error: No SW',
    'Target closed: the worker did not answer',
  ]) {
    expect(isLostCall(lost), lost).toBe(true);
  }
  for (const refused of [
    'no pending request with id "7" (pending: none)',
    'SettingsError: network must be one of mainnet, testnet',
    'request 3 was already rejected; approving it did nothing',
  ]) {
    expect(isLostCall(refused), refused).toBe(false);
  }
});
