// npm run bench, Firefox rows: a kit-approved getAddresses through the Puppeteer kit, beside
// Firefox's own window floor measured the same way (an empty extension page opened with
// windows.create, found by the kit's own watcher, until its DOMContentLoaded).
import { launchWallet } from '../src/puppeteer/index.ts';
import { openControlPage, until } from '../src/puppeteer/firefox.ts';
import { watchExtensionPages } from '../src/puppeteer/prompts.ts';
import { PROMPT_BOUNDS } from '../src/shared/windows.ts';

export interface FirefoxTimes {
  version: string;
  windowFloor: number[];
  windowApproved: number[];
}

export async function firefoxWindows(pageUrl: string, count: number, warmups = 2): Promise<FirefoxTimes> {
  const session = await launchWallet({ browser: 'firefox' });
  try {
    const { browser, wallet, extensionOrigin } = session;
    const control = await openControlPage(browser, extensionOrigin);
    const floorUrl = `${extensionOrigin}popup/floor.html`;
    const floors: ((loaded: boolean) => void)[] = [];
    watchExtensionPages(browser, floorUrl, (page) => {
      void until(page, `document.readyState !== 'loading'`, 10_000, 10).then((loaded) => floors.shift()?.(loaded));
    });
    const windowFloor = async (): Promise<number> => {
      const started = performance.now();
      const loaded = new Promise<boolean>((resolve) => floors.push(resolve));
      const id = (await control.evaluate(`browser.windows.create({ url: ${JSON.stringify(floorUrl)}, type: 'popup', focused: true, ...${JSON.stringify(PROMPT_BOUNDS)} }).then((w) => w.id)`)) as number;
      if (!(await loaded)) throw new Error(`Firefox's empty window (${floorUrl}) did not load within 10 s`);
      const elapsed = performance.now() - started;
      await control.evaluate(`browser.windows.remove(${id})`);
      return elapsed;
    };
    await wallet.reset();
    const page = await session.newPage(pageUrl);
    const approved = async (): Promise<number> => {
      const started = performance.now();
      const call = page.evaluate(`window.WalletProvider.request('getAddresses')`);
      await wallet.approveNext();
      await call;
      return performance.now() - started;
    };
    const times: FirefoxTimes = { version: await browser.version(), windowFloor: [], windowApproved: [] };
    for (let i = 0; i < count + warmups; i++) {
      const floor = await windowFloor();
      const call = await approved();
      if (i < warmups) continue;
      times.windowFloor.push(floor);
      times.windowApproved.push(call);
    }
    return times;
  } finally {
    await session.close();
  }
}
