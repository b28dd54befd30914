// The two kits' public surfaces cannot drift: each re-exports everything the shared kit exports, as the same value.
import { test, expect } from '@playwright/test';
import * as shared from './index.ts';
import * as playwrightKit from '../playwright/index.ts';
import * as puppeteerKit from '../puppeteer/index.ts';

test('both kits export every shared value, the same one; each adds only its own browser', () => {
  const values = Object.entries(shared);
  expect(values.length).toBeGreaterThan(8);
  for (const [name, value] of values) {
    expect((playwrightKit as Record<string, unknown>)[name], `testing exports ${name}`).toBe(value);
    expect((puppeteerKit as Record<string, unknown>)[name], `puppeteer exports ${name}`).toBe(value);
  }
  const own = (kit: object) =>
    Object.keys(kit)
      .filter((name) => !(name in shared))
      .sort();
  expect(own(playwrightKit)).toEqual(['Prompt', 'Wallet', 'WalletBrowser', 'expect', 'findChromium', 'test', 'walletProjects']);
  expect(own(puppeteerKit)).toEqual(['Prompt', 'Wallet', 'launchWallet']);
});
