// The bench's suite-level rows: whole Playwright runs, as a developer's CI runs them. A
// generated suite against this wallet, and the same suite against an in-page mock provider
// injected with page.addInitScript in Playwright's default per-test context (the peer).
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expectedAddresses, findChromium } from '../src/playwright/index.ts';
import { endedChildrenCpu } from './cpu.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = `${root}out/bench-suite`;
const playwright = `${root}node_modules/@playwright/test/cli.js`;
const exec = promisify(execFile);
// The child runs must not inherit a parent Playwright's worker settings.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PW_|PLAYWRIGHT_|TEST_)/i.test(key)));

export interface SuiteTimes {
  /** Wall time of the whole run (spawn to exit), ms. */
  wall: number;
  /** CPU time of the whole run, every process of it (Playwright, Node, Chrome), ms; undefined where /proc is not. */
  cpu: number | undefined;
  /** Per test: the kit's fixtures' own set-up and teardown (their annotation); else duration minus body, ms. */
  overhead: number[];
}

const config = (baseURL: string, workers: number, extra = '') => `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', fullyParallel: true, workers: ${workers}, retries: 0, reporter: [['json', { outputFile: 'report.json' }]], use: { baseURL: ${JSON.stringify(baseURL)}${extra} } });
`;

/** The test every suite repeats: the user clicks Connect, the wallet approves, the app shows the account. */
const body = (approve: string) => `
  const started = performance.now();
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  ${approve}
  await expect(page.getByRole('status')).toContainText('Connected: Account 1');
  test.info().annotations.push({ type: 'body', description: String(performance.now() - started) });`;

async function suite(name: string, files: Record<string, string>, args: string[]): Promise<SuiteTimes> {
  const dir = `${work}/${name}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(`${dir}/${file}`, text);
  const started = performance.now();
  const cpuBefore = endedChildrenCpu();
  try {
    await exec(process.execPath, [playwright, 'test', ...args], { cwd: dir, env: { ...env, MOCK_WALLET_FIXTURE_TIMING: '1' }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`the ${name} suite failed: ${(error as { stdout?: string }).stdout?.slice(-2000) ?? String(error)}`);
  }
  const wall = performance.now() - started;
  const cpuAfter = endedChildrenCpu();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  type Spec = {
    tests: {
      results: { duration: number; annotations?: { type: string; description?: string }[] }[];
      annotations?: { type: string; description?: string }[];
    }[];
  };
  type Suite = { specs?: Spec[]; suites?: Suite[] };
  const report = JSON.parse(await readFile(`${dir}/report.json`, 'utf8')) as { suites: Suite[] };
  const overhead: number[] = [];
  const walk = (s: Suite): void => {
    for (const spec of s.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) {
          const notes = [...(r.annotations ?? []), ...(t.annotations ?? [])];
          const fixtures = notes.find((a) => a.type === 'mock-wallet fixture ms');
          const body = notes.find((a) => a.type === 'body');
          if (fixtures) overhead.push(Number(fixtures.description));
          else if (body) overhead.push(r.duration - Number(body.description));
        }
    for (const child of s.suites ?? []) walk(child);
  };
  report.suites.forEach(walk);
  return { wall, cpu, overhead };
}

/** `count` connect-and-approve tests with this wallet's kit (its shared browser, a tab per test); `use`: fixture options, as TypeScript. */
export function walletSuite(baseURL: string, count: number, workers: number, use = ''): Promise<SuiteTimes> {
  const spec = `import { test, expect } from 'mock-wallet-provider/testing';
for (let i = 0; i < ${count}; i++) {
  test('connect ' + i, async ({ page, wallet }) => {${body('await wallet.approveNext();')}
  });
}
`;
  return suite(
    `wallet-${count}-${workers}${use ? '-options' : ''}`,
    { 'playwright.config.ts': config(baseURL, workers, use ? `, ${use}` : ''), 'connect.spec.ts': spec },
    [],
  );
}

/** The same tests against an in-page mock (addInitScript) in Playwright's default fresh context per test. */
export async function peerSuite(baseURL: string, count: number, workers: number): Promise<SuiteTimes> {
  const answer = { jsonrpc: '2.0', result: await expectedAddresses() };
  const mock = `window.WalletProvider = Object.freeze({ request: async () => ({ ...${JSON.stringify(answer)}, id: crypto.randomUUID() }) });`;
  const spec = `import { test, expect } from '@playwright/test';
for (let i = 0; i < ${count}; i++) {
  test('connect ' + i, async ({ page }) => {
    await page.addInitScript(${JSON.stringify(mock)});${body('')}
  });
}
`;
  const launch = `, headless: true, launchOptions: { executablePath: ${JSON.stringify(findChromium())} }`;
  return suite(`peer-${count}-${workers}`, { 'playwright.config.ts': config(baseURL, workers, launch), 'connect.spec.ts': spec }, []);
}
