// npm run bench: the hot paths of the real extension in Chromium, each beside a baseline
// measured in the same run. Prints a table and writes out/bench-results.json.
//   --quick   tiny counts, a smoke run that checks every kind of row is measured (exit 1 if one is missing)
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startDemoServer } from '../e2e/demo/server.ts';
import { Address, OutScript, Transaction, p2wpkh } from '@scure/btc-signer';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { KeyRing } from '../src/core/keyring.ts';
import { defaultSettings } from '../src/wallets/settings.ts';
import { approvedResponse } from '../src/wallets/answer.ts';
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { Wallet, WalletBrowser, expectedAddresses } from '../src/playwright/index.ts';
import { PROMPT_BOUNDS } from '../src/shared/windows.ts';
import { clearSiteData } from '../src/playwright/site-data.ts';
import { peerSuite, walletSuite, type SuiteTimes } from './bench-suite.ts';
import { firefoxWindows, untilWarm as untilWarmIn } from './bench-firefox.ts';
import { cpuSince, processTreeCpu } from './cpu.ts';
import { stats, type Row, type Stats } from './bench-rows.ts';
import { chainRows } from './bench-chain.ts';
import { inRunnerRows } from './bench-runner.ts';

const quick = process.argv.includes('--quick');
const N = quick
  ? { warm: 2, window: 1, warmups: 0, cold: 1, reset: 2, launch: 1, suite: 1, suiteWorkers: 1, psbtInputs: 20 }
  : { warm: 100, window: 40, warmups: 2, cold: 20, reset: 60, launch: 6, suite: 100, suiteWorkers: 2, psbtInputs: 300 };
/** A part of each kind of row's path: a quick run fails without one of them. */
const EVERY_KIND = [
  'floor',
  'peer',
  'auto-approved',
  'window floor',
  'window floor, scripted',
  'against the scripted floor',
  'real window',
  'signPsbt approved',
  'stx_transferStx approved',
  'after 400 ms idle',
  'back to back',
  'cold floor',
  'first getAddresses',
  'reset',
  'fresh persistent-context launch',
  'per-test kit overhead',
  'connect-and-approve tests',
  'CPU per test',
  'CPU of one approval window',
  'inputs: 4× the inputs',
  'Firefox: the same call in a warm window',
  'in a node:test file, Firefox launch, quiet',
  'right after an extension window is closed',
  "in a user's test, Playwright kit, quiet: window floor",
  'in a node:test file, Puppeteer kit (its defaults), Chromium, quiet: window floor',
  'request → answer and the kit call returned',
];
const BATCH = 10; // warm paths: each sample is the mean of 10 calls

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
await page.addInitScript(`window.PeerProvider = { request: async () => ({ ...${JSON.stringify(canned)}, id: crypto.randomUUID() }) };`);
await page.goto(url);

const results: Record<string, Stats> = {};

// Whole suites, as a developer runs them: connect-and-approve tests, fullyParallel; the same suite with the
// warm window off too (the fixtures without the next warm window being made meanwhile).
const baseURL = url.replace('/blank.html', '');
const suites = [
  () => walletSuite(baseURL, N.suite, N.suiteWorkers),
  () => peerSuite(baseURL, N.suite, N.suiteWorkers),
  () => walletSuite(baseURL, N.suite, N.suiteWorkers, 'warmWindow: false'),
] as const;
// A quick run only checks that each kind of row is measured and reported: it starts the Firefox rows and
// two suites now, beside the Chromium rows (its figures then share the machine and mean nothing); the
// suite with the warm window off is the first suite with one option, measured in a full run only.
// A full run measures each alone: Firefox first, while nothing else of this run loads the machine.
const quickly = quick
  ? { firefox: firefoxWindows(url, N.window, N.warmups), suites: Promise.all([suites[0](), suites[1](), Promise.resolve(undefined)]) }
  : undefined;
// A quick run starts its in-runner rows now too (their own processes and browsers), beside the rest.
const quickRunner = quick ? inRunnerRows(baseURL, true) : undefined;
quickRunner?.catch(() => undefined);
quickly?.firefox.catch(() => undefined);
quickly?.suites.catch(() => undefined);
const firefox = quickly ? undefined : await firefoxWindows(url, N.window, N.warmups);

