// npm run bench, the Puppeteer kit's rows as a user's test sees them (issue #50): run by scripts/bench-runner.ts
// under node:test (`node --import tsx --test`), the kit launched with its defaults, the wallet reset before
// each test as the docs' node:test example does; each round the window floor (an empty extension page opened
// from the extension, found by the kit's own watcher, to its DOMContentLoaded), 400 ms idle, then getAddresses
// and a signMessage right after it, each from the test starting the request until the page has its answer
// and approveNext() has returned. Writes its samples to BENCH_OUT as JSON.
//   BENCH_BROWSER=chrome|firefox  BENCH_ROUNDS  BENCH_WARMUPS  BENCH_URL  BENCH_OUT
import { after, before, beforeEach, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import type { Page } from 'puppeteer-core';
import { launchWallet, type WalletSession } from '../src/puppeteer/index.ts';
import { openControlPage } from '../src/puppeteer/firefox.ts';
import { floorOpener } from './bench-firefox.ts';

const browserName = process.env['BENCH_BROWSER'] === 'firefox' ? 'firefox' : 'chrome';
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 12);
const warmups = Number(process.env['BENCH_WARMUPS'] ?? 2);
const url = process.env['BENCH_URL'] ?? 'about:blank';
const samples = { floor: [] as number[], first: [] as number[], next: [] as number[] };

let session: WalletSession;
let page: Page;
let control: Page;
let openFloor: () => Promise<{ took: number; id: number }>;
const api = browserName === 'firefox' ? 'browser' : 'chrome';

before(async () => {
  session = await launchWallet({ browser: browserName });
  if (browserName === 'firefox') control = await openControlPage(session.browser, session.extensionOrigin);
  else {
    control = await session.browser.newPage();
    await control.goto(`${session.extensionOrigin}popup/control.html`);
  }
  openFloor = floorOpener(session.browser, session.extensionOrigin, control, api);
  page = await session.newPage(url);
});

after(async () => {
  await writeFile(process.env['BENCH_OUT'] ?? 'bench-node-test.json', JSON.stringify(samples));
  await session?.close();
});

beforeEach(async () => {
  await session.wallet.reset();
});

async function floor(): Promise<number> {
  const { took, id } = await openFloor();
  await control.evaluate(`${api}.windows.remove(${id})`);
  return took;
}

async function approved(method: string, params?: unknown): Promise<number> {
  const started = performance.now();
  const call = page.evaluate(`window.WalletProvider.request(${JSON.stringify(method)}, ${JSON.stringify(params)})`) as Promise<{ error?: unknown }>;
  const [answer] = await Promise.all([call, session.wallet.approveNext()]);
  const took = performance.now() - started;
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return took;
}

for (let i = 0; i < rounds + warmups; i++) {
  test(`round ${i}`, async () => {
    const f = await floor();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const first = await approved('getAddresses');
    const next = await approved('signMessage', { message: 'right after' });
    if (i < warmups) return;
    samples.floor.push(f);
    samples.first.push(first);
    samples.next.push(next);
  });
}
