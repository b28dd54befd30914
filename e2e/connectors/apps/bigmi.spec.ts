// A bigmi app (@bigmi/client 0.10.1, from npm: e2e/demo/bigmi-app.ts) run once per wallet bigmi lists (walletProjects
// in playwright.config.ts: apps-unisat, apps-okx, …). bigmi's own connector for the wallet finds it (each checks its
// wallet's global and flags: UniSat's object has no isBinance/isBitKeep, OKX's has isOkxWallet, Leather's is
// window.LeatherProvider, which the project turns on), connects on a click after a rejected try, and signs a PSBT;
// signatures checked with bitcoinjs-lib, which the wallet does not use.
import { test, expect, expectedAddresses, type WalletName } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf } from '../../../test/bitcoin-reference.ts';
import { BIP84_FIRST_KEY, paymentAddress } from '../../support/payment.ts';

/** What the app's button and bigmi's connector for each wallet it lists are called, and how each asks. */
interface BigmiWay {
  button: string;
  /** bigmi's connector name (its account().connector), where the app reads it. */
  connector?: string;
  /** bigmi's message for the rejected connect (it wraps UniSat's own words). */
  rejected: RegExp | string;
  /** The wallet calls bigmi makes to connect and read the account, in order, where asserted. */
  calls?: string[];
}
const UNISAT_REJECTED = 'Not connected: UserRejectedRequestError:  User rejected the request.';
const WAYS: Partial<Record<WalletName, BigmiWay>> = {
  unisat: { button: 'Connect UniSat', connector: 'Unisat', rejected: UNISAT_REJECTED },
  okx: { button: 'Connect OKX', connector: 'OKX Wallet', rejected: UNISAT_REJECTED },
  bitget: { button: 'Connect Bitget', connector: 'Bitget', rejected: UNISAT_REJECTED },
  binance: { button: 'Connect Binance', connector: 'Binance', rejected: UNISAT_REJECTED },
  onekey: { button: 'Connect OneKey', connector: 'OneKey', rejected: UNISAT_REJECTED },
  // bigmi's xverse connector asks wallet_requestPermissions in a window, then reads the payment address and the network.
  xverse: {
    button: 'Connect Xverse',
    rejected: /^Not connected: UserRejectedRequestError: /,
    calls: ['wallet_requestPermissions', 'wallet_requestPermissions', 'getAddresses', 'wallet_getNetwork'],
  },
  // bigmi's leather connector finds window.LeatherProvider, connects with getAddresses and signs through Leather's signPsbt.
  leather: { button: 'Connect Leather', connector: 'Leather', rejected: /^Not connected: / },
};

test.skip(({ walletName }) => !(walletName in WAYS), 'bigmi does not list this wallet');

test("bigmi's connector for the wallet of this run: a rejected connect is bigmi's UserRejectedRequestError; then it connects on a click and signs a PSBT through the wallet", async ({
  page,
  wallet,
  walletName,
}) => {
  const way = WAYS[walletName]!;
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/bigmi.html');
  await page.getByRole('button', { name: way.button }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText(way.rejected);
  await page.getByRole('button', { name: way.button }).click();
  await wallet.approveNext();
  const address = await paymentAddress(walletName);
  // Its key: Xverse's payment purpose is its own (m/49'), every other wallet's is BIP-84's first.
  const key = walletName === 'xverse' ? (await expectedAddresses({ identity: 'xverse', purposes: ['payment'] })).addresses[0]!.publicKey : BIP84_FIRST_KEY;
  await expect(page.locator('#out')).toHaveText(`Connected: ${address}`);
  if (way.connector) expect(await page.evaluate(() => window.bigmi.account())).toMatchObject({ address, status: 'connected', connector: way.connector });
  if (way.calls) expect((await wallet.calls()).map((c) => c.method)).toEqual(way.calls);
  const psbt = buildPsbt([{ address, value: 10_000n }], [{ address, value: 9_000n }]).toHex();
  const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, address] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe(key);
});
