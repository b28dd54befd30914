// Oyl through the connectors that call window.oyl (docs/reference/oyl.md §7), their published code bundled in the
// demo apps: LaserEyes 0.0.85's Oyl provider (connect, its network check and switch, messages, PSBTs, a broadcast
// on the embedded regtest chain, in e2e/chain/chain.spec.ts) and bigmi 0.10.1's oyl connector (connect, a refused connect, a PSBT). Signatures
// checked with bip322-js, tiny-secp256k1 and bitcoinjs-lib, which the wallet does not use.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { createHash } from 'node:crypto';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { FOREIGN_P2WPKH, buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';
import { client, openLaserEyes, state } from '../../support/lasereyes-page.ts';

// Oyl's test on the embedded regtest chain is in e2e/chain/chain.spec.ts, whose worker has the chain started already.
// Run by the apps project of Oyl (apps-oyl), which poses as it: every other project skips this file.
test.skip(({ walletName }) => walletName !== 'oyl', "Oyl's own dialect, through the connectors that call it");

/** Account 0's entries on mainnet (docs/reference/oyl.md §8.1). */
const TAPROOT = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const TAPROOT_KEY = '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115';
const OUTPUT_KEY = 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c';
const SEGWIT = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SEGWIT_KEY = '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c';

test('LaserEyes connects Oyl on a click (getAddresses, getNetwork) and signs messages (BIP-322, ecdsa) and a PSBT of every input the account owns; a rejection is an OylConnectError', async ({
  page,
  wallet,
}) => {
  await openLaserEyes(page);
  await page.getByRole('button', { name: 'Connect Oyl' }).click();
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via Oyl' });
  await prompt.approve();
  await expect(page.locator('#out')).toHaveText(`Connected: ${TAPROOT}`);
  const expected = await expectedAddresses({ identity: 'oyl' });
  expect(expected.taproot).toEqual({ address: TAPROOT, publicKey: TAPROOT_KEY });
  // LaserEyes reads all four entries: taproot its address, nativeSegwit its payment address.
  expect(await state(page)).toMatchObject({
    connected: true,
    provider: 'oyl',
    address: TAPROOT,
    paymentAddress: SEGWIT,
    publicKey: TAPROOT_KEY,
    accounts: [TAPROOT, SEGWIT, expected.nestedSegwit.address, expected.legacy.address],
    network: 'mainnet',
  });
  expect((await wallet.calls()).map((c) => c.method).slice(0, 2)).toEqual(['getAddresses', 'getNetwork']);

  await test.step('signMessage: BIP-322 by default, by the payment address; ecdsa in the SDK form by the taproot address the app names', async () => {
    const bip322 = client<string>(page, 'signMessage', 'Hello World');
    await wallet.approveNext();
    // docs/reference/oyl.md §8.2's vector, which bip322-js verifies.
    const signature = (await bip322) as string;
    expect(signature).toBe(
      'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
    );
    expect(verifyBip322(SEGWIT, 'Hello World', signature)).toBe(true);
    const ecdsa = client<string>(page, 'signMessage', 'Hello World', { protocol: 'ecdsa', toSignAddress: TAPROOT });
    const window = await wallet.nextPrompt();
    expect(await window.details()).toMatchObject({ fields: { 'Signing address': TAPROOT, Protocol: 'ecdsa (sdk)' } });
    await window.approve();
    const raw = Buffer.from((await ecdsa) as string, 'base64');
    expect(raw).toHaveLength(64);
    expect(ecc.verify(createHash('sha256').update('Hello World').digest(), Buffer.from(TAPROOT_KEY, 'hex'), raw)).toBe(true);
  });

  await test.step('signPsbt: no input list; the account signs its nativeSegwit and taproot inputs, not another wallet’s', async () => {
    const psbt = buildPsbt(
      [
        { address: SEGWIT, value: 30_000n },
        { address: TAPROOT, value: 20_000n },
        { address: FOREIGN_P2WPKH, value: 10_000n },
      ],
      [{ address: FOREIGN_P2WPKH, value: 55_000n }],
    );
    psbt.updateInput(1, { tapInternalKey: Buffer.from(TAPROOT_KEY, 'hex').subarray(1) });
    const signing = client<{ signedPsbtHex: string; txId?: string }>(page, 'signPsbt', { tx: psbt.toHex(), finalize: false });
    const window = await wallet.nextPrompt();
    const details = await window.details();
    expect(details).toMatchObject({ title: 'Sign PSBT — via Oyl', fields: { Finalize: 'no', Broadcast: 'no' } });
    expect(details.tables['Inputs']!.map((row) => [row['Owner'], row['Sign']])).toEqual([
      ['nativeSegwit', 'yes'],
      ['taproot', 'yes'],
      [`not this account (${FOREIGN_P2WPKH})`, 'no'],
    ]);
    await window.approve();
    const signed = bitcoin.Psbt.fromHex(((await signing) as { signedPsbtHex: string }).signedPsbtHex);
    expect([signerOf(signed, 0), signerOf(signed, 1, OUTPUT_KEY), signerOf(signed, 2)]).toEqual([SEGWIT_KEY, `taproot:${OUTPUT_KEY}`, undefined]);
  });

  await test.step('a rejection reaches the app through LaserEyes as the Error the page rejected with', async () => {
    const rejected = client(page, 'signMessage', 'no');
    await wallet.rejectNext();
    expect(await rejected).toEqual({ failed: { name: 'OylConnectError', message: 'User rejected the request.', code: 4001 } });
  });
});

