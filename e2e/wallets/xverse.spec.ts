// An app on sats-connect (latest, from npm) reaches this wallet posing as Xverse and sees Xverse's answers,
// errors and events (docs/reference/xverse.md); signatures are checked with bitcoinjs-lib, bitcoinjs-message and bip322-js.
import { test, expect, expectedAddresses, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { createRequire } from 'node:module';
import { buildPsbt, decodeTransaction, signerOf, verifyBip322, verifyP2wpkhSpend } from '../../test/bitcoin-reference.ts';
import * as bitcoin from 'bitcoinjs-lib';
import { reference } from '../../test/reference.ts';

const bitcoinMessage = createRequire(import.meta.url)('bitcoinjs-message') as {
  verify(message: string, address: string, signature: string, prefix?: null, checkSegwitAlways?: boolean): boolean;
};

test.use({ identities: ['xverse'] });

type SatsResponse = { status: 'success'; result: any } | { status: 'error'; error: { code: number; message: string; data?: unknown } };

/** Calls sats-connect's request() in the page; the promise settles when the wallet answers. */
const satsRequest = (page: Page, method: string, params?: unknown): Promise<SatsResponse> =>
  page.evaluate(([m, p]) => window.sats.request(m as never, p as never), [method, params] as const) as Promise<SatsResponse>;

/** Xverse's own provider, called directly (no sats-connect in between): what it resolves with. */
const xverseRequest = (page: Page, method: string, params?: unknown): Promise<unknown> =>
  page.evaluate(
    ([m, p]) =>
      (
        window as unknown as { XverseProviders: { BitcoinProvider: { request(m: string, p?: unknown): Promise<unknown> } } }
      ).XverseProviders.BitcoinProvider.request(m, p),
    [method, params] as const,
  );

/** wallet_connect, approved in the window: what a returning app's "Connect" button does. */
async function connect(page: Page, wallet: Wallet, params?: unknown): Promise<SatsResponse> {
  const connecting = satsRequest(page, 'wallet_connect', params);
  await wallet.approveNext();
  return connecting;
}

const ALICE = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';

test('getInfo is answered at once, with no window; wallet_connect opens one and returns the account in Xverse shapes', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const info = await satsRequest(page, 'getInfo');
  expect(info).toMatchObject({
    status: 'success',
    result: { version: expect.any(String), supports: [], methods: expect.arrayContaining(['wallet_connect', 'signPsbt']) },
  });
  expect(await wallet.pending()).toHaveLength(0);
  const connecting = satsRequest(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via Xverse' });
  await prompt.approve();
  const expected = await expectedAddresses({ identity: 'xverse', purposes: ['payment', 'ordinals'] });
  expect(await connecting).toEqual({
    status: 'success',
    result: { id: expect.stringMatching(/^[0-9a-f]{64}$/), walletType: 'software', addresses: expected.addresses, network: expected.network },
  });
  // Independently derived: the payment address is BIP-84's, the ordinals key x-only.
  const ref = await reference('mainnet', 0);
  expect(expected.addresses.map((a) => a.address)).toEqual([ref.p2wpkh.address, ref.p2tr.address]);
  expect(expected.addresses[1]!.publicKey).toBe(ref.p2tr.tweakedPublicKey);
  // Connected: a second wallet_connect is answered at once, with every address; the call log says who was called.
  const again = await satsRequest(page, 'wallet_connect');
  expect(again).toMatchObject({ status: 'success', result: { addresses: [{ purpose: 'ordinals' }, { purpose: 'payment' }, { purpose: 'stacks' }] } });
  const calls = await wallet.calls();
  expect(calls.map((c) => [c.method, c.identity, c.outcome])).toEqual([
    ['getInfo', 'xverse', 'approved'],
    ['wallet_connect', 'xverse', 'approved'],
    ['wallet_connect', 'xverse', 'approved'],
  ]);
});

test('before wallet_connect, getAddresses is -32002 Access denied.; after it, the purposes asked in their order', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  expect(await satsRequest(page, 'getAddresses', { purposes: ['payment'] })).toEqual({ status: 'error', error: { code: -32002, message: 'Access denied.' } });
  // The wallet's answer, and a usage finding that says why and what to do.
  expect(await wallet.usage()).toEqual([expect.objectContaining({ rule: 'xverse-not-connected', message: expect.stringContaining('wallet_connect') })]);
  await connect(page, wallet);
  const answer = await satsRequest(page, 'getAddresses', { purposes: ['stacks', 'payment'] });
  expect(answer).toEqual({ status: 'success', result: await expectedAddresses({ identity: 'xverse', purposes: ['stacks', 'payment'] }) });
  expect(await satsRequest(page, 'wallet_getNetwork')).toEqual({ status: 'success', result: { bitcoin: { name: 'Mainnet' }, stacks: { name: 'Mainnet' } } });
  // sats-connect drops 'spark' itself for a wallet whose getInfo names no platform (as Xverse's public code); sent raw, it is -32602.
  expect(await satsRequest(page, 'getAddresses', { purposes: ['spark'] })).toEqual({
    status: 'success',
    result: { addresses: [], network: answer.status === 'success' && answer.result.network },
  });
  const raw = await xverseRequest(page, 'getAddresses', { purposes: ['spark'] });
  expect(raw).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -32602, message: 'Invalid parameters.', data: { error: expect.stringContaining('purposes[0]') } },
  });
});

