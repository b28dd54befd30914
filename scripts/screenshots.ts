// npm run screenshots: the pictures README shows, taken from the real extension: an approval window, and
// a Playwright HTML report of a test whose app broke a usage rule (the kit's finding in the report).
// Writes docs/images/approval-window.png and docs/images/report-finding.png (or into the folder given), and exits 1
// if either is not a picture of the window's size or more.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build.ts';
import { startDemoServer } from '../e2e/demo/server.ts';
import { Wallet, WalletBrowser } from '../src/playwright/index.ts';
import { startChain } from '../src/chain/index.ts';
import { walletOnChain } from '../src/kit/chain.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(process.argv[2] ?? join(repo, 'docs', 'images'));

/** The approval window of a connect request from the demo dApp, as a person sees it with `npm start` (the wallet on its regtest chain). */
async function approvalWindow(browser: WalletBrowser, url: string): Promise<void> {
  const wallet = new Wallet(browser);
  const chain = await startChain({ stacks: false });
  await wallet.setSettings(walletOnChain(chain));
  url = `${url}?esplora=${encodeURIComponent(chain.bitcoin.url)}`;
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(url);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const prompt = await wallet.nextPrompt();
  await prompt.addresses(); // drawn: the account and its addresses are shown
  await prompt.page.screenshot({ path: join(out, 'approval-window.png') });
  await prompt.approve();
  await wallet.reset();
  await chain.close();
}

/** A user's test, run by Playwright with the HTML reporter: the app connects on page load, and the report says so. */
const SPEC = (url: string): string => `import { test, expect } from 'mock-wallet-provider/testing';

test('the app connects as the page loads', async ({ page, wallet }) => {
  await page.goto('${url}careless.html?onload');
  await wallet.approveNext();
  await expect.poll(async () => (await wallet.calls())[0]?.outcome).toBe('approved');
});
`;

/** The report is shown in a tab of the same browser (any Chromium shows it alike). */
async function reportWithFinding(browser: WalletBrowser, url: string): Promise<void> {
  const project = await mkdtemp(join(tmpdir(), 'report-'));
  try {
    await mkdir(join(project, 'tests'));
    await mkdir(join(project, 'node_modules', '@playwright'), { recursive: true });
    await symlink(repo, join(project, 'node_modules', 'mock-wallet-provider'));
    for (const name of ['@playwright/test', 'playwright', 'playwright-core'])
      await symlink(join(repo, 'node_modules', name), join(project, 'node_modules', name));
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'report', private: true, type: 'module' }));
    await writeFile(
      join(project, 'playwright.config.ts'),
      "export default { testDir: 'tests', reporter: [['html', { open: 'never', outputFolder: 'report' }]] };\n",
    );
    await writeFile(join(project, 'tests', 'connect.spec.ts'), SPEC(url));
    // Not spawnSync: the demo server answering the test's browser runs in this process.
    await promisify(execFile)(process.execPath, [join(project, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], {
      cwd: project,
      env: { ...process.env, CI: '' },
      timeout: 120_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the report's test run failed:\n${error.stdout ?? ''}${error.stderr ?? String(error)}`);
    });
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 640 });
    await page.goto(pathToFileURL(join(project, 'report', 'index.html')).href);
    await page.getByText('the app connects as the page loads').first().click();
    await page.getByText('usage: no-user-action').first().waitFor();
    await page.screenshot({ path: join(out, 'report-finding.png') });
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

/**
 * The script checks what it wrote (it left the suite, where it was 10 s of a 2-core run's CPU: CONTRIBUTING.md says when
 * to run it): each picture a PNG, wider than 300 px (its IHDR chunk), or exit 1.
 */
async function checkPictures(): Promise<void> {
  for (const name of ['approval-window.png', 'report-finding.png']) {
    const png = await readFile(join(out, name));
    if (png.subarray(1, 4).toString() !== 'PNG' || png.readUInt32BE(16) <= 300) throw new Error(`${join(out, name)} is not the picture it should be`);
  }
}

await buildIfNeeded();
await mkdir(out, { recursive: true });
const server = await startDemoServer(0);
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const browser = await WalletBrowser.launch({ headless: true });
try {
  await approvalWindow(browser, url);
  await reportWithFinding(browser, url);
  await checkPictures();
  console.log(`wrote ${join(out, 'approval-window.png')} and ${join(out, 'report-finding.png')}`);
} finally {
  await browser.close();
  server.close();
}