// Warm up each path, then measure.
await timeInPage(page, 'WalletProvider', 'bench_floor', 30);
results['floor'] = stats(await timeInPage(page, 'WalletProvider', 'bench_floor', N.warm, BATCH));
await timeInPage(page, 'PeerProvider', 'getAddresses', 30);
// The in-page peer is far below the page clock's 0.1 ms grain: it needs bigger batches.
results['peer'] = stats(await timeInPage(page, 'PeerProvider', 'getAddresses', N.warm, 1000));
await timeInPage(page, 'WalletProvider', 'getAddresses', 30);
results['autoApproved'] = stats(await timeInPage(page, 'WalletProvider', 'getAddresses', N.warm, BATCH));

/**
 * DOMContentLoaded of a new window: Playwright's event, or, from a second on, the document's own readyState
 * asked every 50 ms (on a loaded machine Playwright once missed the event of a window that had loaded: the
 * suite's bench smoke waited out its 30 s). The rescue starts late so that it never weighs on a measurement.
 */
async function domReady(page: Page): Promise<void> {
  let done = false;
  const polled = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    while (!done) {
      if ((await page.evaluate(() => document.readyState).catch(() => 'loading')) !== 'loading') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.race([page.waitForLoadState('domcontentloaded'), polled]);
  done = true;
}

// Chrome's own cost for a window: chrome.windows.create of an empty extension page, until
// Playwright sees its DOMContentLoaded (as the kit sees the approval window).
// With `scripted`, the same page plus a one-line script: what any page that can take a click costs.
async function windowFloor(scripted = false): Promise<number> {
  const worker = await browser.worker();
  const file = scripted ? 'popup/floor-script.html' : 'popup/floor.html';
  const started = performance.now();
  const opened = browser.context.waitForEvent('page', (p) => p.url().includes(file));
  const id = (await worker.evaluate(
    `chrome.windows.create({ url: chrome.runtime.getURL('${file}'), type: 'popup', focused: true, ...${JSON.stringify(PROMPT_BOUNDS)} }).then((w) => w.id)`,
  )) as number;
  await domReady(await opened);
  const elapsed = performance.now() - started;
  await worker.evaluate(`chrome.windows.remove(${id})`);
  return elapsed;
}

/** One call approved through its real window, as a test does it: the call, approveNext(), the answer. */
async function windowApproved(method: string, params?: unknown): Promise<number> {
  const started = performance.now();
  const call = page.evaluate(([m, p]) => (window as unknown as { WalletProvider: Provider }).WalletProvider.request(m, p), [method, params] as const);
  const [answer] = (await Promise.all([call, wallet.approveNext()])) as [{ error?: unknown }, undefined];
  if (answer.error) throw new Error(`${method} failed in the bench: ${JSON.stringify(answer.error)}`);
  return performance.now() - started;
}

/** Each path once per round, in order (the machine's load drifts between them alike), after N.warmups warm-up rounds. */
async function interleaved<K extends string>(paths: Record<K, () => Promise<number>>): Promise<Record<K, number[]>> {
  const keys = Object.keys(paths) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < N.window + N.warmups; i++) {
    for (const key of keys) {
      const sample = await paths[key]();
      if (i >= N.warmups) out[key].push(sample);
    }
  }
  return out;
}