test("reject and close answer -32000 with Xverse's words; sats-connect reports them as errors, never throws", async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const rejected = satsRequest(page, 'wallet_connect');
  await wallet.rejectNext();
  expect(await rejected).toEqual({ status: 'error', error: { code: -32000, message: 'User closed the wallet popup.', data: { reason: 'rejected' } } });
  const [payment] = (await expectedAddresses({ identity: 'xverse', purposes: ['payment'] })).addresses;
  const signing = satsRequest(page, 'signMessage', { address: payment!.address, message: 'hi' });
  await wallet.closeNextPrompt();
  expect(await signing).toMatchObject({ status: 'error', error: { code: -32000, message: 'User rejected request to sign Message' } });
});

test('signMessage: ECDSA by the payment key (bitcoinjs-message verifies), BIP-322 by the ordinals key (bip322-js verifies)', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const { addresses } = await expectedAddresses({ identity: 'xverse', purposes: ['payment', 'ordinals'] });
  const [payment, ordinals] = addresses.map((a) => a.address) as [string, string];
  const ecdsa = satsRequest(page, 'signMessage', { address: payment, message: 'Sign in to example.com' });
  await wallet.approveNext();
  const signed = await ecdsa;
  expect(signed).toMatchObject({ status: 'success', result: { address: payment, protocol: 'ECDSA' } });
  if (signed.status !== 'success') throw new Error('unreachable');
  expect(bitcoinMessage.verify('Sign in to example.com', payment, signed.result.signature)).toBe(true);
  expect(bitcoinMessage.verify('Sign in to example.com!', payment, signed.result.signature)).toBe(false);
  const bip322 = satsRequest(page, 'signMessage', { address: ordinals, message: 'Sign in to example.com', protocol: 'BIP322' });
  await wallet.approveNext();
  const taproot = await bip322;
  if (taproot.status !== 'success') throw new Error(JSON.stringify(taproot));
  expect(taproot.result).toMatchObject({ address: ordinals, protocol: 'BIP322', messageHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect(verifyBip322(ordinals, 'Sign in to example.com', taproot.result.signature)).toBe(true);
});

test('signPsbt: base64 in and out, inputs named by address; each signed by its own key (libsecp256k1 checks), txid "" unless broadcast', async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  const ref = await reference('mainnet', 0);
  const psbt = buildPsbt(
    [
      { address: ref.p2wpkh.address, value: 50_000n },
      { address: ref.p2tr.address, value: 20_000n },
      { address: ALICE, value: 10_000n },
    ],
    [{ address: ALICE, value: 70_000n }],
  );
  // Xverse signs a taproot input only with the internal key the app gives (it adds none).
  psbt.updateInput(1, { tapInternalKey: Buffer.from(ref.p2tr.publicKey.slice(2), 'hex') });
  const signing = satsRequest(page, 'signPsbt', { psbt: psbt.toBase64(), signInputs: { [ref.p2wpkh.address]: [0], [ref.p2tr.address]: [1] } });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Sign PSBT — via Xverse' });
  await prompt.approve();
  const answer = await signing;
  if (answer.status !== 'success') throw new Error(JSON.stringify(answer));
  expect(answer.result.txid).toBe('');
  const signed = bitcoin.Psbt.fromBase64(answer.result.psbt);
  expect(signerOf(signed, 0)).toBe(ref.p2wpkh.publicKey);
  expect(signerOf(signed, 1, ref.taprootOutputKey)).toBe(`taproot:${ref.taprootOutputKey}`);
  expect(signerOf(signed, 2)).toBeUndefined(); // another wallet's input
});

