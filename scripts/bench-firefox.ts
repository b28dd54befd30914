// npm run bench, Firefox rows: a kit-approved getAddresses through the Puppeteer kit, beside
// Firefox's own window floor measured the same way (an empty extension page opened with
// windows.create, found by the kit's own watcher, until its DOMContentLoaded); then the same call
// with warm windows on, in Firefox and in Chromium, through the same kit (issue #35).
import type { Browser, Page } from 'puppeteer-core';
import { launchWallet, type Wallet, type WalletSession } from '../src/puppeteer/index.ts';
import { openControlPage, until as untilTrue } from '../src/puppeteer/firefox.ts';
import { watchExtensionPages } from '../src/puppeteer/prompts.ts';
import { PROMPT_BOUNDS } from '../src/shared/windows.ts';

export interface FirefoxTimes {
  version: string;
  windowFloor: number[];
  windowApproved: number[];
  /** With warm windows on: Firefox, then Chromium, each a call after the pool is ready. */
  warmApproved: number[];
  chromeWarmApproved: number[];
  /** A trivial evaluate in the control page: before a window is made, and right after one is closed. */
  roundTrip: number[];
  afterClose: number[];
}

/** A kit-approved getAddresses from `page`, request → answer. */
export async function approvedIn(page: Page, wallet: Wallet): Promise<number> {
  const started = performance.now();
  // Together: a failed approveNext must not leave the call's rejection unhandled (it would end the bench
  // with Puppeteer's "Target closed" when the browser closes, hiding the kit's own error).
  await Promise.all([page.evaluate(`window.WalletProvider.request('getAddresses')`), wallet.approveNext()]);
  return performance.now() - started;
}

/** Each sample starts once the warm windows are loaded and waiting, as the Chromium warm rows do. */
async function warmCalls(session: WalletSession, pageUrl: string, count: number, warmups: number): Promise<number[]> {
  await session.wallet.setSettings({ warmWindow: true });
  const page = await session.newPage(pageUrl);
  const times: number[] = [];
  for (let i = 0; i < count + warmups; i++) {
    await untilWarm(session.wallet, session.browserName);
    const call = await approvedIn(page, session.wallet);
    if (i >= warmups) times.push(call);
  }
  return times;
}

/**
 * Opens the window floor's page (an empty extension page, `popup/floor.html`) from an extension page of the
 * Puppeteer kit's browser (`api`: that browser's extension namespace), and times it until the kit's own watcher
 * finds it and it says it is loaded. Returns the time and the window's id (the caller closes it).
 */
export function floorOpener(browser: Browser, origin: string, control: Page, api: 'browser' | 'chrome'): () => Promise<{ took: number; id: number }> {
  const url = `${origin}popup/floor.html`;
  const floors: ((loaded: boolean) => void)[] = [];
  watchExtensionPages(browser, url, (page) => {
    void untilTrue(page, `document.readyState !== 'loading'`, 10_000, 10).then((loaded) => floors.shift()?.(loaded));
  });
  return async () => {
    const started = performance.now();
    const loaded = new Promise<boolean>((resolve) => floors.push(resolve));
    const id = (await control.evaluate(
      `${api}.windows.create({ url: ${JSON.stringify(url)}, type: 'popup', focused: true, ...${JSON.stringify(PROMPT_BOUNDS)} }).then((w) => w.id)`,
    )) as number;
    if (!(await loaded)) throw new Error(`the empty extension window (${url}) did not load within 10 s`);
    return { took: performance.now() - started, id };
  };
}

/** Resolves once the wallet's warm windows are all loaded and waiting (either kit's wallet); fails after 10 s. */
export async function untilWarm(wallet: Pick<Wallet, 'warmReady'>, where: string): Promise<void> {
  for (let waited = 0; !(await wallet.warmReady()); waited += 5) {
    if (waited > 10_000) throw new Error(`the warm windows did not get ready within 10 s (${where})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function firefoxWindows(pageUrl: string, count: number, warmups = 2): Promise<FirefoxTimes> {
  const session = await launchWallet({ browser: 'firefox' });
  try {
    const { browser, wallet, extensionOrigin } = session;
    const control = await openControlPage(browser, extensionOrigin);
    const openFloor = floorOpener(browser, extensionOrigin, control, 'browser');
    const roundTrip = async (): Promise<number> => {
      const started = performance.now();
      await control.evaluate('1');
      return performance.now() - started;
    };
    /** The floor's window, and the next round trip after its close: what a BiDi call waits for Firefox's close of a window. */
    const windowFloor = async (): Promise<{ floor: number; idle: number; afterClose: number }> => {
      const idle = await roundTrip();
      const { took: floor, id } = await openFloor();
      await control.evaluate(`void browser.windows.remove(${id})`);
      const afterClose = await roundTrip();
      if (!(await untilTrue(control, `browser.windows.getAll().then((all) => !all.some((w) => w.id === ${id}))`, 10_000)))
        throw new Error(`Firefox's empty window ${id} did not close within 10 s`);
      return { floor, idle, afterClose };
    };
    await wallet.reset();
    const page = await session.newPage(pageUrl);
    const times: FirefoxTimes = {
      version: await browser.version(),
      windowFloor: [],
      windowApproved: [],
      warmApproved: [],
      chromeWarmApproved: [],
      roundTrip: [],
      afterClose: [],
    };
    for (let i = 0; i < count + warmups; i++) {
      const { floor, idle, afterClose } = await windowFloor();
      const call = await approvedIn(page, wallet);
      if (i < warmups) continue;
      times.windowFloor.push(floor);
      times.roundTrip.push(idle);
      times.afterClose.push(afterClose);
      times.windowApproved.push(call);
    }
    times.warmApproved = await warmCalls(session, pageUrl, count, warmups);
    const chrome = await launchWallet({ browser: 'chrome' });
    try {
      times.chromeWarmApproved = await warmCalls(chrome, pageUrl, count, warmups);
    } finally {
      await chrome.close();
    }
    return times;
  } finally {
    await session.close();
  }
}

/** Each browser's calls when several share one process: as calls come, and with every browser idle. */
export interface SeveralTimes {
  /** Each call once its own browser's warm windows are ready, the others' perhaps still being made again: as a suite meets it. */
  asCalled: { firefox: number[]; chrome: number[] };
  /** Each call once every browser's warm windows are ready: what sharing the process alone costs. */
  othersIdle: { firefox: number[]; chrome: number[] };
}
