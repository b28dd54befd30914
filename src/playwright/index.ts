// import { test, expect } from 'mock-wallet-provider/testing'
// A Chromium with the mock wallet per Playwright worker, reset to defaults before each test.
import { test as base, expect as baseExpect } from '@playwright/test';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import type { PendingView } from '../shared/control.ts';
import { WalletBrowser } from './browser.ts';
import { clearSiteData, trackOrigins } from './site-data.ts';
import { restoreContext, trackContext } from './context-state.ts';
import { Wallet } from './wallet.ts';
import { closeAllBut, openInBackground, openInPlaceOf } from './tabs.ts';
import { boxed } from './steps.ts';
import { describeFindings, type UsageFinding } from '../core/usage.ts';
import type { ExposeName, IdentityName, WalletName } from '../core/choices.ts';
import { CONTRACT_WALLET, identitiesFor } from '../wallets/index.ts';
import { startChain, type LocalChain, type ChainOptions } from '../chain/index.ts';
import { walletOnChain } from '../kit/chain.ts';

export interface WalletTestFixtures {
  /**
   * The persistent Chromium context with the extension loaded (shared by the worker's tests). What a
   * test adds to it (init scripts, exposed functions, routes, extra HTTP headers, permissions,
   * geolocation, offline) is taken back when the test ends.
   */
  context: BrowserContext;
  /** A fresh tab for this test, closed after it. */
  page: Page;
  extensionId: string;
  /** What the user does with their wallet: approve, reject, switch account, network, variant… */
  wallet: Wallet;
  /** false (default): cookies and storage of every web origin the test visited are cleared after it. */
  keepSiteData: boolean;
  /** Requests still waiting for approval when a test ends: 'warn' (default) lists them in the report, 'fail' fails the test, 'off' ignores them. */
  unansweredPrompts: 'off' | 'warn' | 'fail';
  /** Contract usage rules the app broke during the test: 'warn' (default) reports them, 'fail' fails the test, 'off' ignores them. */
  usageRules: 'off' | 'warn' | 'fail';
  /**
   * true (default): the wallet keeps two approval windows loaded and minimized (setting
   * warmWindow), so a call's window, and the next call's, appear without waiting for Chrome to create one. Every call
   * still gets its own window; set false for tests that wait for Playwright's `page` event.
   */
  warmWindow: boolean;
  /**
   * true (default): the `page` fixture opens the next test's tab in the background during each
   * test (a new tab, with nothing of this one). It shows up as a context `page` event: wait for
   * your app's popups with `page.waitForEvent('popup')`, or set false.
   */
  warmTab: boolean;
  /**
   * Other wallets the browser appears to have, beside window.WalletProvider (setting identities):
   * ['xverse'] adds Xverse's providers, for apps on sats-connect or choosing Xverse in @stacks/connect;
   * 'unisat' adds window.unisat; 'okx' window.okxwallet's Bitcoin providers; 'bitget', 'binance',
   * 'onekey', 'wizz', 'opnet', 'keplr' UniSat's API at their own globals; 'fordefi' Xverse's at
   * window.FordefiProviders.UtxoProvider; 'magiceden' window.magicEden.bitcoin and its Wallet Standard
   * wallet (docs/wallets.md).
   */
  identities: IdentityName[];
  /**
   * Other names window.WalletProvider is also defined under (setting exposeAs): ['LeatherProvider'] for apps and
   * connectors that look for Leather there (Reown AppKit's LeatherConnector), 'StacksProvider'. walletProjects()
   * turns on the ones its wallet's connectors need.
   */
  exposeAs: ExposeName[];
  /**
   * The wallet this run poses as (by default the contract's, window.WalletProvider): added to identities.
   * walletProjects() sets it per project, so one suite runs against each wallet; a test reads it to
   * pick the app's button for that wallet.
   */
  walletName: WalletName;
  /**
   * The embedded chains: a Bitcoin regtest behind the Esplora API (`chain.bitcoin.url`) and a Stacks
   * chain (`chain.stacksUrl`), the wallet's accounts funded. Started once per worker on first use,
   * and back to how it started before each test that uses it. The wallet is pointed at it for the
   * test (network regtest, bitcoinBroadcastUrl and stacksNodeUrl its URLs; wallet.reset() keeps them).
   */
  chain: LocalChain;
}