test('sendTransfer pays the recipients from the payment address: a { txid } whose transaction libsecp256k1 verifies', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const sending = satsRequest(page, 'sendTransfer', { recipients: [{ address: ALICE, amount: 12_345 }] });
  await wallet.approveNext();
  const answer = await sending;
  if (answer.status !== 'success') throw new Error(JSON.stringify(answer));
  expect(Object.keys(answer.result)).toEqual(['txid']);
  const logged = (await wallet.calls()).at(-1)!.transaction!;
  const tx = decodeTransaction(logged.hex);
  expect(tx.txid).toBe(answer.result.txid);
  expect(tx.outputs[0]).toEqual({ address: ALICE, value: 12_345n });
  const ref = await reference('mainnet', 0);
  expect(verifyP2wpkhSpend(logged.hex, 0, ref.p2wpkh.publicKey, 100_000_000_000n)).toBe(true);
  // Amounts are numbers in Xverse's schema: a string is -32602.
  expect(await satsRequest(page, 'sendTransfer', { recipients: [{ address: ALICE, amount: '1000' }] })).toMatchObject({
    status: 'error',
    error: { code: -32602 },
  });
});

test('wallet_disconnect takes the permission back and the page hears disconnect; accountChange carries the new addresses', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  await page.evaluate(() => {
    for (const eventName of ['accountChange', 'networkChange', 'disconnect'] as const)
      window.sats.addListener({ eventName, cb: (e: unknown) => window.sats.events.push(e) } as never);
  });
  // Xverse's permission is per account: the app connects on account 2 and on account 1.
  await wallet.setActiveAccount(2);
  await connect(page, wallet);
  await wallet.setActiveAccount(1);
  await connect(page, wallet);
  await wallet.setActiveAccount(2);
  const account2 = await expectedAddresses({ identity: 'xverse', account: 2 });
  await expect
    .poll(() => page.evaluate(() => window.sats.events))
    .toEqual([
      { type: 'accountChange', addresses: [] }, // 2 → 1: the app could read account 2
      { type: 'accountChange', addresses: [] }, // 1 → 2: it could read account 1 …
      { type: 'accountChange', addresses: account2.addresses }, // … and can read account 2
    ]);
  expect(await satsRequest(page, 'wallet_disconnect')).toEqual({ status: 'success', result: null });
  await expect.poll(() => page.evaluate(() => window.sats.events.at(-1))).toEqual({ type: 'disconnect' });
  expect(await satsRequest(page, 'wallet_getAccount')).toMatchObject({ status: 'error', error: { code: -32002 } });
});

test('the two calling forms of addListener both register, and the function they return unregisters', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  await connect(page, wallet);
  const counts = await page.evaluate(async () => {
    const provider = window.XverseProviders!.BitcoinProvider as unknown as { addListener: (...args: unknown[]) => () => void };
    const seen = { positional: 0, object: 0 };
    const off = provider.addListener('networkChange', () => seen.positional++);
    provider.addListener({ eventName: 'networkChange', cb: () => seen.object++ });
    (window as unknown as { seen: typeof seen; off: () => void }).seen = seen;
    (window as unknown as { off: () => void }).off = off;
    return seen;
  });
  expect(counts).toEqual({ positional: 0, object: 0 });
  await wallet.setSettings({ network: 'testnet' });
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ positional: 2, object: 2 }); // no addresses, then with them
  await page.evaluate(() => (window as unknown as { off: () => void }).off());
  await wallet.setSettings({ network: 'mainnet' });
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ positional: 2, object: 3 });
});

