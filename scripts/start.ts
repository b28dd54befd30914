// npm start: build if needed, serve the demo dApp, start the embedded Bitcoin regtest (a block every
// 5 s), open Chromium with the wallet on both. With a display you click through yourself; without one
// (or with --headless) this script clicks Connect, approves in the real approval window, sends a
// transfer and waits for its block, prints the response and saves screenshots under out/.
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildIfNeeded } from './build.ts';
import { DEMO_PORT, startDemoServer } from '../e2e/demo/server.ts';
import { Wallet, WalletBrowser } from '../src/playwright/index.ts';
import { startChain } from '../src/chain/index.ts';
import { walletOnChain } from '../src/kit/chain.ts';

const headless = process.argv.includes('--headless') || !(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);

if (await buildIfNeeded()) console.log('built dist/');
const server = await startDemoServer(DEMO_PORT).catch(() => startDemoServer(0)); // the port may be taken by a test run
// Bitcoin alone (Stacks' simnet takes seconds to start and a peer dependency): the wallet's accounts funded, 1 BTC each.
const [chain, browser] = await Promise.all([startChain({ stacks: false, bitcoin: { blockIntervalMs: 5_000 } }), WalletBrowser.launch({ headless })]);
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?esplora=${encodeURIComponent(chain.bitcoin.url)}`;
const wallet = new Wallet(browser);
await wallet.setSettings(walletOnChain(chain));
const page = browser.context.pages()[0] ?? (await browser.context.newPage());
await page.goto(url);

if (!headless) {
  console.log(`Chromium is open on the demo dApp at ${url} with the mock wallet loaded, on a regtest chain at ${chain.bitcoin.url}.`);
  console.log('Click "Connect wallet", then Approve or Reject in the wallet window; then send a transfer. Close Chromium to stop.');
  await new Promise<void>((resolve) => browser.context.once('close', () => resolve()));
  server.close();
  await chain.close();
} else {
  await mkdir('out', { recursive: true });
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const prompt = await wallet.nextPrompt();
  await prompt.addresses(); // wait until the window shows the account
  await prompt.page.screenshot({ path: 'out/approval-window.png' });
  await prompt.approve();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  console.log(await page.locator('#response').textContent());
  await page.getByRole('button', { name: /^Send 0.0001 BTC/ }).click();
  await wallet.approveNext();
  await page.getByLabel('Transfer').filter({ hasText: 'Confirmed' }).waitFor({ timeout: 20_000 });
  await page.screenshot({ path: 'out/demo.png', fullPage: true });
  const status = (await page.getByRole('status').innerText()).trim();
  console.log(`\n${status}; ${(await page.getByLabel('Balance').innerText()).trim()}; ${(await page.getByLabel('Transfer').innerText()).trim()}`);
  console.log('screenshots: out/demo.png, out/approval-window.png');
  await browser.close();
  server.close();
  await chain.close();
}
