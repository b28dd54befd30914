// A LaserEyes app (@omnisat/lasereyes-core 0.0.85, its published code: e2e/demo/lasereyes-app.ts) run once per wallet
// it lists that speaks UniSat's API or Xverse's and Leather's (walletProjects in playwright.config.ts: apps-wizz,
// apps-xverse, …; UniSat itself and OKX have deeper suites of their own beside it: unisat.spec.ts,
// okx.spec.ts). LaserEyes finds the wallet where it looks (the project poses as it, Leather's
// window.LeatherProvider included, with no setting of the test's), connects on a click and signs a message, checked with
// bip322-js; the UniSat look-alikes also sign a PSBT (bitcoinjs-lib) and hear an account switch.
import { test, expect, expectedAddresses, type WalletName } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';
import { client, state } from '../../support/lasereyes-page.ts';
import { BIP84_FIRST_KEY } from '../../support/payment.ts';

/**
 * UniSat's look-alikes: LaserEyes' provider id, the app's button, the wallet's object on window, and what LaserEyes
 * 0.0.85 does with the wallet's accountsChanged (dist/index.js): OP_NET's and Keplr's providers take the new address;
 * Wizz's keeps `address` and updates only `accounts`; Binance's never subscribes (its addListeners() is not called
 * from initialize()). The wallet's event reaches the look-alike's object either way.
 */
const LOOK_ALIKES: Partial<Record<WalletName, { provider: string; button: string; holder: string; follows: 'address' | 'accounts' | 'nothing' }>> = {
  wizz: { provider: 'wizz', button: 'Connect Wizz', holder: 'wizz', follows: 'accounts' },
  opnet: { provider: 'op_net', button: 'Connect OP_NET', holder: 'opnet', follows: 'address' },
  keplr: { provider: 'keplr', button: 'Connect Keplr', holder: 'keplr.bitcoin', follows: 'address' },
  binance: { provider: 'binance', button: 'Connect Binance', holder: 'binancew3w.bitcoin', follows: 'nothing' },
};
/** Xverse's and Leather's providers in LaserEyes: the app's button. */
const OTHERS: Partial<Record<WalletName, string>> = { xverse: 'Connect Xverse', leather: 'Connect Leather' };

/** UniSat's second account's address, m/84'/0'/1'/0/0. */
const ACCOUNT_2 = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';

// Each describe below skips by walletName alone: a wallet LaserEyes does not list here (or that has a suite of its own)
// skips both, before its page, its route or its wallet is set up.
test.beforeEach(async ({ page }) => {
  // LaserEyes reads only this wallet: anything beyond this machine is refused, not waited for.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test.describe("UniSat's look-alikes", () => {
  test.skip(({ walletName }) => !(walletName in LOOK_ALIKES), "not one of UniSat's look-alikes");

  test('LaserEyes finds the UniSat look-alike of this run where it looks, connects it on a click, signs a message (BIP-322 verifies) and a PSBT (libsecp256k1 verifies) through it; an account switch reaches it', async ({
    page,
    wallet,
    walletName,
  }) => {
    const { provider, button, holder, follows } = LOOK_ALIKES[walletName]!;
    await page.goto('/lasereyes.html');
    // Once, with four of these tests at once, a look-alike was not listed within 5 s.
    await expect.poll(async () => (await state(page)).hasProvider[provider], { message: `LaserEyes finds ${walletName}`, timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: button }).click();
    await wallet.approveNext();
    const [expected] = await expectedAddresses({ identity: walletName as 'wizz' });
    await expect(page.locator('#out')).toHaveText(`Connected: ${expected}`);
    expect(await state(page)).toMatchObject({ connected: true, provider, address: expected });
    const signing = client<string>(page, 'signMessage', 'Hello World', { protocol: 'bip322' });
    await wallet.approveNext();
    expect(verifyBip322(expected!, 'Hello World', (await signing) as string)).toBe(true);
    // UniSat's signPsbt, as LaserEyes sends it: the account's input signed by its key, the other left alone.
    const psbt = buildPsbt(
      [
        { address: expected!, value: 20_000n },
        { address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', value: 1_000n },
      ],
      [{ address: expected!, value: 19_000n }],
    );
    const signingPsbt = client<{ signedPsbtHex: string }>(page, 'signPsbt', {
      tx: psbt.toHex(),
      finalize: false,
      inputsToSign: [{ index: 0, address: expected }],
    });
    await wallet.approveNext();
    const signed = bitcoin.Psbt.fromHex(((await signingPsbt) as { signedPsbtHex: string }).signedPsbtHex);
    expect(signerOf(signed, 0)).toBe(BIP84_FIRST_KEY);
    expect(signerOf(signed, 1)).toBeUndefined();
    // An account switch: accountsChanged on the look-alike's own object, and LaserEyes as it handles it.
    await page.evaluate((path) => {
      const object = path.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, window as never) as unknown as {
        on(event: string, cb: (accounts: string[]) => void): void;
      };
      object.on('accountsChanged', (accounts) => ((window as unknown as { heard: string[] }).heard = accounts));
    }, holder);
    await wallet.setActiveAccount(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard?: string[] }).heard)).toEqual([ACCOUNT_2]);
    if (follows === 'address') await expect.poll(async () => (await state(page)).address).toBe(ACCOUNT_2);
    else if (follows === 'accounts') await expect.poll(async () => (await state(page)).accounts).toEqual([ACCOUNT_2]);
    else expect((await state(page)).address).toBe(expected);
    expect(new Set((await wallet.calls()).map((c) => c.identity))).toEqual(new Set([walletName]));
  });
});

test.describe("Xverse's and Leather's providers", () => {
  test.skip(({ walletName }) => !(walletName in OTHERS), "not a wallet with Xverse's or Leather's API");

  test("LaserEyes' provider for the wallet of this run (Xverse's, Leather's) finds it, connects on a click (taproot and payment addresses), and signs a message checked with bip322-js", async ({
    page,
    wallet,
    walletName,
  }) => {
    const button = OTHERS[walletName];
    await page.goto('/lasereyes.html');
    await expect.poll(async () => (await state(page)).hasProvider[walletName], { message: `LaserEyes finds ${walletName}` }).toBe(true);
    await page.getByRole('button', { name: button! }).click();
    await wallet.approveNext();
    await expect(page.locator('#out')).toHaveText(/^Connected: bc1p/);
    const { address, paymentAddress } = await state(page);
    // The taproot and native segwit addresses of account 0 (BIP-86, BIP-84 vectors).
    expect([address, paymentAddress]).toEqual(['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']);
    // LaserEyes' Leather provider signs only for an address the app names (its signMessage).
    const signing = page.evaluate((a) => window.lasereyes.client.signMessage('Hello World', { toSignAddress: a }), paymentAddress);
    await wallet.approveNext();
    expect(verifyBip322(paymentAddress, 'Hello World', await signing)).toBe(true);
  });
});