// A PSBT spending one of account 0's p2wpkh outputs, and a Stacks transfer: the signing windows.
const account0 = (await expectedAddresses()).addresses;
const segwit = account0.find((e) => e.symbol === 'BTC' && e.type === 'p2wpkh')!;
const psbt = new Transaction();
psbt.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: p2wpkh(hexToBytes(segwit.publicKey!)).script, amount: 50_000n } });
psbt.addOutputAddress(segwit.address, 40_000n);
const SIGN_PSBT = { hex: Buffer.from(psbt.toPSBT()).toString('hex'), account: 0 };
const TRANSFER_STX = { recipient: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', amount: '1000' };

// Approval through the real window, clicked by the kit, each call beside a floor window
// opened just before it (interleaved: the machine's load drifts between them alike).
// As a test starts: reset (the log of the thousands of calls above is no test's), then prompt.
await wallet.reset();
await wallet.setApprovalPolicy('prompt');
const samples = await interleaved({
  floor: () => windowFloor(),
  scripted: () => windowFloor(true),
  getAddresses: () => windowApproved('getAddresses'),
  signPsbt: () => windowApproved('signPsbt', SIGN_PSBT),
  transfer: () => windowApproved('stx_transferStx', TRANSFER_STX),
});
results['windowFloor'] = stats(samples.floor);
results['windowFloorScripted'] = stats(samples.scripted);
results['windowApproved'] = stats(samples.getAddresses);
results['windowSignPsbt'] = stats(samples.signPsbt);
results['windowTransferStx'] = stats(samples.transfer);

// Again in phases (each phase boundary costs a round trip of its own, so these add up to a
// little more): the window appearing and loading is the path's floor; the rest is ours.
const phases = { appears: [] as number[], ready: [] as number[], answered: [] as number[] };
for (let i = 0; i < N.window + N.warmups; i++) {
  const started = performance.now();
  const call = page.evaluate(() => (window as unknown as { WalletProvider: Provider }).WalletProvider.request('getAddresses'));
  const prompt = await wallet.nextPrompt();
  const appeared = performance.now();
  await prompt.ready();
  const ready = performance.now();
  await prompt.approve();
  await call;
  const done = performance.now();
  if (i < N.warmups) continue;
  phases.appears.push(appeared - started);
  phases.ready.push(ready - appeared);
  phases.answered.push(done - ready);
}
results['windowAppears'] = stats(phases.appears);
results['windowReady'] = stats(phases.ready);
results['windowClick'] = stats(phases.answered);

// The same approvals with warm windows (setting warmWindow, on in the kit's fixtures): each
// call starts once the pool is loaded, as a test's call does after its fixtures ran.
const untilWarm = (): Promise<void> => untilWarmIn(wallet, 'Chromium, the Playwright kit');
await wallet.setSettings({ warmWindow: true });
const afterIdle: number[] = [];
const warm = await interleaved({
  floor: () => windowFloor(),
  getAddresses: async () => {
    await untilWarm();
    return windowApproved('getAddresses');
  },
  signPsbt: async () => {
    await untilWarm();
    return windowApproved('signPsbt', SIGN_PSBT);
  },
  transfer: async () => {
    await untilWarm();
    return windowApproved('stx_transferStx', TRANSFER_STX);
  },
  // As a test drives an app that connects and signs at once (issue #35): a getAddresses after 400 ms
  // idle, not waiting until the warm windows say they are ready, and a signMessage right after it.
  afterIdle: async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    afterIdle.push(await windowApproved('getAddresses'));
    return windowApproved('signMessage', { message: 'back to back' });
  },
});
await wallet.setSettings({ warmWindow: false });
results['warmFloor'] = stats(warm.floor);
results['warmGetAddresses'] = stats(warm.getAddresses);
results['warmSignPsbt'] = stats(warm.signPsbt);
results['warmTransferStx'] = stats(warm.transfer);
results['warmAfterIdle'] = stats(afterIdle.slice(N.warmups));
results['warmSecond'] = stats(warm.afterIdle);

// First call after Chrome stops the worker: it starts again, its keys in the sealed session cache.
await wallet.setApprovalPolicy('approve');
const cold = { floor: [] as number[], call: [] as number[], derive: [] as number[], unlisted: [] as number[] };
for (let i = 0; i < N.cold; i++) {
  // The floor: a restarted worker answering a call that needs no keys.
  await wallet.stopServiceWorker();
  cold.floor.push((await timeInPage(page, 'WalletProvider', 'bench_floor', 1))[0]!);
  // The first getAddresses of a restarted worker (keys derived before, kept in session storage).
  await wallet.stopServiceWorker();
  cold.call.push((await timeInPage(page, 'WalletProvider', 'getAddresses', 1))[0]!);
  // A wallet just changed (a new mnemonic), an account of its list never asked for: the worker
  // derived the list in idle time, so after a stop it costs what a known one does.
  await wallet.setSettings({ mnemonic: generateMnemonic(english), activeAccount: (i % 4) + 1 });
  await wallet.prederived();
  await wallet.stopServiceWorker();
  cold.derive.push((await timeInPage(page, 'WalletProvider', 'getAddresses', 1))[0]!);
  // The worst case: an account beyond the list, never derived, on a restarted worker.
  await wallet.setSettings({ activeAccount: 1000 + i, accountCount: 5 });
  await wallet.stopServiceWorker();
  cold.unlisted.push((await timeInPage(page, 'WalletProvider', 'getAddresses', 1))[0]!);
}
await wallet.reset();
results['coldFloor'] = stats(cold.floor);
results['coldFirstCall'] = stats(cold.call);
results['coldDerivation'] = stats(cold.derive);
results['coldUnlisted'] = stats(cold.unlisted);

