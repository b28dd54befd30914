// Finding Firefox and the wallet's add-on id, without a browser.
import { test, expect } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionPath, findFirefox, geckoId, WalletSetupError } from './setup.ts';

test('FIREFOX_PATH wins, a wrong one is named, and no Firefox at all says what to install', () => {
  expect(findFirefox({ FIREFOX_PATH: process.execPath })).toBe(process.execPath);
  expect(() => findFirefox({ FIREFOX_PATH: '/nowhere/firefox' })).toThrow(
    'FIREFOX_PATH is set to /nowhere/firefox, but no file is there (looking for Firefox)',
  );
  expect(() => findFirefox({ FIREFOX_PATH: '/nowhere/firefox' })).toThrow(WalletSetupError);
});

test("the built extension's gecko id is read from its manifest; a manifest without one is refused", async () => {
  expect(geckoId(extensionPath({}))).toBe('mock-wallet-provider@test.invalid');
  const dir = await mkdtemp(join(tmpdir(), 'no-gecko-'));
  try {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3 }));
    expect(() => geckoId(dir)).toThrow(/has no browser_specific_settings\.gecko\.id: rebuild the wallet/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
