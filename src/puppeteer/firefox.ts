// Firefox under Puppeteer (WebDriver BiDi): the wallet installs as a temporary add-on. Firefox
// gives the kit no handle on the background, so control calls run in the wallet's control page
// (popup/control.html, web-accessible only so a tab can be sent there), which reaches the
// background page with runtime.getBackgroundPage().
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { CONTROL_GLOBAL } from '../shared/control.ts';
import { CONTROL_PAGE } from '../shared/windows.ts';
import { findFirefox, geckoId, WalletSetupError, withTimeout } from '../kit/setup.ts';
import type { Launched, LaunchWalletOptions, Puppeteer } from './launch.ts';
import { controlScript, type ControlCall } from './control.ts';

const CONTROL_TIMEOUT_MS = 20_000;

export async function launchFirefox(puppeteer: Puppeteer, extension: string, options: LaunchWalletOptions): Promise<Launched> {
  const executablePath = options.executablePath ?? findFirefox();
  // A known internal address for this launch, so the kit can find the wallet's pages.
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: options.headless ?? true,
    defaultViewport: null,
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [geckoId(extension)]: uuid }) },
  });
  try {
    await browser.installExtension(extension);
  } catch (error) {
    await browser.close();
    throw new WalletSetupError(`Firefox started but would not install the wallet (${String(error)}). Firefox 140 or newer is needed.`);
  }
  const origin = `moz-extension://${uuid}/`;
  return { browser, origin, call: controlPageCall(browser, origin) };
}

/** A tab on the wallet's control page: an extension page, where the extension API is at hand. */
export async function openControlPage(browser: Browser, origin: string): Promise<Page> {
  const tab = await browser.newPage();
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
  if (!(await until(tab, `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`, 10_000))) {
    throw new WalletSetupError(`Firefox did not open the wallet's control page (${url}) within 10 s`);
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

/** Calls through the control page, opening it (again, if a test closed it) when needed. */
function controlPageCall(browser: Browser, origin: string): ControlCall {
  let page: Promise<Page> | undefined;
  return async (method, json) => {
    for (let attempt = 0; ; attempt++) {
      const tab = await (page ??= openControlPage(browser, origin));
      try {
        const script = controlScript(CONTROL_GLOBAL, method, json, '(await browser.runtime.getBackgroundPage())');
        return (await withTimeout(tab.evaluate(script), CONTROL_TIMEOUT_MS, 'the wallet did not answer')) as string;
      } catch (error) {
        page = undefined;
        if (attempt === 0) continue; // the control tab was closed or navigated: open it again
        throw error;
      }
    }
  };
}