export interface WalletWorkerFixtures {
  walletBrowser: WalletBrowser;
  /** How the worker's chain starts (ports, accounts, amounts, the app's Clarinet project, `stacks: false`). */
  chainOptions: ChainOptions;
}

/** The kit's own state, as fixtures (boxed: not in the user's report). */
interface KitTestFixtures {
  /** This test's: the fixtures' time, the end-of-test checks asked once. */
  _kitTest: TestState;
}
interface KitWorkerFixtures {
  /** The worker's: its wallet API and what runs between its tests. */
  _kitWorker: { wallet: Wallet; between: BetweenTests };
  /** The worker's chain, started when a test first asks for `chain`. */
  _kitChain: LocalChain;
}

export const test = base.extend<WalletTestFixtures & KitTestFixtures, WalletWorkerFixtures & KitWorkerFixtures>({
  _kitWorker: [
    async ({ walletBrowser }, use) => {
      await use({ wallet: new Wallet(walletBrowser), between: { tabsClosed: Promise.resolve(), siteDataCleared: Promise.resolve() } });
    },
    { scope: 'worker', box: true },
  ],
  _kitTest: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      await use({ timing: fixtureTiming(testInfo), checked: false });
    },
    { scope: 'test', box: true },
  ],
  chainOptions: [{}, { scope: 'worker', option: true, box: true }],
  _kitChain: [
    async ({ chainOptions }, use) => {
      const chain = await startChain(chainOptions);
      await use(chain);
      await chain.close();
    },
    // Simnet's first start takes about 4 s of CPU, more on a busy machine.
    { scope: 'worker', timeout: 60_000, box: true },
  ],
  chain: [
    async ({ _kitChain, _kitWorker, wallet: _wallet }, use) => {
      // Before the test rather than after: a test that failed halfway leaves nothing for the next.
      await _kitChain.reset();
      // The wallet on the chain (wallet.reset() keeps it there): regtest keys, its transactions sent there.
      await _kitWorker.wallet.extendBaseline(walletOnChain(_kitChain));
      await use(_kitChain);
    },
    { scope: 'test', box: true },
  ],
  walletBrowser: [
    async ({ headless }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const browser = await WalletBrowser.launch({ headless, ...(baseURL !== undefined && { baseURL }) });
      await use(browser);
      await browser.close();
    },
    // A launch and the extension's start (EXTENSION_START_MS), on a busy machine too.
    { scope: 'worker', timeout: 60_000, box: true },
  ],
  // Shared by the worker's tests: what a test adds to the context itself (init scripts, routes, headers…) is taken back after it.
  context: [
    async ({ walletBrowser, _kitWorker, _kitTest, actionTimeout, navigationTimeout }, use) => {
      // Each test starts with the timeouts its options give, as a fresh context would (Playwright's own context fixture sets them so).
      walletBrowser.context.setDefaultTimeout(actionTimeout || 0);
      walletBrowser.context.setDefaultNavigationTimeout(navigationTimeout || 0);
      trackContext(walletBrowser.context);
      _kitTest.timing.pause();
      await use(walletBrowser.context);
      _kitTest.timing.resume();
      // The next test's tab, opened while this test ran, first joins the context's pages: a tab still
      // starting when the headers or init scripts are taken back kept them (one CI run under load).
      const { between } = _kitWorker;
      const spare = await between.spare?.catch(() => undefined);
      // Opened while the test's init scripts were on, its blank page ran them: the next test gets a tab opened now.
      if ((await restoreContext(walletBrowser.context, between.tabsClosed)) && spare) {
        (between.spare = openInPlaceOf(walletBrowser.context, spare)).catch(() => undefined);
      }
      // Torn down after the wallet and the page (they use it): the time the test waited here counts too.
      _kitTest.timing.report();
    },
    { scope: 'test', box: true },
  ],
  extensionId: [
    async ({ walletBrowser }, use) => {
      await use(walletBrowser.extensionId);
    },
    { scope: 'test', box: true },
  ],
  keepSiteData: [false, { option: true, box: true }],
  unansweredPrompts: ['warn', { option: true, box: true }],
  usageRules: ['warn', { option: true, box: true }],
  warmWindow: [true, { option: true, box: true }],
  warmTab: [true, { option: true, box: true }],
  identities: [[], { option: true, box: true }],
  exposeAs: [[], { option: true, box: true }],
  walletName: [CONTRACT_WALLET, { option: true, box: true }],
  wallet: [
    async (
      { walletBrowser, _kitWorker, _kitTest, keepSiteData, unansweredPrompts, usageRules, warmWindow, identities: listed, exposeAs, walletName },
      use,
      testInfo,
    ) => {
      const identities = identitiesFor(walletName, listed);
      const { timing } = _kitTest;
      timing.resume();
      const { wallet, between } = _kitWorker;
      // The last test's tabs are closed before the wallet is reset: nothing of it reaches this test.
      await between.tabsClosed;
      wallet.setBaseline({ warmWindow, identities, exposeAs });
      await wallet.reset();
      const visited = trackOrigins(walletBrowser.context);
      timing.pause();
      await use(boxed(wallet, 'wallet'));
      timing.resume();
      visited.stop();
      // A test without the page fixture: its tabs are still open, so what waits is still listed.
      // One round trip's worth: the checks do not wait for each other.
      const end = await endOfTest(wallet, _kitTest, unansweredPrompts, usageRules);
      const waiting = _kitTest.checked ? [] : unanswered(end.pending, unansweredPrompts, testInfo);
      const findings = await reportUsage(end.usage, usageRules, testInfo);
      // Site data is cleared off this test's path; the next test's first navigation waits for it.
      if (!keepSiteData) between.siteDataCleared = between.tabsClosed.then(() => clearSiteData(walletBrowser.context, visited.origins)).catch(() => undefined);
      timing.report();
      failIfWaiting(waiting, unansweredPrompts);
      if (usageRules === 'fail' && findings.length > 0) {
        throw new Error(`the app broke ${findings.length} of the wallet contract's usage rules (usageRules: 'fail'):\n${describeFindings(findings)}`);
      }
    },
    { scope: 'test', box: true },
  ],
  page: [
    // `wallet` first: its reset comes before this test's tab.
    async ({ _kitWorker, _kitTest, context, wallet: _wallet, unansweredPrompts, usageRules, warmTab }, use, testInfo) => {
      const { timing } = _kitTest;
      timing.resume();
      const { wallet, between } = _kitWorker;
      // The tab opened while the last test ran (the first test of a worker opens its own).
      // A spare that failed to open (a slow machine's 10 s) is replaced by a tab opened now.
      const page = await (between.spare?.catch(() => context.newPage()) ?? context.newPage());
      between.spare = undefined;
      // The last test's site data is gone before the test navigates (cleared while its tabs closed and
      // the wallet reset): here, not in a wrapper around goto, so the test's steps stay at its own lines.
      await between.siteDataCleared;
      // The next test's tab opens now, in the background.
      const spare = warmTab ? openInBackground(context) : undefined;
      spare?.catch(() => undefined);
      timing.pause();
      await use(page);
      timing.resume();
      // Before the tabs close: closing a tab withdraws its requests.
      _kitTest.checked = true;
      const waiting = unanswered((await endOfTest(wallet, _kitTest, unansweredPrompts, usageRules)).pending, unansweredPrompts, testInfo);
      // The browser is left as the next test expects it (the start-up tab, the next test's tab and
      // the wallet's warm window open); the tabs close off this test's path, before the next test's reset.
      const keep = new Set([context.pages()[0]]);
      between.spare = spare;
      between.tabsClosed = Promise.resolve(spare).then(
        (next) => closeAllBut(context, next ? keep.add(next) : keep, next),
        () => closeAllBut(context, keep),
      );
      timing.pause();
      failIfWaiting(waiting, unansweredPrompts);
    },
    { scope: 'test', box: true },
  ],
});

