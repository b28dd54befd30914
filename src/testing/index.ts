// import { test, expect } from 'mock-wallet-provider/testing'
// A Chromium with the mock wallet per Playwright worker, reset to defaults before each test.
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { WalletBrowser } from './browser.ts';
import { Wallet } from './wallet.ts';

export interface WalletTestFixtures {
  /** The persistent Chromium context with the extension loaded (shared by the worker's tests). */
  context: BrowserContext;
  /** A fresh tab for this test, closed after it. */
  page: Page;
  extensionId: string;
  /** What the user does with their wallet: approve, reject, switch account, network, variant… */
  wallet: Wallet;
}

export interface WalletWorkerFixtures {
  walletBrowser: WalletBrowser;
}

export const test = base.extend<WalletTestFixtures, WalletWorkerFixtures>({
  walletBrowser: [
    async ({ headless }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const browser = await WalletBrowser.launch({ headless, ...(baseURL !== undefined && { baseURL }) });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  context: async ({ walletBrowser }, use) => {
    await use(walletBrowser.context);
  },
  extensionId: async ({ walletBrowser }, use) => {
    await use(walletBrowser.extensionId);
  },
  wallet: async ({ walletBrowser }, use) => {
    const wallet = walletOf(walletBrowser);
    await wallet.reset();
    await use(wallet);
  },
  page: async ({ context, wallet: _wallet }, use) => {
    const page = await context.newPage();
    await use(page);
    // Leave the shared browser as the next test expects it: only the start-up tab open.
    const keep = context.pages()[0];
    await Promise.all(context.pages().filter((p) => p !== keep && !p.isClosed()).map((p) => p.close()));
  },
});

const wallets = new WeakMap<WalletBrowser, Wallet>();
function walletOf(browser: WalletBrowser): Wallet {
  let wallet = wallets.get(browser);
  if (!wallet) wallets.set(browser, (wallet = new Wallet(browser)));
  return wallet;
}

export { expect };
export type { Page, BrowserContext, Locator } from '@playwright/test';
export { Wallet } from './wallet.ts';
export { Prompt, type PromptDetails } from './prompt.ts';
export { WalletBrowser, WalletSetupError, findChromium, extensionPath, type LaunchOptions } from './browser.ts';
export { accountFromDerivationPath, accountLabel } from '../core/account-path.ts';
export type { AddressEntry, P2wpkhEntry, P2trEntry, StxEntry, GetAddressesResult, EntryKind } from '../core/addresses.ts';
export type { RpcResponse, RpcSuccess, RpcFailure, RpcErrorObject } from '../core/rpc.ts';
export { RPC_ERROR } from '../core/rpc.ts';
export type { Settings, SettingsPatch, ApprovalPolicy } from '../core/settings.ts';
export type { NetworkName } from '../core/networks.ts';
export type { Variant, Chain } from '../core/params.ts';
export type { CallLogEntry, PendingView, LoggedTransaction } from '../shared/control.ts';
export type { AccountSource } from '../core/methods/method.ts';
