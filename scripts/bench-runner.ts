// npm run bench, the rows a user's test sees (issue #50): each call measured inside @playwright/test with
// the kit's own fixtures (`import { test } from 'mock-wallet-provider/testing'`), from the test starting
// the app's request to the moment the test can go on (the page has its answer AND approveNext() has
// returned), beside Chrome's window floor measured the same way in the same test just before. Run quiet,
// and again with one busy process per core beside it, as CI runners often are.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PROMPT_BOUNDS } from '../src/shared/windows.ts';
import { against, figure, stats, underMs, type Row, type Stats } from './bench-rows.ts';
import type { SeveralTimes } from './bench-firefox.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const playwright = `${root}node_modules/@playwright/test/cli.js`;
const exec = promisify(execFile);
// The child run must not inherit a parent Playwright's worker settings.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PW_|PLAYWRIGHT_|TEST_)/i.test(key)));

/** Each test's samples, ms: the floor, the call after 400 ms idle, the call right after it; the fixtures' own time. */
export interface RunnerTimes {
  floor: number[];
  first: number[];
  next: number[];
  overhead: number[];
}

/** The annotation each measured test leaves, read back from the JSON report. */
const NOTE = 'bench-runner';

/**
 * One test per round, as a user's tests are: the kit's fixtures set up (reset, warm tab), the floor (an
 * empty extension page the worker opens, to its DOMContentLoaded as Playwright sees it), 400 ms idle,
 * then getAddresses and a signMessage right after it, each `page.evaluate(request)` beside `approveNext()`.
 */
const spec = (rounds: number) => `import { test, expect } from 'mock-wallet-provider/testing';
const BOUNDS = ${JSON.stringify(PROMPT_BOUNDS)};
async function floor(page) {
  const worker = page.context().serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  const started = performance.now();
  const opened = page.context().waitForEvent('page', (p) => p.url().includes('popup/floor.html'));
  const id = await worker.evaluate((b) => chrome.windows.create({ url: chrome.runtime.getURL('popup/floor.html'), type: 'popup', focused: true, ...b }).then((w) => w.id), BOUNDS);
  await (await opened).waitForLoadState('domcontentloaded');
  const took = performance.now() - started;
  await worker.evaluate((id) => chrome.windows.remove(id), id);
  return took;
}
async function approved(page, wallet, method, params) {
  const started = performance.now();
  const [answer] = await Promise.all([page.evaluate(([m, p]) => window.WalletProvider.request(m, p), [method, params]), wallet.approveNext()]);
  const took = performance.now() - started;
  expect(answer.error, method).toBeUndefined();
  return took;
}
for (let i = 0; i < ${rounds}; i++) {
  test('round ' + i, async ({ page, wallet }) => {
    await page.goto('/blank.html');
    const f = await floor(page);
    await page.waitForTimeout(400);
    const first = await approved(page, wallet, 'getAddresses');
    const next = await approved(page, wallet, 'signMessage', { message: 'right after' });
    test.info().annotations.push({ type: '${NOTE}', description: JSON.stringify({ floor: f, first, next }) });
  });
}
`;

const config = (baseURL: string) => `import { defineConfig } from '@playwright/test';
// usageRules off: the round calls signMessage right after getAddresses on purpose (a finding would be printed each time).
export default defineConfig({ testDir: '.', workers: 1, retries: 0, reporter: [['json', { outputFile: 'report.json' }]], use: { baseURL: ${JSON.stringify(baseURL)}, usageRules: 'off' } });
`;

/** One busy process per core (a loop that never sleeps), stopped by the returned function. */
export function hogCpus(): () => void {
  const hogs: ChildProcess[] = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const hog of hogs) hog.kill('SIGKILL');
  };
}