/** What runs between one test and the next in a worker's browser, off both tests' paths. */
interface BetweenTests {
  /** The next test's tab, opened while a test runs. */
  spare?: Promise<Page>;
  /** The last test's tabs and leftover approval windows, closing. */
  tabsClosed: Promise<void>;
  /** The last test's visited origins, losing their cookies and storage. */
  siteDataCleared: Promise<void>;
}
type TestEnd = { pending: PendingView[]; usage: UsageFinding[] };

/** One test's kit state (the _kitTest fixture). */
interface TestState {
  timing: FixtureTiming;
  /** The end-of-test checks, once asked. */
  end?: Promise<TestEnd>;
  /** Whether its waiting requests were already looked at (by the page fixture). */
  checked: boolean;
}

/**
 * What the end-of-test checks read, asked once per test in one round trip (the page fixture asks
 * first, the wallet fixture reuses it); nothing is asked when both checks are off.
 */
function endOfTest(wallet: Wallet, state: TestState, prompts: 'off' | 'warn' | 'fail', rules: 'off' | 'warn' | 'fail'): Promise<TestEnd> {
  return (state.end ??= prompts === 'off' && rules === 'off' ? Promise.resolve({ pending: [], usage: [] }) : wallet.testEnd());
}

/** The test's usage findings, attached to its report (and printed, in 'warn'). */
async function reportUsage(findings: UsageFinding[], mode: 'off' | 'warn' | 'fail', testInfo: TestInfo): Promise<UsageFinding[]> {
  if (mode === 'off' || findings.length === 0) return [];
  for (const f of findings) testInfo.annotations.push({ type: `usage: ${f.rule}`, description: f.message });
  await testInfo.attach('usage findings', { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
  if (mode === 'warn') console.warn(`mock wallet: "${testInfo.title}" broke the contract's usage rules:\n${describeFindings(findings)}`);
  return findings;
}

/**
 * Time spent in these fixtures' set-up and teardown, for `npm run bench` (it sets
 * MOCK_WALLET_FIXTURE_TIMING=1 and reads the annotation); nothing is recorded otherwise.
 */
interface FixtureTiming {
  pause(): void;
  resume(): void;
  /** Records the time so far (again, when a later fixture adds to it). */
  report(): void;
}
function fixtureTiming(testInfo: TestInfo): FixtureTiming {
  let spent = 0;
  let note: TestInfo['annotations'][number] | undefined;
  let since: number | undefined = performance.now();
  const on = process.env['MOCK_WALLET_FIXTURE_TIMING'] === '1';
  const timing: FixtureTiming = {
    pause: () => {
      if (since === undefined) return;
      spent += performance.now() - since;
      since = undefined;
    },
    resume: () => void (since ??= performance.now()),
    report: () => {
      timing.pause();
      if (!on) return;
      note ??= testInfo.annotations[testInfo.annotations.push({ type: 'mock-wallet fixture ms' }) - 1]!;
      note.description = spent.toFixed(1);
    },
  };
  return timing;
}

/** Requests still waiting as the test ends, listed in its report. */
function unanswered(waiting: PendingView[], mode: 'off' | 'warn' | 'fail', testInfo: TestInfo): PendingView[] {
  if (mode === 'off') return [];
  if (waiting.length > 0) {
    testInfo.annotations.push({ type: 'unanswered prompts', description: describeWaiting(waiting) });
    if (mode === 'warn') console.warn(`mock wallet: "${testInfo.title}" ended with requests still waiting for approval: ${describeWaiting(waiting)}`);
  }
  return waiting;
}

const describeWaiting = (waiting: PendingView[]): string =>
  waiting.map((p) => `${p.method}${p.identity ? ` (${p.identity})` : ''} from ${p.origin} (id ${p.id})`).join('; ');

function failIfWaiting(waiting: PendingView[], mode: 'off' | 'warn' | 'fail'): void {
  if (mode === 'fail' && waiting.length > 0) {
    throw new Error(`the test ended with ${waiting.length} request(s) still waiting for approval (unansweredPrompts: 'fail'): ${describeWaiting(waiting)}`);
  }
}

/** Playwright's expect, plus `expect(wallet).toFollowUsageRules()`. */
export const expect = baseExpect.extend({
  async toFollowUsageRules(received: Wallet) {
    const findings = await received.usage();
    const pass = findings.length === 0;
    return {
      pass,
      name: 'toFollowUsageRules',
      message: () =>
        pass
          ? 'expected the app to break a usage rule, but the wallet found none'
          : `expected the app to follow the wallet contract's usage rules; it broke ${findings.length}:\n${describeFindings(findings)}`,
    };
  },
});
export type { Page, Frame, BrowserContext, Locator } from '@playwright/test';
export * from '../kit/index.ts';
export { Wallet } from './wallet.ts';
export { Prompt } from './prompt.ts';
export { WalletBrowser, findChromium, type LaunchOptions } from './browser.ts';
export { walletProjects } from './projects.ts';