// Per-test reset versus a fresh browser per test.
const resetSamples: number[] = [];
for (let i = 0; i < N.reset; i++) {
  const started = performance.now();
  await wallet.reset();
  resetSamples.push(performance.now() - started);
}
results['reset'] = stats(resetSamples);

// The per-test fixtures piece by piece, as they run them: where the overhead goes.
const pieces = { tab: [] as number[], checks: [] as number[], close: [] as number[], siteData: [] as number[] };
for (let i = 0; i < N.reset; i++) {
  let t = performance.now();
  const tab = await browser.context.newPage();
  pieces.tab.push(performance.now() - t);
  await tab.goto(url);
  t = performance.now();
  await Promise.all([wallet.pending(), wallet.usage()]);
  pieces.checks.push(performance.now() - t);
  t = performance.now();
  await tab.close();
  pieces.close.push(performance.now() - t);
  t = performance.now();
  await clearSiteData(browser.context, [new URL(url).origin]);
  pieces.siteData.push(performance.now() - t);
}
// What Chrome (and Playwright, attached to every page) spend in CPU on the two things the kit
// makes per test, whatever else the machine does: an approval window and a tab, each opened,
// loaded and closed. On two cores shared by two workers, this is what a suite's wall pays.
async function cpuPer(count: number, cycle: () => Promise<unknown>): Promise<Stats | undefined> {
  const before = processTreeCpu();
  for (let i = 0; i < count; i++) await cycle();
  const spent = before && cpuSince(before);
  return spent === undefined ? undefined : { n: count, median: spent / count, p95: spent / count };
}
// The CPU rows count this process's whole tree: a quick run's Firefox and suites are done first.
if (quickly) await Promise.allSettled([quickly.suites, quickly.firefox]);
const windowCpu = await cpuPer(N.window, () => windowFloor());
const tabCpu = await cpuPer(N.window, async () => {
  const tab = await browser.context.newPage();
  await tab.goto('about:blank');
  await tab.close();
});
if (windowCpu) results['windowCpu'] = windowCpu;
if (tabCpu) results['tabCpu'] = tabCpu;
results['fixtureTab'] = stats(pieces.tab);
results['fixtureChecks'] = stats(pieces.checks);
results['fixtureClose'] = stats(pieces.close);
results['fixtureSiteData'] = stats(pieces.siteData);
await browser.close();

// signPsbt's scale: the same core code the worker runs, timed in this process (no browser noise).
// Floor: a PSBT of N.psbtInputs inputs; the row: four times as many, which a linear signer takes
// about 4× as long over and a per-input recomputation of BIP-143's shared hashes about 8× (measured
// here with the cache off: 200 → 800 inputs took 8.1×).
{
  const ring = new KeyRing();
  const settings = defaultSettings();
  const own = segwit.address;
  const wide = (count: number): string => {
    const tx = new Transaction();
    const script = OutScript.encode(Address().decode(own));
    for (let i = 0; i < count; i++) tx.addInput({ txid: sha256(utf8ToBytes(`wide ${i}`)), index: 0, witnessUtxo: { script, amount: 1_000n } });
    tx.addOutputAddress(own, 100_000n);
    return bytesToHex(tx.toPSBT());
  };
  const timeSigning = async (hex: string, times: number): Promise<number[]> => {
    const samples: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const answer = await approvedResponse(ring, settings, 'bench', 'signPsbt', { hex });
      samples.push(performance.now() - started);
      if (!('result' in answer)) throw new Error(`signPsbt failed in the bench: ${JSON.stringify(answer)}`);
    }
    return samples;
  };
  await timeSigning(wide(20), 2); // keys derived, code warm
  results['psbtSmall'] = stats(await timeSigning(wide(N.psbtInputs), 3));
  results['psbtLarge'] = stats(await timeSigning(wide(4 * N.psbtInputs), 3));
}

