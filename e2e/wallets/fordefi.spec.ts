// Fordefi, Xverse's API at window.FordefiProviders.UtxoProvider (docs/xverse.md, "Fordefi"), found as apps
// find it: sats-connect's FordefiAdapter (its default provider set to Fordefi's id) and @stacks/connect's
// picker row. Signatures checked with bip322-js and @stacks/transactions, which the wallet does not use.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../test/bitcoin-reference.ts';
import { decodeStacksTransaction } from '../../test/stacks-reference.ts';
import { click, installedRows, outcome } from '../support/connect-page.ts';

test.use({ identities: ['fordefi'] });

const BOB_STX = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

/** sats-connect's Wallet.request through its default provider's adapter. */
const sats = (page: Page, method: string, params: unknown) =>
  page.evaluate(([m, p]) => window.sats.Wallet.request(m as never, p as never), [method, params] as const) as Promise<{
    status: string;
    result?: unknown;
    error?: { code: number; message: string };
  }>;

test("sats-connect's selector lists it and its Fordefi adapter, picked, rejects with Xverse's code, connects, signs a message (BIP-322 verifies) and a PSBT (libsecp256k1 verifies), and tells the app of an account switch", async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  expect(await page.evaluate(() => window.sats.getSupportedWallets().find((w) => w.id === 'FordefiProviders.UtxoProvider'))).toMatchObject({
    name: 'Fordefi',
    isInstalled: true,
  });
  expect(
    await page.evaluate(() => (window as unknown as { FordefiProviders: { UtxoProvider: { isFordefi: unknown } } }).FordefiProviders.UtxoProvider.isFordefi),
  ).toBe(true);
  // No wallet chosen yet: sats-connect shows its selector, and the user picks Fordefi's row; the first connect is refused.
  const refused = sats(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  await wallet.pickInSatsConnect(page, { identity: 'fordefi' });
  await wallet.rejectNext();
  expect(await refused).toMatchObject({ status: 'error', error: { code: -32000 } });
  // sats-connect keeps no provider after a refusal: its selector again.
  const connecting = sats(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  await wallet.pickInSatsConnect(page, { identity: 'fordefi' });
  await wallet.approveNext();
  const connected = await connecting;
  const expected = await expectedAddresses({ identity: 'fordefi', purposes: ['payment', 'ordinals'] });
  expect(connected).toMatchObject({ status: 'success', result: { addresses: expected.addresses } });
  const payment = expected.addresses.find((a) => a.purpose === 'payment')!.address;
  const signing = sats(page, 'signMessage', { address: payment, message: 'Hello Fordefi', protocol: 'BIP322' });
  await wallet.approveNext();
  const signed = await signing;
  expect(signed).toMatchObject({ status: 'success', result: { address: payment, protocol: 'BIP322' } });
  expect(verifyBip322(payment, 'Hello Fordefi', (signed.result as { signature: string }).signature)).toBe(true);
  const rejected = sats(page, 'signMessage', { address: payment, message: 'no' });
  await wallet.rejectNext();
  expect(await rejected).toMatchObject({ status: 'error', error: { code: -32000 } });
  // A PSBT spending the payment address, its input named by address as sats-connect's signPsbt takes it.
  const paymentKey = expected.addresses.find((a) => a.purpose === 'payment')!.publicKey;
  const psbt = buildPsbt([{ address: payment, value: 10_000n }], [{ address: payment, value: 9_000n }]);
  const signingPsbt = sats(page, 'signPsbt', { psbt: psbt.toBase64(), signInputs: { [payment]: [0] } });
  await wallet.approveNext();
  const signedPsbt = await signingPsbt;
  expect(signedPsbt).toMatchObject({ status: 'success' });
  expect(signerOf(bitcoin.Psbt.fromBase64((signedPsbt.result as { psbt: string }).psbt), 0)).toBe(paymentKey);
  // Its events reach the app through sats-connect's Wallet.addListener (the chosen adapter's), as Xverse's do.
  await page.evaluate(() => {
    (window as unknown as { heard: unknown[] }).heard = [];
    window.sats.Wallet.addListener({ eventName: 'accountChange', cb: (e: unknown) => (window as unknown as { heard: unknown[] }).heard.push(e) } as never);
  });
  await wallet.setActiveAccount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { heard: { type: string }[] }).heard.map((e) => e.type))).toEqual(['accountChange']);
  expect((await wallet.calls()).map((c) => c.identity)).toEqual(['fordefi', 'fordefi', 'fordefi', 'fordefi', 'fordefi']);
});

test("@stacks/connect lists Fordefi; picked, it connects and its stx_transferStx is signed by the account's Stacks key", async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  expect((await installedRows(page)).sort()).toEqual(['Fordefi', 'Mock Wallet (test only)']);
  await wallet.pickInConnectModal(page, { identity: 'fordefi' });
  await wallet.approveNext();
  const connected = await outcome(page, 'connect');
  expect(connected.status).toBe('ok');
  expect(connected.value['provider']).toBe('FordefiProviders.UtxoProvider');
  await click(page, 'transfer-stx', { recipient: BOB_STX });
  await wallet.approveNext();
  const transfer = await outcome(page, 'transfer-stx');
  expect(transfer.status).toBe('ok');
  const { txid, transaction } = transfer.value['result'] as { txid: string; transaction: string };
  const stacks = (await expectedAddresses({ identity: 'fordefi', purposes: ['stacks'] })).addresses[0]!;
  expect(decodeStacksTransaction(transaction, stacks.publicKey).txid()).toBe(txid);
});