test("LaserEyes holds Oyl to the app's network: a refused connect, then a connect whose getNetwork differs, the switchNetwork it asks for, the account switch the page hears", async ({
  page,
  wallet,
}) => {
  await openLaserEyes(page, 'testnet');
  await page.getByRole('button', { name: 'Connect Oyl' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText('Not connected: User rejected the request.');
  expect((await state(page)).connected).toBe(false);

  await page.getByRole('button', { name: 'Connect Oyl' }).click();
  await wallet.approveNext();
  // The wallet is on mainnet, the app on testnet: LaserEyes asks for the switch, then connects again.
  const switching = await wallet.nextPrompt();
  expect(await switching.details()).toMatchObject({ title: 'Switch network — via Oyl', fields: { Network: 'mainnet → testnet' } });
  await switching.approve();
  const testnet = await expectedAddresses({ identity: 'oyl', network: 'testnet' });
  await expect.poll(async () => [(await state(page)).network, (await state(page)).address]).toEqual(['testnet', testnet.taproot.address]);
  await expect(page.locator('#out')).toHaveText(`Connected: ${testnet.taproot.address}`);
  expect((await wallet.settings()).network).toBe('testnet');
  expect((await wallet.calls()).map((c) => c.method)).toEqual(
    expect.arrayContaining(['getAddresses', 'getNetwork', 'switchNetwork', 'getAddresses', 'getNetwork', 'getBalance']),
  );

  await test.step('window.oyl is a plain object with on(): the page hears accountsChanged [taproot, nativeSegwit], and [] on disconnect', async () => {
    await page.evaluate(() => {
      const oyl = (window as unknown as { oyl: { on(n: string, f: (p: unknown) => void): void } }).oyl;
      const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
      oyl.on('accountsChanged', (payload) => heard.push(payload));
    });
    await wallet.setActiveAccount(1);
    const next = await expectedAddresses({ identity: 'oyl', network: 'testnet', account: 1 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
      .toEqual([[next.taproot.address, next.nativeSegwit.address]]);
    expect(
      await page.evaluate(async () => {
        const oyl = (window as unknown as { oyl: Record<string, () => Promise<unknown>> }).oyl;
        return [typeof oyl, 'providers' in oyl, await oyl['disconnect']!(), await oyl['isConnected']!()];
      }),
    ).toEqual(['object', false, undefined, false]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length)).toBe(2);
  });
});

test('a hostile page: built-ins replaced and Object.prototype.error defined after load, window.oyl still answers, and a refusal is still an OylConnectError', async ({
  page,
}) => {
  await page.goto('/blank.html');
  const outcome = await page.evaluate(async () => {
    Object.defineProperty(Object.prototype, 'error', { value: { code: 1, message: 'polluted' }, configurable: true, writable: true });
    const RealError = Error;
    (window as unknown as { Error: unknown }).Error = function Fake() {};
    try {
      const oyl = (window as unknown as { oyl: Record<string, (...a: unknown[]) => Promise<unknown>> }).oyl;
      const network = await oyl['getNetwork']!();
      const refused = await oyl['signMessage']!({ address: 'x', message: 'y' }).then(
        () => 'resolved',
        (e: Error & { code?: number }) => [e instanceof RealError, e.name, e.code, e.message],
      );
      return { network, refused, locked: Object.getOwnPropertyDescriptor(window, 'oyl')?.writable };
    } finally {
      delete (Object.prototype as unknown as Record<string, unknown>)['error'];
      (window as unknown as { Error: unknown }).Error = RealError;
    }
  });
  expect(outcome).toEqual({
    network: 'mainnet',
    refused: [true, 'OylConnectError', 4100, 'This site is not connected to Oyl: call getAddresses first (docs/reference/oyl.md §2.2).'],
    locked: false,
  });
});

test("bigmi's oyl connector: a refused connect is bigmi's UserRejectedRequestError (and bigmi disconnects Oyl), then a connect and a PSBT signed through it", async ({
  page,
  wallet,
}) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/bigmi.html');
  await page.getByRole('button', { name: 'Connect Oyl' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText('Not connected: UserRejectedRequestError:  User rejected the request.');
  await expect
    .poll(async () => (await wallet.calls()).map((c) => [c.method, c.outcome]))
    .toEqual([
      ['getAddresses', 'rejected'],
      ['disconnect', 'approved'],
    ]);
  await page.getByRole('button', { name: 'Connect Oyl' }).click();
  await wallet.approveNext();
  // bigmi keeps the nativeSegwit entry, a payment account.
  await expect(page.locator('#out')).toHaveText(`Connected: ${SEGWIT}`);
  expect(await page.evaluate(() => window.bigmi.account())).toMatchObject({ address: SEGWIT, status: 'connected', connector: 'Oyl' });
  const psbt = buildPsbt([{ address: SEGWIT, value: 10_000n }], [{ address: SEGWIT, value: 9_000n }]).toHex();
  // bigmi drops its inputsToSign and sends { psbt, finalize }: Oyl signs what the account owns.
  const signing = page.evaluate(([p, a]) => window.bigmi.signPsbt(p, [{ address: a, signingIndexes: [0] }], false), [psbt, SEGWIT] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex(await signing), 0)).toBe(SEGWIT_KEY);
});