const launchSamples: number[] = [];
for (let i = 0; i < N.launch; i++) {
  const started = performance.now();
  const fresh = await WalletBrowser.launch();
  launchSamples.push(performance.now() - started);
  await fresh.close();
}
results['freshLaunch'] = stats(launchSamples);

const [ours, peer, noWarm]: [SuiteTimes, SuiteTimes, SuiteTimes | undefined] = quickly
  ? await quickly.suites
  : [await suites[0](), await suites[1](), await suites[2]()];
const firefoxRows = firefox ?? (await quickly!.firefox);
results['firefoxWindowFloor'] = stats(firefoxRows.windowFloor);
results['firefoxWindowApproved'] = stats(firefoxRows.windowApproved);
results['firefoxWarmApproved'] = stats(firefoxRows.warmApproved);
results['chromeKitWarmApproved'] = stats(firefoxRows.chromeWarmApproved);
results['firefoxRoundTrip'] = stats(firefoxRows.roundTrip);
results['firefoxAfterClose'] = stats(firefoxRows.afterClose);
if (noWarm) {
  results['kitOverheadNoWarm'] = stats(noWarm.overhead);
  results['suiteNoWarm'] = { n: N.suite, median: noWarm.wall, p95: noWarm.wall };
}
const perTest = (cpu: number): Stats => ({ n: N.suite, median: cpu / N.suite, p95: cpu / N.suite });
if (ours.cpu !== undefined && peer.cpu !== undefined) {
  results['suiteCpu'] = perTest(ours.cpu);
  results['peerSuiteCpu'] = perTest(peer.cpu);
}
results['kitOverhead'] = stats(ours.overhead);
results['peerOverhead'] = stats(peer.overhead);
results['suite'] = { n: N.suite, median: ours.wall, p95: ours.wall };
results['peerSuite'] = { n: N.suite, median: peer.wall, p95: peer.wall };
// The rows a user's test sees (issue #50): in a full run, after the rows above are done with the machine.
// Several wallets in one process (#49 item 6) among them, a full run only (three browser launches, quiet and busy).
const inRunner = await (quickRunner ?? inRunnerRows(baseURL, false, { firefox: results['firefoxWarmApproved']!, chrome: results['chromeKitWarmApproved']! }));
server.close();
// The embedded chain's rows: Node only, after the browsers are done with the machine.
const chain = await chainRows(quick);

type Key =
  | 'floor'
  | 'peer'
  | 'autoApproved'
  | 'windowFloor'
  | 'windowFloorScripted'
  | 'windowApproved'
  | 'windowSignPsbt'
  | 'windowTransferStx'
  | 'windowAppears'
  | 'windowReady'
  | 'windowClick'
  | 'coldFloor'
  | 'coldFirstCall'
  | 'coldDerivation'
  | 'reset'
  | 'freshLaunch'
  | 'kitOverhead'
  | 'peerOverhead'
  | 'suite'
  | 'peerSuite'
  | 'fixtureTab'
  | 'fixtureChecks'
  | 'fixtureClose'
  | 'fixtureSiteData'
  | 'firefoxWindowFloor'
  | 'firefoxWindowApproved'
  | 'firefoxWarmApproved'
  | 'chromeKitWarmApproved'
  | 'firefoxRoundTrip'
  | 'firefoxAfterClose'
  | 'warmFloor'
  | 'warmGetAddresses'
  | 'warmSignPsbt'
  | 'warmTransferStx'
  | 'warmSecond'
  | 'warmAfterIdle'
  | 'coldUnlisted'
  | 'windowCpu'
  | 'tabCpu'
  | 'kitOverheadNoWarm'
  | 'suiteCpu'
  | 'peerSuiteCpu'
  | 'suiteNoWarm'
  | 'psbtSmall'
  | 'psbtLarge';