test("xversePaymentType 'nested' answers the m/49' p2sh-p2wpkh address, and its ECDSA signature verifies", async ({ page, wallet }) => {
  await wallet.setSettings({ xversePaymentType: 'nested' });
  await page.goto('/sats.html');
  const connected = await connect(page, wallet, { addresses: ['payment'] });
  if (connected.status !== 'success') throw new Error(JSON.stringify(connected));
  const [payment] = connected.result.addresses;
  expect(payment).toEqual((await expectedAddresses({ identity: 'xverse', purposes: ['payment'], xversePaymentType: 'nested' })).addresses[0]);
  expect(payment).toMatchObject({ addressType: 'p2sh', address: expect.stringMatching(/^3/) });
  const signing = satsRequest(page, 'signMessage', { address: payment.address, message: 'nested' });
  await wallet.approveNext();
  const signed = await signing;
  if (signed.status !== 'success') throw new Error(JSON.stringify(signed));
  expect(bitcoinMessage.verify('nested', payment.address, signed.result.signature, null, true)).toBe(true);
});

test('both identities at once: each provider answers in its own dialect, with the same keys', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const leather = page.evaluate(() => window.WalletProvider!.request('getAddresses').catch((e: unknown) => e));
  await wallet.rejectNext();
  // The contract's provider rejects with 4001; Xverse's resolves with -32000.
  expect(await leather).toMatchObject({ error: { code: 4001 } });
  const xverse = xverseRequest(page, 'wallet_connect');
  await wallet.rejectNext();
  expect(await xverse).toMatchObject({ jsonrpc: '2.0', id: expect.any(String), error: { code: -32000 } });
  const approved = page.evaluate(() => window.WalletProvider!.request('getAddresses'));
  await wallet.approveNext();
  const contract = (await approved) as { result: { addresses: { address: string; symbol: string }[] } };
  const x = await connect(page, wallet);
  if (x.status !== 'success') throw new Error(JSON.stringify(x));
  expect(x.result.addresses.map((a: { address: string }) => a.address).sort()).toEqual(contract.result.addresses.map((a) => a.address).sort());
  expect('isLeather' in (await page.evaluate(() => ({ ...window.XverseProviders!.BitcoinProvider })))).toBe(false);
});

test('a hostile page cannot replace or wrap the Xverse objects', async ({ page }) => {
  await page.goto('/sats.html');
  const result = await page.evaluate(() => {
    const attempts: string[] = [];
    const w = window as unknown as Record<string, unknown>;
    const original = w['XverseProviders'] as { BitcoinProvider: Record<string, unknown> };
    const tryIt = (name: string, action: () => void): void => {
      try {
        action();
      } catch {
        attempts.push(`${name}: threw`);
        return;
      }
      attempts.push(`${name}: no effect`);
    };
    tryIt('assign XverseProviders', () => (w['XverseProviders'] = {}));
    tryIt('redefine BitcoinProvider', () => Object.defineProperty(window, 'BitcoinProvider', { value: {} }));
    tryIt('wrap request', () => (original.BitcoinProvider['request'] = () => 'stolen'));
    tryIt('delete StacksProvider', () => delete w['StacksProvider']);
    return {
      attempts,
      same: w['XverseProviders'] === original && w['BitcoinProvider'] === original.BitcoinProvider,
      requestIsNative: String(original.BitcoinProvider['request']).includes('stolen') === false,
      frozen: Object.isFrozen(original) && Object.isFrozen(original.BitcoinProvider),
      listed: (w['btc_providers'] as { id: string }[]).map((p) => p.id),
    };
  });
  expect(result.same && result.requestIsNative && result.frozen).toBe(true);
  expect(result.listed).toContain('XverseProviders.BitcoinProvider');
  expect(await page.evaluate(() => window.sats.request('getInfo' as never, null as never))).toMatchObject({ status: 'success' });
});

