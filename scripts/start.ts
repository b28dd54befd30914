// npm start: build if needed, serve the demo dApp, open Chromium with the wallet on it.
// With a display you click through yourself; without one (or with --headless) this
// script clicks Connect, approves in the real approval window, prints the response
// and saves screenshots of both under out/.
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildIfNeeded } from './build.ts';
import { DEMO_PORT, startDemoServer } from '../e2e/demo/server.ts';
import { Wallet, WalletBrowser } from '../src/playwright/index.ts';

const headless = process.argv.includes('--headless') || !(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);

if (await buildIfNeeded()) console.log('built dist/');
const server = await startDemoServer(DEMO_PORT).catch(() => startDemoServer(0)); // the port may be taken by a test run
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const browser = await WalletBrowser.launch({ headless });
const wallet = new Wallet(browser);
const page = browser.context.pages()[0] ?? (await browser.context.newPage());
await page.goto(url);

if (!headless) {
  console.log(`Chromium is open on the demo dApp at ${url} with the mock wallet loaded.`);
  console.log('Click "Connect wallet", then Approve or Reject in the wallet window. Close Chromium to stop.');
  await new Promise<void>((resolve) => browser.context.once('close', () => resolve()));
  server.close();
} else {
  await mkdir('out', { recursive: true });
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const prompt = await wallet.nextPrompt();
  await prompt.addresses(); // wait until the window shows the account
  await prompt.page.screenshot({ path: 'out/approval-window.png' });
  await prompt.approve();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  await page.screenshot({ path: 'out/demo.png', fullPage: true });
  console.log(await page.locator('#response').textContent());
  console.log(`\n${(await page.getByRole('status').innerText()).trim()} — screenshots: out/demo.png, out/approval-window.png`);
  await browser.close();
  server.close();
}
