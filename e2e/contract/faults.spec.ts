// The awkward wallets on demand, through the real extension: answer faults, the slow wallet,
// and a reset that withdraws a delayed answer.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { request } from '../support/support.ts';

test('entryOrder, extraEntries and malformedDerivationPath change the answer; every original entry is still there', async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const standard = (await request(page, 'getAddresses')).response.result!.addresses;
  expect(standard).toEqual((await expectedAddresses()).addresses);

  await wallet.setSettings({ entryOrder: 'reversed', extraEntries: true });
  const reordered = (await request(page, 'stx_getAddresses')).response.result!.addresses;
  expect(reordered.map((e) => e['type'] ?? e['symbol'])).toEqual(['p2pkh', 'p2sh-p2wpkh', 'STX', 'p2tr', 'p2wpkh']);
  for (const entry of standard) expect(reordered).toContainEqual(entry);
  // The kit's expected values follow the same settings.
  expect(reordered).toEqual((await expectedAddresses({ entryOrder: 'reversed', extraEntries: true })).addresses);

  await wallet.setSettings({ entryOrder: 'standard', extraEntries: false, malformedDerivationPath: true });
  const malformed = (await request(page, 'getAddresses')).response.result!.addresses;
  expect(malformed.map((e) => e['derivationPath'])).toEqual(["m/84'/0'/0.5'/0/0", "m/86'/0'/0.5'/0/0", undefined]);
});

test('the demo app, reading entries by property, survives reordering and extra entries, and refuses a malformed path', async ({ page, wallet }) => {
  await wallet.setSettings({ entryOrder: 'shuffled', shuffleSeed: 3, extraEntries: true });
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 1 (mainnet)');
  await expect(page.getByRole('row', { name: /Native SegWit/ })).toContainText('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');

  await wallet.setSettings({ malformedDerivationPath: true });
  await page.getByRole('button', { name: 'Switch account' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('alert')).toContainText(/Could not read the wallet's answer: .*account/i);
});

test('responseDelayMs: the answer arrives no sooner than the delay, under the approve policy and after a window approval', async ({ page, wallet }) => {
  await wallet.setSettings({ responseDelayMs: 1500, approvalPolicy: 'approve' });
  await page.goto('/blank.html');
  let started = Date.now();
  const auto = await request(page, 'getAddresses');
  expect(auto.ok).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  // Signing methods are not connects: no delay applies to them (no lower bound to check, only that they answer).
  expect((await request(page, 'signMessage', { message: 'hi' })).ok).toBe(true);

  await wallet.setApprovalPolicy('prompt');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  started = Date.now();
  await prompt.approve();
  expect((await call).ok).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400); // the click's own round trip is inside the window
  const [first, , second] = await wallet.calls();
  for (const c of [first!, second!]) expect(c.settledAt! - c.startedAt).toBeGreaterThanOrEqual(1500);
});

test('a reset withdraws a delayed answer: the page gets the reset rejection, not the late approval', async ({ page, wallet }) => {
  await wallet.setSettings({ responseDelayMs: 20_000, approvalPolicy: 'approve' });
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  await expect.poll(async () => (await wallet.calls()).length).toBe(1);
  await wallet.reset();
  const settled = await call;
  expect(settled.ok).toBe(false);
  expect(settled.response.error, settled.response.error?.message).toMatchObject({ code: 4001, data: { reason: 'reset' } });
});

test('a delayed answer survives a stopped worker', async ({ page, wallet }) => {
  await wallet.setSettings({ responseDelayMs: 1500, approvalPolicy: 'approve' });
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  await expect.poll(async () => (await wallet.calls()).length).toBe(1);
  await wallet.stopServiceWorker(); // its timer dies with it; the relay's poll delivers once due
  const settled = await call;
  expect(settled.ok).toBe(true);
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(['approved']);
});
