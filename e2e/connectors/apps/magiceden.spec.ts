// Magic Eden through the connectors that call it, their published code bundled into demo apps: LaserEyes 0.0.85
// (its magic-eden provider, over sats-connect's v1 helpers), bigmi 0.10.1 (its magicEden connector, tokens of its
// own) and sats-connect's v1 calls on the Wallet Standard wallet found with @wallet-standard/app's getWallets(), as
// Dynamic finds it (docs/reference/magiceden.md §7). Signatures checked with bitcoinjs-lib, bip322-js and
// bitcoinjs-message, which the wallet does not use; the vectors are docs/reference/magiceden.md §6's.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';
import { createRequire } from 'node:module';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322, verifyP2wpkhSpend } from '../../../test/bitcoin-reference.ts';
import { reference } from '../../../test/reference.ts';

const bitcoinMessage = createRequire(import.meta.url)('bitcoinjs-message') as {
  verify(message: string, address: string, signature: string): boolean;
};

// Run by the apps project of Magic Eden (apps-magiceden), which poses as it: every other project skips this file.
test.skip(({ walletName }) => walletName !== 'magiceden', "Magic Eden's own dialect, through the connectors that call it");

/** §6.3's PSBT: input 0 the payment address's, input 1 the ordinals address's (with its tapInternalKey). */
const UNSIGNED =
  'cHNidP8BAKYCAAAAAhERERERERERERERERERERERERERERERERERERERERERAAAAAAD/////IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIAAAAAAP////8CIgIAAAAAAAAiUSCmCGnw288dxlnJzsuvgFATXqnozcSHBT8dxogJSdxoTLiCAQAAAAAAFgAUwM681sPTyox13F7GLr5VMw75EOIAAAAAAAEBH6CGAQAAAAAAFgAUwM681sPTyox13F7GLr5VMw75EOIAAQErIgIAAAAAAAAiUSCmCGnw288dxlnJzsuvgFATXqnozcSHBT8dxogJSdxoTAEXIMyKS8ZNiXvdxfvC9nD3qLoLOGd5EGzxIjxvxdfNb8EVAAAA';
const TXID = 'dac82d8d8a977bbaea877e319293c14219e63476f4c8240b19f83bd844603a0f';
const BIP322_PAYMENT =
  'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=';
const ECDSA_PAYMENT = 'Jw662OPAokgnLvuNSV411BpOkZ7KcwqDuvw/rJZ3z87jFLtKXgFUJMhy05G8xIiT69/tzvq7bVQV49jWixD3XSg=';

/** Account N's two addresses as connect answers them (ordinals, payment). */
const accountOf = async (account: number) => {
  const [ordinals, payment] = (await expectedAddresses({ identity: 'magiceden', account })).addresses;
  return { ordinals: ordinals!, payment: payment! };
};

/** Nothing beyond this machine: the connectors' balance and fee reads are refused, not waited for. */
const offline = (page: Page) => page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());

