// The Puppeteer kit under this repo's runner: one browser per worker (Firefox or Chromium, from
// the project), the wallet reset before each test, a fresh tab closed after it.
import { test as base } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { launchWallet, type Wallet, type WalletSession } from 'mock-wallet-provider/puppeteer';
import { DEMO_PORT } from '../demo/server.ts';

export const BASE_URL = `http://127.0.0.1:${DEMO_PORT}`;
export type KitBrowser = 'chrome' | 'firefox';

/**
 * Flows the Playwright suite already covers in Chromium run in Firefox only, to keep the suite short:
 * `test(title, FIREFOX_ONLY, body)`. Skipped before any fixture of the test is set up (a skip in the
 * body came after its tab: 0.1–0.3 s each in puppeteer-chromium).
 */
export const FIREFOX_ONLY = { annotation: { type: 'firefox only', description: 'covered in Chromium by the Playwright e2e' } };

export const test = base.extend<
  { wallet: Wallet; tab: Page; session: WalletSession; _onlyIn: undefined },
  { kitBrowser: KitBrowser; walletSession: WalletSession }
>({
  // An auto fixture is set up before the test's own: a test for one browser is skipped in the other here.
  _onlyIn: [
    async ({ kitBrowser }, use, testInfo) => {
      const only = testInfo.annotations.find((a) => a.type === FIREFOX_ONLY.annotation.type);
      testInfo.skip(only !== undefined && kitBrowser !== 'firefox', only?.description);
      await use(undefined);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  kitBrowser: [async ({}, use, workerInfo) => use((workerInfo.project.metadata as { kitBrowser: KitBrowser }).kitBrowser), { scope: 'worker' }],
  walletSession: [
    async ({ kitBrowser }, use) => {
      const session = await launchWallet({ browser: kitBrowser, baseURL: BASE_URL });
      await use(session);
      await session.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  session: async ({ walletSession }, use) => use(walletSession),
  wallet: async ({ walletSession }, use) => {
    await walletSession.wallet.reset();
    await use(walletSession.wallet);
  },
  tab: async ({ walletSession, wallet }, use) => {
    void wallet; // reset first
    const tab = await walletSession.newPage();
    await use(tab);
    await tab.close().catch(() => undefined);
  },
});
export { expect } from '@playwright/test';

export interface Settled {
  ok: boolean;
  response: {
    id?: string;
    result?: Record<string, unknown> & { addresses?: Record<string, string>[] };
    error?: { code: number; message: string; data?: unknown };
  };
}

/** Starts window.WalletProvider.request(...) in the tab; resolves once it settles either way. */
export function request(tab: Page, method: string, params?: unknown): Promise<Settled> {
  const args = params === undefined ? JSON.stringify(method) : `${JSON.stringify(method)}, ${JSON.stringify(params)}`;
  return tab.evaluate(
    `window.WalletProvider.request(${args}).then((response) => ({ ok: true, response }), (response) => ({ ok: false, response }))`,
  ) as Promise<Settled>;
}

/** The addresses of a getAddresses answer, in order. */
export const addressesOf = (settled: Settled): string[] => (settled.response.result?.addresses ?? []).map((a) => a['address']!);
