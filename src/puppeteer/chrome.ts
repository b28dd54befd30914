// Chromium under Puppeteer: the wallet loads as an unpacked extension, and its control object
// is called in the service worker.
import type { Browser, WebWorker } from 'puppeteer-core';
import { CONTROL_GLOBAL } from '../shared/control.ts';
import {
  chromiumArgs,
  EXTENSION_NUDGE_MS,
  EXTENSION_START_MS,
  findChromiumAmong,
  UNUSED_CHROME_FEATURES,
  unpackedExtensionId,
  WalletSetupError,
  withTimeout,
} from '../kit/setup.ts';
import type { Launched, LaunchWalletOptions, Puppeteer } from './launch.ts';
import { controlScript, type ControlCall } from './control.ts';
import { ownedProfileDir, removeProfileDir } from '../kit/profile-dir.ts';

const CONTROL_TIMEOUT_MS = 20_000;

export async function launchChrome(puppeteer: Puppeteer, extension: string, options: LaunchWalletOptions): Promise<Launched> {
  const executablePath = options.executablePath ?? findChromiumAmong([]);
  // A profile of the kit's own rather than Puppeteer's: Puppeteer's stays behind after a Ctrl-C.
  const userDataDir = await ownedProfileDir();
  const release = (): Promise<void> => removeProfileDir(userDataDir);
  const browser = await puppeteer
    .launch({
      browser: 'chrome',
      executablePath,
      headless: options.headless ?? true,
      defaultViewport: null,
      ignoreDefaultArgs: ['--disable-extensions'],
      // Puppeteer merges a --disable-features given here into its own list.
      args: chromiumArgs(extension, `--disable-features=${UNUSED_CHROME_FEATURES.join(',')}`),
      userDataDir,
    })
    .catch(async (error: unknown) => {
      await release();
      throw error;
    });
  browser.once('disconnected', () => void release());
  // Started through CDP if Chromium has not started it by then (src/playwright/browser.ts, walletWorker, says why).
  const nudge = setTimeout(() => void startWorker(browser, `chrome-extension://${unpackedExtensionId(extension)}/`).catch(() => undefined), EXTENSION_NUDGE_MS);
  try {
    const target = await browser
      .waitForTarget((t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'), { timeout: EXTENSION_START_MS })
      .finally(() => clearTimeout(nudge));
    const origin = `chrome-extension://${new URL(target.url()).host}/`;
    return { browser, origin, call: workerCall(browser, origin), release };
  } catch (error) {
    await browser.close();
    await release();
    throw new WalletSetupError(
      `Chromium started but the wallet extension did not load (${String(error)}). Is ${executablePath} a Chromium that honours --load-extension?`,
    );
  }
}

async function startWorker(browser: Browser, origin: string): Promise<void> {
  const [page] = await browser.pages();
  const cdp = await (page ?? (await browser.newPage())).createCDPSession();
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.startWorker', { scopeURL: origin });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Calls the control object in the wallet's service worker, finding it again after it restarts. */
function workerCall(browser: Browser, origin: string): ControlCall {
  let worker: Promise<WebWorker | null> | undefined;
  const find = (): Promise<WebWorker | null> =>
    (worker ??= browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().startsWith(origin), { timeout: 10_000 }).then((t) => t.worker()));
  return async (method, json) => {
    for (let attempt = 0; ; attempt++) {
      const live = await find();
      if (!live) throw new WalletSetupError("the wallet's service worker could not be reached");
      try {
        return (await withTimeout(
          live.evaluate(controlScript(CONTROL_GLOBAL, method, json, 'globalThis')),
          CONTROL_TIMEOUT_MS,
          'the wallet did not answer',
        )) as string;
      } catch (error) {
        worker = undefined; // stopped or restarted: look it up again
        if (attempt === 0 && /closed|destroyed|detached|not found/i.test(String(error))) continue;
        throw error;
      }
    }
  };
}