/** Runs `rounds` measured tests after `warmups` unmeasured ones; `busy`: with hogCpus() beside the run. */
export async function runnerRows(baseURL: string, rounds: number, warmups: number, busy: boolean): Promise<RunnerTimes> {
  const dir = `${root}out/bench-runner/${busy ? 'busy' : 'quiet'}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/playwright.config.ts`, config(baseURL));
  await writeFile(`${dir}/calls.spec.ts`, spec(rounds + warmups));
  const stop = busy ? hogCpus() : () => undefined;
  try {
    await exec(process.execPath, [playwright, 'test'], { cwd: dir, env: { ...env, MOCK_WALLET_FIXTURE_TIMING: '1' }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`the in-runner bench suite failed (${busy ? 'busy' : 'quiet'}): ${(error as { stdout?: string }).stdout?.slice(-3000) ?? String(error)}`);
  } finally {
    stop();
  }
  type Note = { type: string; description?: string };
  type Suite = { specs?: { title: string; tests: { results: { annotations?: Note[] }[]; annotations?: Note[] }[] }[]; suites?: Suite[] };
  const report = JSON.parse(await readFile(`${dir}/report.json`, 'utf8')) as { suites: Suite[] };
  const times: RunnerTimes = { floor: [], first: [], next: [], overhead: [] };
  const walk = (suite: Suite): void => {
    for (const s of suite.specs ?? []) {
      if (Number(s.title.replace('round ', '')) < warmups) continue;
      for (const t of s.tests)
        for (const r of t.results) {
          const notes = [...(r.annotations ?? []), ...(t.annotations ?? [])];
          const sample = notes.find((n) => n.type === NOTE);
          const fixtures = notes.find((n) => n.type === 'mock-wallet fixture ms');
          if (!sample?.description) throw new Error(`the in-runner bench's ${s.title} left no sample`);
          const { floor, first, next } = JSON.parse(sample.description) as { floor: number; first: number; next: number };
          times.floor.push(floor);
          times.first.push(first);
          times.next.push(next);
          if (fixtures) times.overhead.push(Number(fixtures.description));
        }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  report.suites.forEach(walk);
  return times;
}

/** Runs a bench file under node:test (one test at a time), `busy`: with hogCpus() beside it; returns what it wrote to BENCH_OUT. */
async function underNodeTest<T>(file: string, label: string, vars: Record<string, string>, busy: boolean): Promise<T> {
  const out = `${root}out/bench-runner/${label.replaceAll(/[^a-z0-9]+/gi, '-')}-${busy ? 'busy' : 'quiet'}.json`;
  await mkdir(`${root}out/bench-runner`, { recursive: true });
  const stop = busy ? hogCpus() : () => undefined;
  try {
    await exec(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', `${root}scripts/${file}`], {
      cwd: root,
      env: { ...env, ...vars, BENCH_OUT: out },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(
      `the node:test bench (${label}, ${busy ? 'busy' : 'quiet'}) failed: ${(error as { stdout?: string }).stdout?.slice(-3000) ?? String(error)}`,
    );
  } finally {
    stop();
  }
  return JSON.parse(await readFile(out, 'utf8')) as T;
}

/** The Puppeteer kit's rows under node:test (scripts/bench-node-test.ts), its defaults, in `browser`. */
export function nodeTestRows(
  browser: 'chrome' | 'firefox',
  pageUrl: string,
  rounds: number,
  warmups: number,
  busy: boolean,
): Promise<Omit<RunnerTimes, 'overhead'>> {
  const vars = { BENCH_BROWSER: browser, BENCH_ROUNDS: String(rounds), BENCH_WARMUPS: String(warmups), BENCH_URL: pageUrl };
  return underNodeTest('bench-node-test.ts', `node-test-${browser}`, vars, busy);
}

/** Several wallets in one process under node:test (scripts/bench-several.ts): two Firefox, one Chromium. */
export function severalTimes(pageUrl: string, rounds: number, warmups: number, busy: boolean): Promise<SeveralTimes> {
  return underNodeTest('bench-several.ts', 'several', { BENCH_ROUNDS: String(rounds), BENCH_WARMUPS: String(warmups), BENCH_URL: pageUrl }, busy);
}

/** Firefox's launch under node:test (scripts/bench-launch.ts): launchWallet, and Puppeteer's own launch on a new profile. */
export function launchTimes(rounds: number, warmups: number, busy: boolean): Promise<{ launch: number[]; floor: number[] }> {
  return underNodeTest('bench-launch.ts', 'firefox-launch', { BENCH_ROUNDS: String(rounds), BENCH_WARMUPS: String(warmups) }, busy);
}

/** The launch's two rows: the floor, then launchWallet against it (no slower than a bare Firefox). */
function launchRows(when: string, t: { launch: number[]; floor: number[] }): Row[] {
  const floor = stats(t.floor);
  return [
    figure(`in a node:test file, Firefox launch, ${when}: Puppeteer's own launch, a new profile, nothing installed`, floor),
    against(
      "  launchWallet until ready to call (the wallet installed, its control page open; the profile a copy of the kit's template)",
      stats(t.launch),
      floor,
      'Firefox launch floor',
      1,
    ),
  ];
}

const LIMIT = 0.7; // issue #50: each call of a test ≤ 0.7× the window floor, first and next, quiet and busy
const FIREFOX_LIMIT = 2; // Firefox's call ≤ 2× Chromium's, each kit with its defaults
const SEVERAL_LIMIT = 1.3; // issue #49 item 6: each of several browsers in one process keeps its own speed

/** Several browsers' rows: each browser's call as calls come, against its own call with the others idle in the same run. */
function severalRows(when: string, t: SeveralTimes, alone?: { firefox: Stats; chrome: Stats }): Row[] {
  const rows: Row[] = [];
  for (const browser of ['firefox', 'chrome'] as const) {
    const name = browser === 'chrome' ? 'Chromium' : 'Firefox';
    const idle = stats(t.othersIdle[browser]);
    const lead = browser === 'firefox' ? `in a node:test file, several browsers in one process (two Firefox, one Chromium), ${when}: a` : '  the';
    rows.push(against(`${lead} ${name} warm call as calls come`, stats(t.asCalled[browser]), idle, `${name}, the others idle`, SEVERAL_LIMIT));
    // What idle neighbours cost: against the same call with this browser alone (the script rows above, quiet).
    if (alone) rows.push(against(`  the ${name} warm call, the others idle`, idle, alone[browser], `${name} alone`));
  }
  return rows;
}

/** One run's three rows: its floor, then the first and next call against it. */
function callRows(where: string, t: Omit<RunnerTimes, 'overhead'>, floorLabel: string): Row[] {
  const floor = stats(t.floor);
  return [
    figure(`${where}: window floor (an empty extension page the extension opens → DOMContentLoaded)`, floor),
    against(`  getAddresses after 400 ms idle: request → answer and the kit call returned`, stats(t.first), floor, floorLabel, LIMIT),
    against(`  signMessage right after it`, stats(t.next), floor, floorLabel, LIMIT),
  ];
}

/**
 * The rows: the Playwright kit, then the Puppeteer kit under node:test in Chromium and Firefox, then two Firefox
 * and one Chromium in one node:test process, then Firefox's launch, each quiet and busy, one run after another (`alone`: the warm calls
 * of one browser by itself, for the several browsers' informative rows). A quick run (the suite's smoke) measures one round of the Playwright kit and of
 * the Puppeteer kit in Chromium and one Firefox launch each way, quiet: only that each row is made.
 */
export async function inRunnerRows(baseURL: string, quick: boolean, alone?: { firefox: Stats; chrome: Stats }): Promise<Row[]> {
  const pageUrl = `${baseURL}/blank.html`;
  if (quick) {
    // One after the other: side by side, in the suite beside a Firefox test, a floor window once never loaded in 25 s.
    const playwright = await runnerRows(baseURL, 1, 0, false);
    const chrome = await nodeTestRows('chrome', pageUrl, 1, 0, false);
    const launch = await launchTimes(1, 0, false);
    return [
      ...callRows("in a user's test, Playwright kit, quiet", playwright, 'window floor'),
      ...callRows('in a node:test file, Puppeteer kit (its defaults), Chromium, quiet', chrome, 'Chromium window floor'),
      ...launchRows('quiet', launch),
    ];
  }
  const [rounds, warmups] = [12, 2];
  const rows: Row[] = [];
  const chromium: Partial<Record<'quiet' | 'busy', Stats>> = {};
  for (const busy of [false, true]) {
    const when = busy ? `busy (${cpus().length} CPU hogs beside it)` : 'quiet';
    const t = await runnerRows(baseURL, rounds, warmups, busy);
    chromium[busy ? 'busy' : 'quiet'] = stats(t.first);
    rows.push(...callRows(`in a user's test, Playwright kit, ${when}`, t, 'window floor'));
    if (t.overhead.length > 0) rows.push(underMs(`  the kit's fixtures' own time per test (set-up and teardown)`, stats(t.overhead), 30));
  }
  for (const browser of ['chrome', 'firefox'] as const) {
    for (const busy of [false, true]) {
      const when = busy ? 'busy' : 'quiet';
      const name = browser === 'chrome' ? 'Chromium' : 'Firefox';
      const t = await nodeTestRows(browser, pageUrl, rounds, warmups, busy);
      rows.push(...callRows(`in a node:test file, Puppeteer kit (its defaults), ${name}, ${when}`, t, `${name} window floor`));
      const versus = chromium[when];
      if (browser === 'firefox' && versus)
        rows.push(
          against(`  Firefox's getAddresses against Chromium's (Playwright kit, ${when})`, stats(t.first), versus, 'Chromium, kit defaults', FIREFOX_LIMIT),
        );
    }
  }
  // Firefox's launch, quiet and busy.
  for (const busy of [false, true]) rows.push(...launchRows(busy ? 'busy' : 'quiet', await launchTimes(6, 1, busy)));
  // Several wallets in one process (issue #49 item 6), quiet and busy.
  for (const busy of [false, true]) {
    const t = await severalTimes(pageUrl, rounds, warmups, busy);
    rows.push(...severalRows(busy ? 'busy' : 'quiet', t, busy ? undefined : alone));
  }
  return rows;
}