test('LaserEyes connects Magic Eden on a click (after a rejected try), signs BIP-322 and ECDSA messages and a PSBT it finalises, each verified independently; its sendBTC misreads the bare txid', async ({
  page,
  wallet,
}) => {
  await offline(page);
  await page.goto('/lasereyes.html');
  const state = () =>
    page.evaluate(() => window.lasereyes.state()) as Promise<{
      connected: boolean;
      provider?: string;
      address: string;
      paymentAddress: string;
      publicKey: string;
      paymentPublicKey: string;
      hasProvider: Record<string, boolean>;
    }>;
  await expect.poll(async () => (await state()).hasProvider['magic-eden'], { message: 'LaserEyes finds window.magicEden.bitcoin' }).toBe(true);
  await page.getByRole('button', { name: 'Connect Magic Eden' }).click();
  await wallet.rejectNext();
  // sats-connect's getAddress drops the wallet's error and calls LaserEyes' onCancel, which throws its own words.
  await expect(page.locator('#out')).toHaveText('Not connected: User canceled lasereyes to magic-eden wallet');
  await page.getByRole('button', { name: 'Connect Magic Eden' }).click();
  await wallet.approveNext();
  const { ordinals, payment } = await accountOf(0);
  await expect(page.locator('#out')).toHaveText(`Connected: ${ordinals.address}`);
  // LaserEyes asks ['ordinals', 'payment'] and reads the public keys by position.
  expect(await state()).toMatchObject({
    connected: true,
    provider: 'magic-eden',
    address: ordinals.address,
    paymentAddress: payment.address,
    publicKey: ordinals.publicKey,
    paymentPublicKey: payment.publicKey,
  });
  const sign = (protocol?: 'ecdsa' | 'bip322') =>
    page.evaluate((p) => window.lasereyes.client.signMessage('Hello World', p ? { protocol: p } : undefined), protocol);
  const bip322 = sign();
  await wallet.approveNext();
  expect(await bip322).toBe(BIP322_PAYMENT);
  expect(verifyBip322(payment.address, 'Hello World', BIP322_PAYMENT)).toBe(true);
  const ecdsa = sign('ecdsa');
  await wallet.approveNext();
  expect(await ecdsa).toBe(ECDSA_PAYMENT);
  expect(bitcoinMessage.verify('Hello World', payment.address, ECDSA_PAYMENT)).toBe(true);
  // No inputsToSign: LaserEyes names each input by its witnessUtxo's address, then finalises what the wallet signed.
  const hex = Buffer.from(UNSIGNED, 'base64').toString('hex');
  const signing = page.evaluate((tx) => window.lasereyes.client.signPsbt({ tx, finalize: true }), hex);
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Sign transaction — via Magic Eden', fields: { Message: 'Sign Transaction', Broadcast: 'no' } });
  await prompt.approve();
  const finalised = bitcoin.Psbt.fromHex((await signing).signedPsbtHex!);
  const tx = finalised.extractTransaction();
  expect(tx.getId()).toBe(TXID);
  expect(verifyP2wpkhSpend(tx.toHex(), 0, payment.publicKey, 100_000n)).toBe(true);
  // LaserEyes' sendBTC reads .txid of the answer, which Magic Eden documents as the bare txid: sent, and reported as failed.
  const sending = page.evaluate(() =>
    window.lasereyes.client.sendBTC('bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', 1000).catch((e: Error) => `failed: ${e.message}`),
  );
  await wallet.approveNext();
  expect(await sending).toBe('failed: Error sending BTC');
  expect((await wallet.calls()).map((c) => [c.method, c.outcome])).toEqual([
    ['connect', 'rejected'],
    ['connect', 'approved'],
    ['signMessage', 'approved'],
    ['signMessage', 'approved'],
    ['signTransaction', 'approved'],
    ['sendBtcTransaction', 'approved'],
  ]);
});

