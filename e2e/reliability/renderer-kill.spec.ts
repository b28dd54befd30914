// The extension's renderer processes killed at each point of taking a warm window (issue #49), as
// Chrome does under memory pressure: the worker and every window of the wallet die together. The
// page gets exactly one answer, approved in a new window, within a worker start and a new window.
import { test, expect, type BrowserContext, type Page } from 'mock-wallet-provider/testing';
import { killExtensionRenderers } from '../support/kill-renderers.ts';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
type Answer = { count: number; ok: boolean };

/** Starts a getAddresses whose answers the page counts under `tag` (a duplicate shows as 2). */
const call = (page: Page, tag: string): Promise<void> =>
  page.evaluate(`void window.WalletProvider.request('getAddresses').then(
    () => { const a = (window.__answers ??= {}); a[${JSON.stringify(tag)}] = { count: (a[${JSON.stringify(tag)}]?.count ?? 0) + 1, ok: true }; },
    () => { const a = (window.__answers ??= {}); a[${JSON.stringify(tag)}] = { count: (a[${JSON.stringify(tag)}]?.count ?? 0) + 1, ok: false }; })`);
const answers = (page: Page): Promise<Record<string, Answer>> =>
  page.evaluate(() => (window as unknown as { __answers?: Record<string, Answer> }).__answers ?? {});

/** Approval windows holding a request, a dead one included (Chrome keeps a crashed page's window open). */
const requestWindows = (context: BrowserContext): Page[] =>
  context.pages().filter((p) => !p.isClosed() && p.url().includes('/popup/approve.html?') && new URL(p.url()).searchParams.has('key'));

/** A live approval window ready to approve (one request waits at a time here, so it is this one's), or undefined after `ms`. */
async function liveWindow(context: BrowserContext, ms: number): Promise<Page | undefined> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(20)) {
    for (const p of requestWindows(context))
      if (
        await p
          .locator('#approve:enabled')
          .count()
          .catch(() => 0)
      )
        return p;
  }
  return undefined;
}

/** The kill itself, which must find the extension's renderers: one that matched no process would test nothing. */
function kill(): void {
  expect(killExtensionRenderers().length, "the extension's renderer processes killed").toBeGreaterThan(0);
}

/** Where the kill falls: before the call, a few ms after it (the probe's 20 ms among them), as the taken window draws, once it is shown. */
const points: [string, (page: Page, pool: Page[], tag: string) => Promise<void>][] = [
  [
    'before the request arrives',
    async (page, _pool, tag) => {
      kill();
      await call(page, tag);
    },
  ],
  ...[0, 5, 10, 20, 40].map((ms): (typeof points)[number] => [
    `${ms} ms after the page calls`,
    async (page, _pool, tag) => {
      await call(page, tag);
      await sleep(ms);
      kill();
    },
  ]),
  [
    'as the taken window draws',
    async (page, pool, tag) => {
      const taken = Promise.race(pool.map((p) => p.waitForURL(/[?&]key=/, { waitUntil: 'commit' })));
      await call(page, tag);
      await taken;
      kill();
    },
  ],
  [
    'once it is shown',
    async (page, pool, tag) => {
      await call(page, tag);
      await Promise.race(pool.map((p) => p.locator('#approve:enabled').waitFor()));
      kill();
    },
  ],
];

test('the extension renderers killed at each point of a warm window take: one answer each time, approved in a new window, soon', async ({
  context,
  page,
  wallet,
}) => {
  test.setTimeout(120_000);
  await page.goto('/blank.html');
  const took: number[] = [];
  for (const [point, killAt] of points) {
    await test.step(point, async () => {
      await expect.poll(() => wallet.warmReady(), { timeout: 10_000 }).toBe(true);
      const pool = context.pages().filter((p) => p.url().endsWith('/popup/approve.html?warm=1'));
      const started = Date.now();
      await killAt(page, pool, point);
      const window = await liveWindow(context, 10_000);
      if (!window)
        throw new Error(
          `${point}: no approval window within 10 s; the page's answer ${JSON.stringify((await answers(page))[point])}; pending ${JSON.stringify(await wallet.pending())}; log ${JSON.stringify((await wallet.calls()).slice(-2))}`,
        );
      took.push(Date.now() - started);
      // The window closes as the click is taken, which Playwright may report as a failed click: the answer says.
      await window
        .getByRole('button', { name: 'Approve', exact: true })
        .click()
        .catch(() => undefined);
      await expect.poll(async () => (await answers(page))[point]).toEqual({ count: 1, ok: true });
      // The dead window was closed, the new one closes with its answer.
      await expect.poll(() => requestWindows(context).length).toBe(0);
    });
  }
  await sleep(1_500); // a late duplicate would come within a poll or two
  expect(await answers(page)).toEqual(Object.fromEntries(points.map(([point]) => [point, { count: 1, ok: true }])));
  expect(await wallet.pending()).toEqual([]);
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(points.map(() => 'approved'));
  // Within a worker start and a new window: 0.2–0.3 s alone here, 0.3–0.8 s beside another test, 0.4–0.85 s
  // under a CPU hog (2 cores), 1–2.6 s with the whole suite on a loaded 2-core machine. Timings are not
  // asserted (docs/performance-and-reliability.md): the times are recorded; the bound only tells a
  // recovery from none (a lost request waits out the 10 s above, and the page's answer never comes).
  test.info().annotations.push({ type: 'ms from the kill to a new window', description: took.join(', ') });
  expect(Math.max(...took), `ms from the kill to a new window: ${took.join(', ')}`).toBeLessThan(8_000);
});
