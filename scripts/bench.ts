// npm run bench: the hot paths of the real extension in Chromium, each beside a baseline
// measured in the same run. Prints a table and writes out/bench-results.json.
//   --quick   tiny counts, for a smoke run (the test suite uses it)
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startDemoServer } from '../e2e/demo/server.ts';
import { Wallet, WalletBrowser } from '../src/testing/index.ts';

const quick = process.argv.includes('--quick');
const N = quick
  ? { warm: 5, window: 3, cold: 2, reset: 5, launch: 1 }
  : { warm: 100, window: 40, cold: 20, reset: 60, launch: 6 };
const BATCH = 10; // warm paths: each sample is the mean of 10 calls

interface Stats {
  n: number;
  median: number;
  p95: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, median: at(0.5), p95: at(0.95) };
}

type Provider = { request(method: string, params?: unknown): Promise<unknown> };

/**
 * Times `count` sequential calls inside the page, so only the wallet's path is measured.
 * Pages get a clock coarsened to 0.1 ms: with `batch` > 1 each sample is the mean of a
 * batch of calls, which resolves sub-millisecond paths.
 */
function timeInPage(page: Page, global: string, method: string, count: number, batch = 1): Promise<number[]> {
  return page.evaluate(
    async ([name, m, n, b]) => {
      const provider = (window as unknown as Record<string, Provider>)[name]!;
      const samples: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        for (let j = 0; j < b; j++) await provider.request(m).catch(() => undefined);
        samples.push((performance.now() - started) / b);
      }
      return samples;
    },
    [global, method, count, batch] as const,
  );
}

