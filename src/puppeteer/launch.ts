// launchWallet: a Firefox or Chromium with the wallet loaded, driven by Puppeteer, and the
// `wallet` a test talks to, the same as the Playwright kit's.
import type { Browser, Page, PuppeteerNode } from 'puppeteer-core';
import { extensionPath, WalletSetupError } from '../kit/setup.ts';
import type { IdentityName } from '../core/choices.ts';
import type { SettingsPatch } from '../core/settings.ts';
import { applySettingsPatch, defaultSettings } from '../wallets/settings.ts';
import type { KitDriver } from '../kit/driver.ts';
import { launchChrome } from './chrome.ts';
import { controlOver, type ControlCall } from './control.ts';
import { launchFirefox } from './firefox.ts';
import { watchPromptTargets } from './prompts.ts';
import { Wallet } from './wallet.ts';
import { startChain, type ChainOptions, type LocalChain } from '../chain/index.ts';
import { walletOnChain } from '../kit/chain.ts';

export type Puppeteer = Pick<PuppeteerNode, 'launch'>;

export interface LaunchWalletOptions {
  /** 'chrome' (default): Chromium, found as the Playwright kit finds it. 'firefox': Firefox 140+, FIREFOX_PATH or Debian's firefox-esr. */
  browser?: 'chrome' | 'firefox';
  executablePath?: string;
  headless?: boolean;
  /** Where newPage() points relative addresses; e.g. 'http://localhost:3000'. */
  baseURL?: string;
  /** Your own puppeteer-core (or puppeteer); by default the kit imports puppeteer-core. */
  puppeteer?: Puppeteer;
  /** Other wallets the browser appears to have (setting identities), e.g. ['xverse'] or ['unisat', 'okx']: as the Playwright kit's option, kept across reset(). */
  identities?: IdentityName[];
  /**
   * Warm approval windows (setting warmWindow), kept across reset(): on by default, as in the Playwright kit (a
   * call's window is ready when the call comes). In Firefox, open pages with session.newPage() (or Puppeteer's
   * `browser.newPage({ type: 'window' })`): docs/puppeteer-and-firefox.md says why.
   */
  warmWindow?: boolean;
  /** Any other settings the wallet starts with (accountCount, network, accountRule…), kept across reset(). */
  settings?: SettingsPatch;
  /**
   * The embedded chain (docs/chain.md): `true` or its options start one with the browser, the wallet on
   * it across reset(), closed with the session; a LocalChain you started is used and left open.
   */
  chain?: true | ChainOptions | LocalChain;
}

/** What one launch gives a driver: the browser, the wallet's extension origin, and a way to call its control object. */
export interface Launched {
  browser: Browser;
  origin: string;
  call: ControlCall;
  /** Removes what the browser leaves once closed (Chrome's temporary profile). */
  release?: () => Promise<void>;
}

export interface WalletSession {
  browser: Browser;
  /** What the user does with their wallet: approve, reject, switch account, network, variant… */
  wallet: Wallet;
  /** 'chrome' or 'firefox'. */
  browserName: 'chrome' | 'firefox';
  /** The wallet's pages' origin: chrome-extension://<id>/ or moz-extension://<uuid>/. */
  extensionOrigin: string;
  /** A new tab, at `url` (resolved against baseURL) when given. */
  newPage(url?: string): Promise<Page>;
  /** The chain the wallet is on, when launched with `chain`: its URLs and controls (fund, mine, fee rates, read a transaction). */
  chain?: LocalChain;
  /** Closes the browser and everything in it (and the chain it started). */
  close(): Promise<void>;
}

const isLocalChain = (chain: LaunchWalletOptions['chain']): chain is LocalChain => typeof chain === 'object' && 'bitcoin' in chain;

export async function launchWallet(options: LaunchWalletOptions = {}): Promise<WalletSession> {
  const browserName = options.browser ?? 'chrome';
  if (browserName !== 'chrome' && browserName !== 'firefox')
    throw new WalletSetupError(`launchWallet: browser must be 'chrome' or 'firefox', got ${JSON.stringify(browserName)}`);
  // What reset() returns to: the defaults with these over them, as the Playwright kit's options;
  // checked before any browser starts, so a bad one fails at once, naming the field.
  const baseline: SettingsPatch = {
    ...options.settings,
    ...(options.identities && { identities: options.identities }),
    warmWindow: options.warmWindow ?? true,
  };
  try {
    applySettingsPatch(defaultSettings(), baseline);
  } catch (error) {
    throw new WalletSetupError(`launchWallet: the wallet refuses these settings: ${error instanceof Error ? error.message : String(error)}`);
  }
  const puppeteer = options.puppeteer ?? (await importPuppeteer());
  const extension = extensionPath();
  // The chain starts while the browser does.
  const starting = options.chain === undefined || isLocalChain(options.chain) ? undefined : startChain(options.chain === true ? {} : options.chain);
  let launched: Launched;
  let chain: LocalChain | undefined;
  try {
    [launched, chain] = await Promise.all([
      (browserName === 'firefox' ? launchFirefox : launchChrome)(puppeteer, extension, options),
      starting ?? (isLocalChain(options.chain) ? options.chain : undefined),
    ]);
  } catch (error) {
    await starting?.then((c) => c.close()).catch(() => undefined);
    throw error;
  }
  const ownChain = starting ? chain : undefined;
  if (chain) Object.assign(baseline, walletOnChain(chain));
  const driver: KitDriver<Page> = {
    control: controlOver(launched.call),
    watchPrompts: (found) => watchPromptTargets(launched.browser, launched.origin, found),
  };
  const wallet = new Wallet(driver);
  if (Object.keys(baseline).length > 0) {
    wallet.setBaseline(baseline);
    try {
      await wallet.reset();
    } catch (error) {
      await launched.browser.close();
      await launched.release?.();
      await ownChain?.close();
      throw error;
    }
  }
  return {
    browser: launched.browser,
    wallet,
    browserName,
    extensionOrigin: launched.origin,
    ...(chain && { chain }),
    async newPage(url) {
      // Firefox opens a new tab in the window it used last, which may be a warm approval window (a
      // popup): the tab is moved out of it and Puppeteer's page detaches. With warm windows on, each
      // page gets a window of its own there (about 130 ms more than a tab, so only then).
      const ownWindow = browserName === 'firefox' && (await driver.control('getSettings')).warmWindow;
      const page = await launched.browser.newPage(ownWindow ? { type: 'window' } : undefined);
      if (url !== undefined) await page.goto(options.baseURL === undefined ? url : new URL(url, options.baseURL).href);
      return page;
    },
    async close() {
      await launched.browser.close();
      await launched.release?.();
      await ownChain?.close();
    },
  };
}

async function importPuppeteer(): Promise<Puppeteer> {
  try {
    return (await import('puppeteer-core')).default;
  } catch (error) {
    throw new WalletSetupError(`launchWallet needs puppeteer-core: npm install --save-dev puppeteer-core (${String(error)})`);
  }
}
