// A sats-connect app (sats-connect 4.2.1, from npm: e2e/demo/sats-app.ts) run once per wallet with Xverse's API that
// sats-connect lists (walletProjects in playwright.config.ts: apps-xverse, apps-fordefi). No wallet chosen yet,
// sats-connect shows its selector; the visitor picks the wallet's row (pickInSatsConnect), rejects, connects, signs a
// message (bip322-js verifies) and a PSBT (bitcoinjs-lib), and the app hears an account switch through sats-connect's
// Wallet.addListener. UniSat, which sats-connect lists too, answers in its own way: e2e/wallets/unisat.spec.ts.
import { test, expect, expectedAddresses, type Page, type WalletName } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';

/** sats-connect 4.2.1's default providers (@sats-connect/core, DefaultAdaptersInfo) with Xverse's API: their ids and row names. */
const LISTED: Partial<Record<WalletName, { id: string; name: string; flag?: string }>> = {
  xverse: { id: 'XverseProviders.BitcoinProvider', name: 'Xverse' },
  fordefi: { id: 'FordefiProviders.UtxoProvider', name: 'Fordefi', flag: 'isFordefi' },
};

test.skip(({ walletName }) => !(walletName in LISTED), "sats-connect does not list this wallet with Xverse's API");

/** sats-connect's Wallet.request through its default provider's adapter. */
const sats = (page: Page, method: string, params: unknown) =>
  page.evaluate(([m, p]) => window.sats.Wallet.request(m as never, p as never), [method, params] as const) as Promise<{
    status: string;
    result?: unknown;
    error?: { code: number; message: string };
  }>;

test("sats-connect's selector lists the wallet of this run; picked, it rejects with Xverse's code, connects, signs a message (BIP-322 verifies) and a PSBT (libsecp256k1 verifies), and tells the app of an account switch", async ({
  page,
  wallet,
  walletName,
}) => {
  const listed = LISTED[walletName]!;
  await page.goto('/sats.html');
  expect(await page.evaluate((id) => window.sats.getSupportedWallets().find((w) => w.id === id), listed.id)).toMatchObject({
    name: listed.name,
    isInstalled: true,
  });
  if (listed.flag) {
    const flag = await page.evaluate(
      ([path, name]) =>
        (path.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, window as never) as Record<string, unknown>)[name],
      [listed.id, listed.flag] as const,
    );
    expect(flag, listed.flag).toBe(true);
  }
  // No wallet chosen yet: sats-connect shows its selector, and the user picks the wallet's row; the first connect is refused.
  const refused = sats(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  await wallet.pickInSatsConnect(page, { identity: walletName });
  await wallet.rejectNext();
  expect(await refused).toMatchObject({ status: 'error', error: { code: -32000 } });
  // sats-connect keeps no provider after a refusal: its selector again.
  const connecting = sats(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  await wallet.pickInSatsConnect(page, { identity: walletName });
  await wallet.approveNext();
  const connected = await connecting;
  const expected = await expectedAddresses({ identity: walletName as 'xverse', purposes: ['payment', 'ordinals'] });
  expect(connected).toMatchObject({ status: 'success', result: { addresses: expected.addresses } });
  const { address: payment, publicKey: paymentKey } = expected.addresses.find((a) => a.purpose === 'payment')!;
  const signing = sats(page, 'signMessage', { address: payment, message: 'Hello sats-connect', protocol: 'BIP322' });
  await wallet.approveNext();
  const signed = await signing;
  expect(signed).toMatchObject({ status: 'success', result: { address: payment, protocol: 'BIP322' } });
  expect(verifyBip322(payment, 'Hello sats-connect', (signed.result as { signature: string }).signature)).toBe(true);
  const rejected = sats(page, 'signMessage', { address: payment, message: 'no' });
  await wallet.rejectNext();
  expect(await rejected).toMatchObject({ status: 'error', error: { code: -32000 } });
  // A PSBT spending the payment address, its input named by address as sats-connect's signPsbt takes it.
  const psbt = buildPsbt([{ address: payment, value: 10_000n }], [{ address: payment, value: 9_000n }]);
  const signingPsbt = sats(page, 'signPsbt', { psbt: psbt.toBase64(), signInputs: { [payment]: [0] } });
  await wallet.approveNext();
  const signedPsbt = await signingPsbt;
  expect(signedPsbt).toMatchObject({ status: 'success' });
  expect(signerOf(bitcoin.Psbt.fromBase64((signedPsbt.result as { psbt: string }).psbt), 0)).toBe(paymentKey);
  // Its events reach the app through sats-connect's Wallet.addListener (the chosen adapter's).
  await page.evaluate(() => {
    (window as unknown as { heard: unknown[] }).heard = [];
    window.sats.Wallet.addListener({ eventName: 'accountChange', cb: (e: unknown) => (window as unknown as { heard: unknown[] }).heard.push(e) } as never);
  });
  await wallet.setActiveAccount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { heard: { type: string }[] }).heard.map((e) => e.type))).toEqual(['accountChange']);
  // Every call the app made went to this wallet (Xverse's adapter also reads the account once more on the switch).
  expect(new Set((await wallet.calls()).map((c) => c.identity))).toEqual(new Set([walletName]));
});
