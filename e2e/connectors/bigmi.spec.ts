// A bigmi app (@bigmi/client 0.10.1, from npm) connects this wallet as UniSat, OKX, Bitget, Binance and OneKey
// through bigmi's own connectors (each checks its wallet's global and flags: UniSat's object has no
// isBinance/isBitKeep, OKX's isOkxWallet), and signs a PSBT through them; signatures checked with bitcoinjs-lib.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf } from '../../test/bitcoin-reference.ts';

test.use({ identities: ['unisat', 'okx', 'bitget', 'binance', 'onekey'] });

for (const [id, button, name] of [
  ['unisat', 'Connect UniSat', 'Unisat'],
  ['okx', 'Connect OKX', 'OKX Wallet'],
  ['bitget', 'Connect Bitget', 'Bitget'],
  ['binance', 'Connect Binance', 'Binance'],
  ['onekey', 'Connect OneKey', 'OneKey'],
] as const) {
  test(`bigmi's ${id} connector connects on a click and signs a PSBT through the wallet; a rejected connect is bigmi's UserRejectedRequestError`, async ({
    page,
    wallet,
  }) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await page.goto('/bigmi.html');
    await page.getByRole('button', { name: button }).click();
    await wallet.rejectNext();
    await expect(page.locator('#out')).toHaveText('Not connected: UserRejectedRequestError:  User rejected the request.'); // bigmi wraps UniSat's own words
    await page.getByRole('button', { name: button }).click();
    await wallet.approveNext();
    const expected = await expectedAddresses({ identity: id });
    const address = Array.isArray(expected) ? expected[0] : expected.address;
    await expect(page.locator('#out')).toHaveText(`Connected: ${address}`);
    expect(await page.evaluate(() => window.bigmi.account())).toMatchObject({ address, status: 'connected', connector: name });
    const psbt = buildPsbt([{ address: address!, value: 10_000n }], [{ address: address!, value: 9_000n }]).toHex();
    const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, address!] as const);
    await wallet.approveNext();
    expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
  });
}

test("bigmi's xverse connector asks wallet_requestPermissions in a window, then reads the payment address and the network; it signs a PSBT", async ({
  page,
  wallet,
}) => {
  await wallet.setSettings({ identities: ['xverse'] });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/bigmi.html');
  await page.getByRole('button', { name: 'Connect Xverse' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText(/^Not connected: UserRejectedRequestError: /);
  await page.getByRole('button', { name: 'Connect Xverse' }).click();
  await wallet.approveNext();
  const { addresses } = await expectedAddresses({ identity: 'xverse', purposes: ['payment'] });
  const [payment] = addresses;
  await expect(page.locator('#out')).toHaveText(`Connected: ${payment!.address}`);
  expect((await wallet.calls()).map((c) => c.method)).toEqual(['wallet_requestPermissions', 'wallet_requestPermissions', 'getAddresses', 'wallet_getNetwork']);
  const psbt = buildPsbt([{ address: payment!.address, value: 10_000n }], [{ address: payment!.address, value: 9_000n }]).toHex();
  const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, payment!.address] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe(payment!.publicKey);
});

test("bigmi's leather connector finds window.LeatherProvider (exposeAs), connects with getAddresses in a window and signs a PSBT through Leather's signPsbt", async ({
  page,
  wallet,
}) => {
  await wallet.setSettings({ exposeAs: ['LeatherProvider'] });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/bigmi.html');
  await page.getByRole('button', { name: 'Connect Leather' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText(/^Not connected: /);
  await page.getByRole('button', { name: 'Connect Leather' }).click();
  await wallet.approveNext();
  await expect(page.locator('#out')).toHaveText(/^Connected: /);
  const address = (await page.locator('#out').textContent())!.slice('Connected: '.length);
  expect(await page.evaluate(() => window.bigmi.account())).toMatchObject({ address, status: 'connected', connector: 'Leather' });
  const psbt = buildPsbt([{ address, value: 10_000n }], [{ address, value: 9_000n }]).toHex();
  const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, address] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
});
