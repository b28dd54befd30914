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
  // BiDi may not navigate to an extension page; a page may, to a web-accessible one.
  await tab.goto('data:text/html,<title>mock wallet</title>');
  await tab.evaluate(`location.href = ${JSON.stringify(origin + CONTROL_PAGE)}`);
  await tab.waitForFunction(`location.href === ${JSON.stringify(origin + CONTROL_PAGE)} && document.readyState === 'complete'`, { timeout: 10_000, polling: 20 });
  return tab;
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
