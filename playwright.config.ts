import { defineConfig } from '@playwright/test';
import { walletProjects, type WalletTestFixtures, type WalletWorkerFixtures } from 'mock-wallet-provider/testing';
import { tallyProject } from './e2e/chain/tally-app.ts';
import { DEMO_PORT } from './e2e/demo/server.ts';

const TOOL_SPECS = ['docs-examples.spec.ts', 'docs-node-test.spec.ts', 'firefox-build.spec.ts', 'install.spec.ts', 'start.spec.ts'];

export default defineConfig<Pick<WalletTestFixtures, 'usageRules'> & Pick<WalletWorkerFixtures, 'chainOptions'>>({
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // Three on two cores: a test waits on windows, timers and child processes, and two workers left the cores
  // 20 % idle. The same host, 2026-12-03: e2e alone 4.7 min with two, 4.0 with three, 3.9 with four (which
  // failed a timing test); the whole suite 9.0 min with two (a fresh clone), 7.0 with three. Again that evening,
  // once tests no longer sat waiting on clicks in a hidden tab: 4.2 min with two, 4.0 with three.
  workers: 3,
  // out/test-report.json: every test's time, which `npm run slowest` turns into docs/architecture.md's table.
  reporter: [['list'], ['json', { outputFile: 'out/test-report.json' }], ['./scripts/summary-reporter.ts']],
  // npm test's type check, beside the tests rather than before them.
  globalSetup: './scripts/typecheck.ts',
  webServer: {
    command: 'tsx e2e/demo/server.ts',
    url: `http://127.0.0.1:${DEMO_PORT}/blank.html`,
    reuseExistingServer: !process.env['CI'],
  },
  projects: [
    // The tests that run tools (child Playwright runs, installs, `npm start`, the linter), each
    // starting browsers of its own: one at a time, first in the run, beside one ordinary test. Two at once
    // on two cores kept a Chromium from loading the extension in 10 s in one CI run, and an example's page
    // from rendering in 5 s.
    {
      name: 'tools',
      testDir: 'e2e/project',
      testMatch: TOOL_SPECS,
      workers: 1,
      timeout: 30_000,
      use: { baseURL: `http://127.0.0.1:${DEMO_PORT}`, usageRules: 'off' },
    },
    // The Puppeteer kit: the same flows in Firefox (Debian's firefox-esr) and in Chromium. Each project's
    // file runs in order in one worker, so each browser is launched once (a Firefox launch costs about
    // 3 s of CPU), and first, so that its long run overlaps the rest instead of ending the suite.
    { name: 'firefox', testDir: 'e2e/puppeteer', testMatch: '**/*.spec.ts', fullyParallel: false, timeout: 30_000, metadata: { kitBrowser: 'firefox' } },
    {
      name: 'puppeteer-chromium',
      testDir: 'e2e/puppeteer',
      testMatch: '**/*.spec.ts',
      fullyParallel: false,
      timeout: 30_000,
      metadata: { kitBrowser: 'chrome' },
    },
    // Pure TypeScript: the core, the CLI, the kit's helpers, and the docs' checks. No browser. The docs' checks run
    // here rather than in e2e, whose workers carry a browser: there they took a Node worker of their own at the run's end.
    // One worker: each worker imports the heavy test files it is given (the replays' libraries, Clarinet's simnet), so
    // three split them three times. The unit project alone, 2026-12-07: 47 s of CPU with three workers, 37 s with one.
    { name: 'unit', workers: 1, testDir: '.', testMatch: [/\/src\/.*\.test\.ts$/, /\/e2e\/project\/docs\.spec\.ts$/], testIgnore: ['out/**', 'dist/**'] },
    // The connectors' apps (LaserEyes, bigmi, sats-connect, Reown AppKit: e2e/connectors/apps), each suite run once per
    // wallet its connector lists, as docs/wallets.md shows it: one project per wallet (apps-leather, apps-xverse, …), and a
    // suite skips the wallets its connector does not list. These projects, a worker (a Chromium launch) each, come before
    // the e2e project: at the end of the run their launches left the cores part idle, where e2e's many short tests fill them.
    // usageRules off: AppKit reads Xverse before connecting, and its test signs right after connecting (docs/wallets.md).
    ...walletProjects(['leather', 'xverse', 'unisat', 'okx', 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr', 'fordefi', 'magiceden', 'oyl'], {
      name: 'apps',
      testDir: 'e2e/connectors/apps',
      // One worker per wallet: its suites share one Chromium launch (about 2.4 s of CPU, a worker's start 1.4 s more).
      workers: 1,
      timeout: 30_000,
      use: { baseURL: `http://127.0.0.1:${DEMO_PORT}`, usageRules: 'off' },
    }),
    // A real Chromium with the built extension.
    // usageRules off: these tests call the wallet as no app should, on purpose; e2e/contract/usage.spec.ts turns it on.
    {
      name: 'e2e',
      testDir: 'e2e',
      testMatch: '**/*.spec.ts',
      testIgnore: ['e2e/puppeteer/**', 'e2e/connectors/apps/**', 'e2e/project/docs.spec.ts', ...TOOL_SPECS.map((f) => `e2e/project/${f}`)],
      timeout: 30_000,
      // chainOptions: the chain of e2e/chain/chain.spec.ts's app, with its contract: set here, where every e2e test has
      // it, so that file runs in an e2e worker (its own test.use gave it a worker and a Chromium more). Only that file
      // uses the chain fixture: the chain starts in the one worker that runs it.
      use: { baseURL: `http://127.0.0.1:${DEMO_PORT}`, usageRules: 'off', chainOptions: { stacks: { project: tallyProject() } } },
    },
  ],
});