test.describe('turned on where a person would', () => {
  test.use({ identities: [] });

  test('the settings page turns Xverse on; switching account there, or in a connect window, tells connected Xverse sites', async ({
    page,
    context,
    wallet,
    extensionId,
  }) => {
    await page.goto('/sats.html');
    expect(await page.evaluate(() => 'XverseProviders' in window)).toBe(false);
    const settings = await context.newPage();
    await settings.goto(`chrome-extension://${extensionId}/popup/settings.html`);
    await settings.getByLabel('Xverse', { exact: true }).check();
    await settings.getByLabel('Xverse payment address').selectOption('native');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status')).toHaveText('Saved.');
    expect(await wallet.settings()).toMatchObject({ identities: ['xverse'], xversePaymentType: 'native' });

    await page.reload();
    await page.evaluate(() => window.sats.addListener('accountChange' as never, ((e: unknown) => window.sats.events.push(e)) as never));
    await connect(page, wallet);
    // From the settings page: account 2 is one this site never connected, so it hears only that the old one went.
    await settings.getByLabel('Active account').fill('2');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.evaluate(() => window.sats.events)).toEqual([{ type: 'accountChange', addresses: [] }]);
    await connect(page, wallet);
    // From a connect window of the contract's provider: the person picks Account 1 (index 0), which this
    // site connected first: it hears that account 2 went, then account 0's addresses.
    const leather = page.evaluate(() => window.WalletProvider!.request('getAddresses'));
    await wallet.approveNext({ account: 0 });
    await leather;
    const account0 = (await expectedAddresses({ identity: 'xverse' })).addresses;
    await expect
      .poll(() => page.evaluate(() => window.sats.events))
      .toEqual([
        { type: 'accountChange', addresses: [] },
        { type: 'accountChange', addresses: [] },
        { type: 'accountChange', addresses: account0 },
      ]);
    expect(await satsRequest(page, 'wallet_getAccount')).toMatchObject({ status: 'success', result: { addresses: account0 } });
  });
});

test("with exposeAs ['StacksProvider'] too, window.StacksProvider stays the Leather-shaped alias and Xverse keeps its own under XverseProviders, silently", async ({
  page,
  wallet,
}) => {
  await wallet.setSettings({ exposeAs: ['StacksProvider'] });
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto('/sats.html');
  const seen = await page.evaluate(() => {
    const w = window as unknown as Record<string, { getProductInfo?: () => { name: string } } | undefined> & {
      XverseProviders: { StacksProvider: { getProductInfo(): { name: string } } };
    };
    return { alias: w['StacksProvider'] === w['WalletProvider'], xverse: w.XverseProviders.StacksProvider.getProductInfo().name };
  });
  expect(seen).toEqual({ alias: true, xverse: 'Xverse Wallet' });
  expect(messages.filter((m) => m.includes('[mock wallet]'))).toEqual([]);
});

test("signPsbt naming an address the account lacks shows Xverse's error screen: approving fails with its words, Close answers -32603 with them, closing the window -32000", async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  const ref = await reference('mainnet', 0);
  const psbt = buildPsbt([{ address: ref.p2wpkh.address, value: 50_000n }], [{ address: ALICE, value: 40_000n }]).toBase64();
  const asked = { psbt, signInputs: { [ALICE]: [0] } };
  const closing = satsRequest(page, 'signPsbt', asked);
  const prompt = await wallet.nextPrompt();
  expect((await prompt.details()).screen).toEqual({
    title: 'Address Mismatch',
    text: expect.stringContaining("doesn't match the account currently active in your wallet"),
  });
  await expect(prompt.approve()).rejects.toThrow(/error screen "Address Mismatch": The app is requesting a signature/);
  await prompt.reject(); // its Close button
  expect(await closing).toEqual({
    status: 'error',
    error: { code: -32603, message: expect.stringMatching(/^The app is requesting a signature from an address/), data: { reason: 'rejected' } },
  });
  const closed = satsRequest(page, 'signPsbt', asked);
  await wallet.closeNextPrompt();
  expect(await closed).toEqual({ status: 'error', error: { code: -32000, message: 'User rejected request to sign a psbt', data: { reason: 'closed' } } });
});