const server = await startDemoServer(0);
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/blank.html`;
const browser = await WalletBrowser.launch();
const wallet = new Wallet(browser);
const page = await browser.context.newPage();

// The peer: an in-page mock provider, as page.addInitScript-based wallets do it.
const canned = await (async () => {
  await wallet.setApprovalPolicy('approve');
  await page.goto(url);
  return page.evaluate(() => (window as unknown as { WalletProvider: Provider }).WalletProvider.request('getAddresses'));
})();
// A plain string: a bundler's helpers must not leak into the page.
await page.addInitScript(
  `window.PeerProvider = { request: async () => ({ ...${JSON.stringify(canned)}, id: crypto.randomUUID() }) };`,
);
await page.goto(url);

const results: Record<string, Stats> = {};

// Warm up each path, then measure.
await timeInPage(page, 'WalletProvider', 'bench_floor', 30);
results['floor'] = stats(await timeInPage(page, 'WalletProvider', 'bench_floor', N.warm, BATCH));
await timeInPage(page, 'PeerProvider', 'getAddresses', 30);
// The in-page peer is far below the page clock's 0.1 ms grain: it needs bigger batches.
results['peer'] = stats(await timeInPage(page, 'PeerProvider', 'getAddresses', N.warm, 1000));
await timeInPage(page, 'WalletProvider', 'getAddresses', 30);
results['autoApproved'] = stats(await timeInPage(page, 'WalletProvider', 'getAddresses', N.warm, BATCH));

// Approval through the real window, clicked by the kit.
await wallet.setApprovalPolicy('prompt');
// As a test does it: one approveNext() per call.
const windowSamples: number[] = [];
for (let i = 0; i < N.window + 2; i++) {
  const started = performance.now();
  const call = page.evaluate(() => (window as unknown as { WalletProvider: Provider }).WalletProvider.request('getAddresses'));
  await wallet.approveNext();
  await call;
  if (i >= 2) windowSamples.push(performance.now() - started);
}
results['windowApproved'] = stats(windowSamples);

// Again in phases (each phase boundary costs a round trip of its own, so these add up to a
// little more): the window appearing and loading is the path's floor; the rest is ours.
const phases = { appears: [] as number[], ready: [] as number[], answered: [] as number[] };
for (let i = 0; i < N.window + 2; i++) {
  const started = performance.now();
  const call = page.evaluate(() => (window as unknown as { WalletProvider: Provider }).WalletProvider.request('getAddresses'));
  const prompt = await wallet.nextPrompt();
  const appeared = performance.now();
  await prompt.ready();
  const ready = performance.now();
  await prompt.approve();
  await call;
  const done = performance.now();
  if (i < 2) continue; // warm-up
  phases.appears.push(appeared - started);
  phases.ready.push(ready - appeared);
  phases.answered.push(done - ready);
}
results['windowAppears'] = stats(phases.appears);
results['windowReady'] = stats(phases.ready);
results['windowClick'] = stats(phases.answered);

// First call after Chrome stops the worker: it starts again and derives from a cold cache.
await wallet.setApprovalPolicy('approve');
const cold = { floor: [] as number[], call: [] as number[], derive: [] as number[] };
for (let i = 0; i < N.cold; i++) {
  // The floor: a restarted worker answering a call that needs no keys.
  await wallet.stopServiceWorker();
  cold.floor.push((await timeInPage(page, 'WalletProvider', 'bench_floor', 1))[0]!);
  // The first getAddresses of a restarted worker (keys derived before, kept in session storage).
  await wallet.stopServiceWorker();
  cold.call.push((await timeInPage(page, 'WalletProvider', 'getAddresses', 1))[0]!);
  // The worst case: an account never derived before, on a restarted worker.
  await wallet.setActiveAccount(1000 + i);
  await wallet.stopServiceWorker();
  cold.derive.push((await timeInPage(page, 'WalletProvider', 'getAddresses', 1))[0]!);
}
results['coldFloor'] = stats(cold.floor);
results['coldFirstCall'] = stats(cold.call);
results['coldDerivation'] = stats(cold.derive);

// Per-test reset versus a fresh browser per test.
const resetSamples: number[] = [];
for (let i = 0; i < N.reset; i++) {
  const started = performance.now();
  await wallet.reset();
  resetSamples.push(performance.now() - started);
}
results['reset'] = stats(resetSamples);
await browser.close();

const launchSamples: number[] = [];
for (let i = 0; i < N.launch; i++) {
  const started = performance.now();
  const fresh = await WalletBrowser.launch();
  launchSamples.push(performance.now() - started);
  await fresh.close();
}
results['freshLaunch'] = stats(launchSamples);
server.close();

interface Row {
  path: string;
  stats: Stats;
  baseline?: string;
  ratio?: number;
  target: string;
  met: boolean;
}

const r = results as Record<'floor' | 'peer' | 'autoApproved' | 'windowApproved' | 'windowAppears' | 'windowReady' | 'windowClick' | 'coldFloor' | 'coldFirstCall' | 'coldDerivation' | 'reset' | 'freshLaunch', Stats>;
const rows: Row[] = [
  { path: 'floor: page→relay→worker→page, unknown method (-32601)', stats: r.floor, target: '—', met: true },
  { path: 'peer: in-page mock provider (addInitScript), no extension', stats: r.peer, baseline: 'floor', ratio: r.peer.median / r.floor.median, target: '—', met: true },
  { path: 'auto-approved getAddresses, warm', stats: r.autoApproved, baseline: 'floor', ratio: r.autoApproved.median / r.floor.median, target: '≤ 1.5× floor', met: r.autoApproved.median <= 1.5 * r.floor.median },
  { path: 'approval through the real window (approveNext)', stats: r.windowApproved, baseline: 'floor', ratio: r.windowApproved.median / r.floor.median, target: '≤ 100 ms', met: r.windowApproved.median <= 100 },
  { path: '  of which: request → window appears (page event)', stats: r.windowAppears, target: '—', met: true },
  { path: '  of which: window appears → its script ready', stats: r.windowReady, target: '—', met: true },
  { path: '  of which: click → page has the answer, window closed', stats: r.windowClick, target: '—', met: true },
  { path: 'cold floor: unknown method right after a forced worker stop', stats: r.coldFloor, target: '—', met: true },
  { path: 'first getAddresses after a forced worker stop', stats: r.coldFirstCall, baseline: 'cold floor', ratio: r.coldFirstCall.median / r.coldFloor.median, target: '≤ 50 ms', met: r.coldFirstCall.median <= 50 },
  { path: 'same, for an account never derived before (cold derivation)', stats: r.coldDerivation, baseline: 'cold floor', ratio: r.coldDerivation.median / r.coldFloor.median, target: '—', met: true },
  { path: 'wallet.reset() between tests', stats: r.reset, baseline: 'fresh launch', ratio: r.reset.median / r.freshLaunch.median, target: '≤ 20 ms', met: r.reset.median <= 20 },
  { path: 'fresh persistent-context launch + worker ready', stats: r.freshLaunch, target: '—', met: true },
];

const ms = (v: number) => (v < 0.1 ? `${(v * 1000).toFixed(1)} µs` : `${v.toFixed(v < 10 ? 2 : 1)} ms`);
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.context.browser()?.version() ?? 'Chromium'}`;
const lines = [
  `| path | n | median | p95 | vs | ratio | target | met |`,
  `|---|---:|---:|---:|---|---:|---|---|`,
  ...rows.map((row) =>
    `| ${row.path} | ${row.stats.n} | ${ms(row.stats.median)} | ${ms(row.stats.p95)} | ${row.baseline ?? ''} | ${row.ratio === undefined ? '' : `${row.ratio < 0.01 ? row.ratio.toExponential(1) : row.ratio.toFixed(2)}×`} | ${row.target} | ${row.target === '—' ? '' : row.met ? 'yes' : 'NO'} |`,
  ),
];
console.log(`\nmock-wallet-provider bench${quick ? ' (quick smoke run: counts too small to trust)' : ''} — ${machine}\n`);
console.log(lines.join('\n'));
await mkdir('out', { recursive: true });
await writeFile('out/bench-results.json', `${JSON.stringify({ date: new Date().toISOString(), machine, quick, rows }, null, 2)}\n`);
console.log('\nwritten to out/bench-results.json');
