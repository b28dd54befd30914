// The kit's lookups, without a browser.
import { test, expect } from '@playwright/test';
import { extensionPath, findChromium, WalletSetupError } from './browser.ts';

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
