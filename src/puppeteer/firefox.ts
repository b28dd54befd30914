// Firefox under Puppeteer (WebDriver BiDi): the wallet installs as a temporary add-on. Firefox
// gives the kit no handle on the background, so control calls run in the wallet's control page
// (popup/control.html, web-accessible only so a tab can be sent there), which reaches the
// background page with runtime.getBackgroundPage().
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { CONTROL_GLOBAL, type WalletControl } from '../shared/control.ts';
import { CONTROL_PAGE } from '../shared/windows.ts';
import { findFirefox, geckoId, WalletSetupError, withTimeout } from '../kit/setup.ts';
import type { Launched, LaunchWalletOptions, Puppeteer } from './launch.ts';
import { controlScript, type ControlCall } from './control.ts';
import { acknowledgePromptly } from './acks.ts';
import { profileForLaunch, removeProfile, removeWhenClosed } from './firefox-profile.ts';

const CONTROL_TIMEOUT_MS = 20_000;
/** How long Firefox may take to show the control page before the kit says it would not. */
const CONTROL_OPEN_MS = 5_000;

export async function launchFirefox(puppeteer: Puppeteer, extension: string, options: LaunchWalletOptions): Promise<Launched> {
  const executablePath = options.executablePath ?? findFirefox();
  // A known internal address for this launch, so the kit can find the wallet's pages.
  const uuid = randomUUID();
  // A copy of a profile Firefox has started in before: it starts in about half the time (firefox-profile.ts).
  const profile = await profileForLaunch(puppeteer, executablePath);
  const browser = await puppeteer
    .launch({
      browser: 'firefox',
      executablePath,
      headless: options.headless ?? true,
      defaultViewport: null,
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [geckoId(extension)]: uuid }) },
      ...(profile && { userDataDir: profile }),
    })
    .catch(async (error: unknown) => {
      if (profile) await removeProfile(profile);
      throw error;
    });
  if (profile) removeWhenClosed(browser, profile);
  acknowledgePromptly(browser);
  try {
    await browser.installExtension(extension);
  } catch (error) {
    await browser.close();
    throw new WalletSetupError(`Firefox started but would not install the wallet (${String(error)}). Firefox 140 or newer is needed.`);
  }
  const origin = `moz-extension://${uuid}/`;
  // The control tab is opened now, before any test asks anything: opened later, from inside a
  // call made while an approval window was up, Firefox took 10 s or more to show it, or refused.
  let control: Page;
  try {
    control = await openControlPage(browser, origin);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return { browser, origin, call: controlPageCall(browser, origin, control) };
}

/** A tab on the wallet's control page: an extension page, where the extension API is at hand. */
export async function openControlPage(browser: Browser, origin: string): Promise<Page> {
  // A window of its own: a new tab goes to the window Firefox used last, which may be a warm
  // approval window (a popup), where the navigation below is refused.
  const tab = await browser.newPage({ type: 'window' });
  const url = origin + CONTROL_PAGE;
  // Firefox 153 lets a data: page send its tab to a web-accessible extension page, and BiDi may
  // not navigate there. Firefox 140 ESR refuses the page ("Access … from script denied") but lets
  // BiDi navigate, without ever reporting the load: the goto is left to time out unheeded, and the
  // page's own address says when it is there.
  await tab.goto('data:text/html,<title>mock wallet</title>');
  try {
    await tab.evaluate(`location.href = ${JSON.stringify(url)}`);
  } catch {
    void tab.goto(url, { timeout: 15_000 }).catch(() => undefined);
  }
  if (!(await until(tab, `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`, CONTROL_OPEN_MS))) {
    await tab.close().catch(() => undefined);
    throw new WalletSetupError(`Firefox did not open the wallet's control page (${url}) within ${CONTROL_OPEN_MS / 1000} s`);
  }
  return tab;
}

/**
 * Whether `expression` came true in the page within `ms`, asked every `every` ms with plain evaluates:
 * on an extension page waitForFunction fails, its helper calls Function(), which the CSP refuses.
 */
export async function until(page: Page, expression: string, ms: number, every = 20): Promise<boolean> {
  for (const started = Date.now(); !(await page.evaluate(expression).catch(() => false)); ) {
    if (Date.now() - started > ms) return false;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return true;
}

/** How long a live tab may take to answer a trivial evaluate. */
const CHECK_MS = 500;
/** Whether the page answers a trivial evaluate within CHECK_MS (a closed Firefox tab never does). */
const answers = (tab: Page): Promise<boolean> =>
  Promise.race([
    tab.evaluate('1').then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_MS)),
  ]);

/** Control calls that change nothing: made again safely. */
const READS: ReadonlySet<string> = new Set<keyof WalletControl>([
  'decided',
  'listPending',
  'getSettings',
  'settingsProblems',
  'calls',
  'usage',
  'warmReady',
  'prederived',
  'stacksNonce',
]);

/** Calls through the control page; a control tab a test closed is opened again before the next call, not after it fails. */
export function controlPageCall(browser: Browser, origin: string, first: Page): ControlCall {
  // The tab in use, shared by the calls made at once. Opened again at the next call, not at once: a tab
  // opened while an approval window waits for its press takes the focus (the kit brings the window to
  // the front before it presses, and asks the wallet only after).
  let page: Promise<Page> | undefined;
  const use = (opening: Promise<Page>): Promise<Page> => {
    page = opening;
    opening.then((tab) => tab.once('close', () => page === opening && (page = undefined))).catch(() => undefined);
    return opening;
  };
  const open = (): Promise<Page> => use(openControlPage(browser, origin));
  // A tab given up is closed (on a loaded machine a live one may only be slow, and would stay open
  // beside its replacement), and forgotten unless a call made at once has already replaced it.
  const retire = (shared: Promise<Page>, tab: Page | undefined): void => {
    if (page === shared) page = undefined;
    void tab?.close().catch(() => undefined);
  };
  use(Promise.resolve(first));
  return async (method, json) => {
    const script = controlScript(CONTROL_GLOBAL, method, json, '(await browser.runtime.getBackgroundPage())');
    const ask = (tab: Page): Promise<string> => withTimeout(tab.evaluate(script), CONTROL_TIMEOUT_MS, 'the wallet did not answer') as Promise<string>;
    for (let attempt = 0; ; attempt++) {
      let shared = page ?? open();
      let tab: Page | undefined;
      try {
        tab = await shared;
        // Firefox may report no close for a tab a test closed (and keeps listing it), and an evaluate
        // there never returns: a control tab that does not answer at once is opened again first. A call
        // that only reads is made at once, and the tab checked only if it has not answered within the
        // check's time (a round trip less on an approval's path); one that changes the wallet waits for
        // the check, so that it is never made twice. (Two evaluates started together in one Firefox
        // tab cost about 45 ms, one after the other about 3, before the kit acknowledged Firefox's
        // messages at once (acks.ts); about 2 ms either way since. They are still never started together.)
        if (READS.has(method)) {
          const asked = ask(tab);
          asked.catch(() => undefined);
          const quick = await Promise.race([asked, new Promise<undefined>((resolve) => setTimeout(resolve, CHECK_MS))]);
          if (quick !== undefined) return quick;
          if (await answers(tab)) return await asked;
        } else if (await answers(tab)) {
          return await ask(tab);
        }
        retire(shared, tab);
        shared = page ?? open();
        tab = await shared;
        return await ask(tab);
      } catch (error) {
        retire(shared, tab);
        // The control tab was closed or navigated, or would not open (opened while an approval
        // window is up, Firefox took more than 5 s in one run in four): once more.
        if (attempt === 0) continue;
        throw error;
      }
    }
  };
}