test("bigmi's magicEden connector: a rejected connect is its UserRejectedRequestError; connected, it signs a PSBT and follows an account switch (accountsChanged)", async ({
  page,
  wallet,
}) => {
  await offline(page);
  await page.goto('/bigmi.html');
  await page.getByRole('button', { name: 'Connect Magic Eden' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText('Not connected: UserRejectedRequestError:  User rejected the request.');
  await page.getByRole('button', { name: 'Connect Magic Eden' }).click();
  await wallet.approveNext();
  const { payment } = await accountOf(0);
  await expect(page.locator('#out')).toHaveText(`Connected: ${payment.address}`);
  expect(await page.evaluate(() => window.bigmi.account())).toMatchObject({ address: payment.address, status: 'connected', connector: 'Magic Eden' });
  const psbt = buildPsbt([{ address: payment.address, value: 10_000n }], [{ address: payment.address, value: 9_000n }]).toHex();
  const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, payment.address] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe(payment.publicKey);
  // bigmi listens with addListener('accountsChanged') and keeps the payment address of what it hears.
  await wallet.setActiveAccount(1);
  const next = await accountOf(1);
  await expect.poll(() => page.evaluate(() => window.bigmi.account().address)).toBe(next.payment.address);
  // bigmi's getConnectorClient reads the chain through connect again: a connected site's connect is answered at once, no window.
  expect((await wallet.calls()).map((c) => c.method)).toEqual(['connect', 'connect', 'connect', 'signTransaction']);
});

test("Dynamic's way: the Wallet Standard wallet 'Magic Eden' (getWallets()), its 'sats-connect:' provider the page's own, driven by sats-connect's v1 calls; its events and rejections", async ({
  page,
  wallet,
}) => {
  await offline(page);
  await page.goto('/wallet-standard.html');
  // Registered before the app loaded: the app's app-ready event found it. Only 'sats-connect:': Reown lists no wallet without bitcoin:connect.
  expect(await page.evaluate(() => window.ws.listed())).toEqual([{ name: 'Magic Eden', chains: ['bitcoin:mainnet'], features: ['sats-connect:'] }]);
  expect(await page.evaluate(() => window.ws.sameProvider())).toBe(true);
  // Another registry on the page (another bundled copy of @wallet-standard/app) is handed the same object.
  expect(
    await page.evaluate(() => {
      const got: unknown[] = [];
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (...w: unknown[]) => got.push(...w) } }));
      return got.length === 1 && got[0] === window.ws.wallet();
    }),
  ).toBe(true);
  await page.getByRole('button', { name: 'Connect Magic Eden' }).click();
  await wallet.approveNext();
  const { ordinals, payment } = await accountOf(0);
  await expect(page.locator('#out')).toHaveText(`Connected: ${ordinals.address} ${payment.address}`);

  const message = page.evaluate((a) => window.ws.signMessage(a, 'Hello World'), ordinals.address);
  await wallet.approveNext();
  const signature = ((await message) as { finished: string }).finished;
  expect(verifyBip322(ordinals.address, 'Hello World', signature)).toBe(true);
  const inputsToSign = [
    { address: payment.address, signingIndexes: [0] },
    { address: ordinals.address, signingIndexes: [1] },
  ];
  const signing = page.evaluate(([p, i]) => window.ws.signTransaction(p, i), [UNSIGNED, inputsToSign] as const);
  await wallet.approveNext();
  const signed = bitcoin.Psbt.fromBase64(((await signing) as { finished: { psbtBase64: string } }).finished.psbtBase64);
  const { taprootOutputKey } = await reference('mainnet', 0);
  expect([signerOf(signed, 0), signerOf(signed, 1, taprootOutputKey)]).toEqual([payment.publicKey, `taproot:${taprootOutputKey}`]);

  // A rejection: sats-connect drops it and calls onCancel; the provider itself rejects with an Error carrying 4001.
  const cancelled = page.evaluate((a) => window.ws.signMessage(a, 'no'), payment.address);
  await wallet.rejectNext();
  expect(await cancelled).toEqual({ cancelled: true });
  const direct = page.evaluate(() => {
    const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const provider = (window as unknown as { magicEden: { bitcoin: { connect(token: string): Promise<unknown> } } }).magicEden.bitcoin;
    return provider
      .connect(`${part({ typ: 'JWT', alg: 'none' })}.${part({ purposes: ['payment'], network: { type: 'Testnet' } })}.`)
      .catch((error: Error & { code?: number }) => ({
        isError: error instanceof Error,
        code: error.code,
        message: error.message,
      }));
  });
  expect(await direct).toEqual({
    isError: true,
    code: -32602,
    message: 'connect: Magic Eden answers on Mainnet only, not "Testnet" (docs/reference/magiceden.md §4.2)',
  });

  // accountsChanged: the new account's { address, purpose }, no public key.
  await page.evaluate(() => {
    const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
    (window as unknown as { magicEden: { bitcoin: { on(n: string, cb: (p: unknown) => void): void } } }).magicEden.bitcoin.on('accountsChanged', (p) =>
      heard.push(p),
    );
  });
  await wallet.setActiveAccount(1);
  const next = await accountOf(1);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
    .toEqual([
      [
        { address: next.ordinals.address, purpose: 'ordinals' },
        { address: next.payment.address, purpose: 'payment' },
      ],
    ]);
});