const r = results as Record<Key, Stats>;
/** A row measured against a baseline of the same run, with its target as a ratio. */
const versus = (path: string, key: Key, baseline: Key, label: string, limit?: number): Row => {
  const ratio = r[key].median / r[baseline].median;
  return {
    path,
    stats: r[key],
    baseline: label,
    ratio,
    target: limit === undefined ? '—' : `≤ ${limit}× ${label}`,
    met: limit === undefined || ratio <= limit,
  };
};
const plain = (path: string, key: Key): Row => ({ path, stats: r[key], target: '—', met: true });
const rows: Row[] = [
  ...inRunner,
  plain('floor: page→relay→worker→page, unknown method (-32601)', 'floor'),
  versus('peer: in-page mock provider (addInitScript), no extension', 'peer', 'floor', 'floor'),
  versus('auto-approved getAddresses, warm', 'autoApproved', 'floor', 'floor', 1.5),
  plain('window floor: chrome.windows.create of an empty extension page → DOMContentLoaded', 'windowFloor'),
  versus('getAddresses approved in the real window (call → window → Approve → answer)', 'windowApproved', 'windowFloor', 'window floor', 1.2),
  versus('signPsbt approved in the real window', 'windowSignPsbt', 'windowFloor', 'window floor', 1.3),
  versus('stx_transferStx approved in the real window', 'windowTransferStx', 'windowFloor', 'window floor', 1.3),
  versus('window floor, scripted: the same empty page with a one-line script', 'windowFloorScripted', 'windowFloor', 'window floor'),
  versus('  getAddresses in the window, against the scripted floor', 'windowApproved', 'windowFloorScripted', 'scripted floor'),
  versus('  signPsbt in the window, against the scripted floor', 'windowSignPsbt', 'windowFloorScripted', 'scripted floor'),
  versus('  stx_transferStx in the window, against the scripted floor', 'windowTransferStx', 'windowFloorScripted', 'scripted floor'),
  versus("getAddresses approved in a warm window (setting warmWindow, the kit's default)", 'warmGetAddresses', 'warmFloor', 'window floor', 0.5),
  versus('signPsbt approved in a warm window', 'warmSignPsbt', 'warmFloor', 'window floor', 0.7),
  versus('stx_transferStx approved in a warm window', 'warmTransferStx', 'warmFloor', 'window floor', 0.7),
  versus('getAddresses after 400 ms idle, not waiting for the warm windows to say ready', 'warmAfterIdle', 'warmFloor', 'window floor', 0.7),
  versus('  signMessage right after it (back to back: the second warm window)', 'warmSecond', 'warmFloor', 'window floor', 0.7),
  plain('  getAddresses, of which: request → window appears (page event)', 'windowAppears'),
  plain('  of which: window appears → Approve enabled', 'windowReady'),
  plain('  of which: Approve pressed → decision taken → page has the answer', 'windowClick'),
  plain('cold floor: unknown method right after a forced worker stop', 'coldFloor'),
  versus('first getAddresses after a forced worker stop', 'coldFirstCall', 'coldFloor', 'cold floor'),
  versus('first getAddresses for a listed account never asked for (a new mnemonic), after a worker stop', 'coldDerivation', 'coldFloor', 'cold floor', 1.1),
  versus('  an account beyond the list (1000+), never derived, after a worker stop', 'coldUnlisted', 'coldFloor', 'cold floor'),
  versus('wallet.reset() between tests', 'reset', 'freshLaunch', 'fresh launch'),
  plain('fresh persistent-context launch + worker ready', 'freshLaunch'),
  {
    ...versus('per-test kit overhead: wallet + page fixtures, set-up and teardown', 'kitOverhead', 'peerOverhead', 'peer overhead'),
    target: '≤ 30 ms',
    met: r.kitOverhead.median <= 30,
  },
  plain('  of which (measured alone): wallet.reset() at set-up — the kit', 'reset'),
  plain('  of which: new tab for the page fixture — Chrome', 'fixtureTab'),
  plain('  of which: end-of-test checks (pending, usage) — the kit', 'fixtureChecks'),
  plain('  of which: closing the tab — Chrome', 'fixtureClose'),
  plain("  of which: clearing the visited origin's site data (CDP) — Chrome", 'fixtureSiteData'),
  plain("  peer: Playwright's per-test context + page fixture", 'peerOverhead'),
  ...(r.kitOverheadNoWarm ? [plain('  the same fixtures with the warm window off (no next window made meanwhile)', 'kitOverheadNoWarm')] : []),
  versus(
    `suite: ${N.suite} connect-and-approve tests, ${N.suiteWorkers} worker${N.suiteWorkers === 1 ? '' : 's'} (wall)`,
    'suite',
    'peerSuite',
    'peer suite',
    0.5,
  ),
  plain(`  peer suite: the same ${N.suite} tests, in-page mock, fresh context per test (wall)`, 'peerSuite'),
  ...(r.suiteNoWarm ? [versus("  this kit's suite with the warm window off (wall)", 'suiteNoWarm', 'peerSuite', 'peer suite')] : []),
  ...(r.suiteCpu && r.peerSuiteCpu
    ? [
        versus("  CPU per test, this kit's suite: every process of the run (Chrome, Playwright, Node) ÷ tests", 'suiteCpu', 'peerSuiteCpu', 'peer suite CPU'),
        plain('  CPU per test, the peer suite', 'peerSuiteCpu'),
      ]
    : []),
  ...(r.windowCpu && r.tabCpu
    ? [
        plain('  CPU of one approval window: opened, loaded, closed (Chrome, and Playwright attached to it)', 'windowCpu'),
        plain('  CPU of one tab: opened, at about:blank, closed', 'tabCpu'),
      ]
    : []),
  plain(`signPsbt of ${N.psbtInputs} p2wpkh inputs, core code in Node (the scale floor)`, 'psbtSmall'),
  versus(`signPsbt of ${4 * N.psbtInputs} inputs: 4× the inputs, linear ≈ 4×`, 'psbtLarge', 'psbtSmall', 'scale floor', 5),
  plain(
    `Firefox window floor: browser.windows.create of an empty extension page → DOMContentLoaded, seen by the Puppeteer kit (${firefoxRows.version})`,
    'firefoxWindowFloor',
  ),
  versus('Firefox: getAddresses approved in the real window by the Puppeteer kit', 'firefoxWindowApproved', 'firefoxWindowFloor', 'Firefox window floor', 1.2),
  plain('Chromium: getAddresses approved in a warm window by the Puppeteer kit', 'chromeKitWarmApproved'),
  versus('Firefox: the same call in a warm window, the same kit', 'firefoxWarmApproved', 'chromeKitWarmApproved', 'Chromium, same kit', 2),
  plain('  Firefox: a BiDi round trip (a trivial evaluate in the control page)', 'firefoxRoundTrip'),
  versus(
    '  the same round trip right after an extension window is closed (what the close itself still costs Firefox)',
    'firefoxAfterClose',
    'firefoxRoundTrip',
    'round trip',
  ),
  ...chain,
];

