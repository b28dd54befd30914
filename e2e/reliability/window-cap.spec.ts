// At most maxOpenWindows approval windows are open at once: later requests wait their turn, fair
// across sites, each still gets its own window, nothing is lost, and memory stays bounded.
import { test, expect, type BrowserContext, type Page } from 'mock-wallet-provider/testing';
import { execFileSync } from 'node:child_process';
import { request, isPromptPage } from '../support/support.ts';

const promptWindows = (context: BrowserContext): number => context.pages().filter(isPromptPage).length;

/** A tab at a site of its own: Chromium resolves every *.localhost name to this machine. */
async function site(context: BrowserContext, n: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`http://site-${n}.localhost:5317/blank.html`);
  return page;
}

/**
 * Resident memory of this test's browser, MB: its own processes as it lists them (CDP
 * SystemInfo.getProcessInfo), not every Chromium of the machine (the other worker's browser, growing
 * and shrinking meanwhile, once counted for 1.5 GB of a CI run's difference).
 */
async function browserRssMb(context: BrowserContext): Promise<number> {
  const cdp = await context.browser()!.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number }[] };
  await cdp.detach();
  const out = execFileSync('ps', ['-o', 'rss=', '-p', processInfo.map((p) => p.id).join(',')]).toString();
  return (
    out
      .split('\n')
      .filter(Boolean)
      .reduce((sum, kb) => sum + Number(kb), 0) / 1024
  );
}

test('beyond the cap requests wait in order; the next window goes to the site with the fewest open; every request is answered', async ({ context, wallet }) => {
  await wallet.setSettings({ maxOpenWindows: 2 });
  const [a, b] = [await site(context, 1), await site(context, 2)];
  const fromA = [0, 1, 2].map(() => request(a, 'getAddresses'));
  await expect.poll(async () => (await wallet.pending()).length).toBe(3);
  const fromB = request(b, 'getAddresses');
  await expect.poll(async () => (await wallet.pending()).length).toBe(4);
  await expect.poll(() => promptWindows(context)).toBe(2);
  // A window closes: B, with none open, goes before A's third, which is older.
  await wallet.approveNext();
  await expect
    .poll(async () =>
      (await wallet.pending())
        .filter((p) => p.windowId !== undefined)
        .map((p) => p.origin)
        .sort(),
    )
    .toEqual(['http://site-1.localhost:5317', 'http://site-2.localhost:5317']);
  for (let i = 0; i < 3; i++) await wallet.approveNext();
  const settled = await Promise.all([...fromA, fromB]);
  expect(settled.every((s) => s.ok)).toBe(true);
  await expect.poll(() => promptWindows(context)).toBe(0);
});

// 100 requests from 4 sites: six times the cap, each site past the 16 alone (8 sites and 200 requests cost 2 s more of
// the suite's CPU and proved nothing more).
test('100 requests from 4 sites: at most 16 windows, memory within a few hundred MB of idle, all answered by a reset', async ({ context, wallet }) => {
  test.setTimeout(180_000);
  const sites = await Promise.all(Array.from({ length: 4 }, (_, n) => site(context, n + 10)));
  const idle = await browserRssMb(context);
  const calls = sites.flatMap((page) => Array.from({ length: 25 }, () => request(page, 'getAddresses')));
  await expect.poll(async () => (await wallet.pending()).length, { timeout: 60_000 }).toBe(100);
  await expect.poll(() => promptWindows(context), { timeout: 30_000 }).toBe(16);
  const busy = await browserRssMb(context);
  expect(busy - idle, `idle ${Math.round(idle)} MB, with 100 waiting ${Math.round(busy)} MB`).toBeLessThan(400);
  expect((await wallet.pending()).filter((p) => p.windowId !== undefined)).toHaveLength(16);
  await wallet.reset();
  const settled = await Promise.all(calls);
  expect(settled.every((s) => !s.ok && s.response.error?.code === 4001)).toBe(true);
  await expect.poll(() => promptWindows(context)).toBe(0);
});