const ms = (v: number) => (v < 0.1 ? `${(v * 1000).toFixed(1)} µs` : `${v.toFixed(v < 10 ? 2 : 1)} ms`);
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.context.browser()?.version() ?? 'Chromium'}`;
const lines = [
  `| path | n | median | p95 | vs | ratio | target | met |`,
  `|---|---:|---:|---:|---|---:|---|---|`,
  ...rows.map(
    (row) =>
      `| ${row.path} | ${row.stats.n} | ${ms(row.stats.median)} | ${ms(row.stats.p95)} | ${row.baseline ?? ''} | ${row.ratio === undefined ? '' : `${row.ratio < 0.01 ? row.ratio.toExponential(1) : row.ratio.toFixed(2)}×`} | ${row.target} | ${row.target === '—' ? '' : row.met ? 'yes' : 'NO'} |`,
  ),
];
console.log(`\nmock-wallet-provider bench${quick ? ' (quick smoke run: counts too small to trust)' : ''} — ${machine}\n`);
console.log(lines.join('\n'));
await mkdir('out', { recursive: true });
await writeFile('out/bench-results.json', `${JSON.stringify({ date: new Date().toISOString(), machine, quick, rows }, null, 2)}\n`);
console.log('\nwritten to out/bench-results.json');

// A quick run is the bench's own check (CONTRIBUTING.md: run it when the kit or the bench changes): every kind
// of row is measured and every figure is a number. It left the suite, where it was a minute of a 2-core run.
if (quick) {
  const missing = EVERY_KIND.filter((kind) => !rows.some((row) => row.path.includes(kind)));
  const notNumbers = rows.filter((row) => !Number.isFinite(row.stats.median) || row.stats.median < 0).map((row) => row.path);
  if (missing.length > 0 || notNumbers.length > 0 || rows.length < 20) {
    console.error(`bench --quick: rows missing: ${missing.join('; ') || 'none'}; not a number: ${notNumbers.join('; ') || 'none'}; ${rows.length} rows`);
    process.exitCode = 1;
  } else console.log(`bench --quick: all ${EVERY_KIND.length} kinds of row measured (${rows.length} rows)`);
}
