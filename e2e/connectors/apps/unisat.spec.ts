// UniSat's own flows through its connectors, run by UniSat's apps project (apps-unisat): a LaserEyes app
// (@omnisat/lasereyes-core 0.0.85, its published code) finds window.unisat, connects on a real click, signs messages
// and PSBTs, and follows account and network switches (docs/reference/unisat.md §7.1); a sats-connect app (4.2.1)
// reaches it through its UnisatAdapter and its selector. Signatures checked with bip322-js, bitcoinjs-message and
// bitcoinjs-lib, which the wallet does not use.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';
import { createRequire } from 'node:module';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';

const bitcoinMessage = createRequire(import.meta.url)('bitcoinjs-message') as {
  verify(message: string, address: string, signature: string, prefix?: null, checkSegwitAlways?: boolean): boolean;
};

// Run by UniSat's apps project (apps-unisat), which poses as it: every other project skips this file.
test.skip(({ walletName }) => walletName !== 'unisat', "UniSat's own LaserEyes flows");

/** The app as it stands: LaserEyes' store. */
const state = (page: Page) =>
  page.evaluate(() => window.lasereyes.state()) as Promise<{
    connected: boolean;
    address: string;
    publicKey: string;
    network: string;
    hasProvider: Record<string, boolean>;
  }>;
/** A LaserEyes client call in the page; a rejection comes back as its message and code. */
const client = <T>(page: Page, call: string, ...args: unknown[]): Promise<T | { failed: { message?: string; code?: number } }> =>
  page.evaluate(
    ([name, list]) =>
      (window.lasereyes.client as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[name]!(...list).catch(
        (error: { message?: string; code?: number }) => ({ failed: { message: error?.message, code: error?.code } }),
      ),
    [call, args] as const,
  ) as Promise<T | { failed: { message?: string; code?: number } }>;

/** The app open, LaserEyes aware of UniSat, connected by a click on its button. */
async function connected(page: Page, wallet: Parameters<Parameters<typeof test>[2]>[0]['wallet']) {
  // LaserEyes reads only this wallet: anything beyond this machine is refused, not waited for.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/lasereyes.html');
  await expect.poll(async () => (await state(page)).hasProvider['unisat'], { message: 'LaserEyes finds window.unisat' }).toBe(true);
  await page.getByRole('button', { name: 'Connect UniSat' }).click();
  await wallet.approveNext();
  await expect(page.locator('#out')).toHaveText(/^Connected: /);
}

test('LaserEyes connects UniSat on a click and signs messages (BIP-322 and ECDSA) and a PSBT through it; each verifies independently', async ({
  page,
  wallet,
}) => {
  await connected(page, wallet);
  const [expected] = await expectedAddresses({ identity: 'unisat' });
  expect(await state(page)).toMatchObject({
    connected: true,
    address: expected,
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    network: 'mainnet',
  });
  // LaserEyes asks requestAccounts, then getPublicKey; then, the provider chosen, getAccounts (as it does on a reload) and the chain.
  const calls = (await wallet.calls()).map((c) => c.method);
  expect(calls.slice(0, 2)).toEqual(['requestAccounts', 'getPublicKey']);
  expect(calls.slice(2).sort()).toEqual(['getAccounts', 'getChain']);
  const { address } = await state(page);
  const bip322 = client<string>(page, 'signMessage', 'Hello World', { protocol: 'bip322' });
  await wallet.approveNext();
  const signature = (await bip322) as string;
  expect(verifyBip322(address, 'Hello World', signature)).toBe(true);
  const ecdsa = client<string>(page, 'signMessage', 'Hello World', { protocol: 'ecdsa' });
  await wallet.approveNext();
  // UniSat's compressed-P2PKH header: bitcoinjs-message verifies it for a bc1q address only with checkSegwitAlways.
  expect(bitcoinMessage.verify('Hello World', address, (await ecdsa) as string, null, true)).toBe(true);
  const psbt = buildPsbt(
    [
      { address, value: 20_000n },
      { address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', value: 1_000n },
    ],
    [{ address, value: 19_000n }],
  );
  const signing = client<{ signedPsbtHex: string }>(page, 'signPsbt', { tx: psbt.toHex(), finalize: false, inputsToSign: [{ index: 0, address }] });
  await wallet.approveNext();
  const signed = bitcoin.Psbt.fromHex(((await signing) as { signedPsbtHex: string }).signedPsbtHex);
  expect(signerOf(signed, 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
  expect(signerOf(signed, 1)).toBeUndefined();
  // A rejected signature reaches the app as UniSat's plain object, which LaserEyes passes on.
  const rejected = client(page, 'signMessage', 'no');
  await wallet.rejectNext();
  expect(await rejected).toEqual({ failed: { message: 'User rejected the request.', code: 4001 } });
});

test('LaserEyes follows UniSat: a rejected connect, then an account switch in the wallet, a network switch it asks for and the switch back its mainnet config asks for', async ({
  page,
  wallet,
}) => {
  // A rejected connect first, on the same page: LaserEyes stays unconnected and says why.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/lasereyes.html');
  await expect.poll(async () => (await state(page)).hasProvider['unisat']).toBe(true);
  await page.getByRole('button', { name: 'Connect UniSat' }).click();
  await wallet.rejectNext();
  await expect(page.locator('#out')).toHaveText('Not connected: User rejected the request.');
  expect((await state(page)).connected).toBe(false);
  await page.getByRole('button', { name: 'Connect UniSat' }).click();
  await wallet.approveNext();
  await expect(page.locator('#out')).toHaveText(/^Connected: /);
  await wallet.setActiveAccount(1);
  await expect.poll(async () => (await state(page)).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  const switching = client(page, 'switchNetwork', 'testnet');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Switch chain — via UniSat' });
  await prompt.approve();
  await switching;
  // UniSat keeps coin 0' on testnet: the same key, a tb1 address (docs/reference/unisat.md §4).
  await expect.poll(async () => [(await state(page)).network, (await state(page)).address]).toEqual(['testnet', 'tb1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m']);
  expect((await wallet.settings()).network).toBe('testnet');
  // The app was made for mainnet, and LaserEyes holds the wallet to it, three times at once: its checkNetwork
  // runs on accountsChanged and on networkChanged (LaserEyesClient.connect), and the UniSat provider's
  // handleNetworkChanged reads 'testnet' as a chain enum, which it maps to mainnet (lasereyes-core 0.0.85,
  // dist/index.js). UniSat shows only the last of them; this wallet opens a window for each and says so.
  await expect.poll(async () => (await wallet.pending()).map((p) => p.params)).toEqual([['BITCOIN_MAINNET'], ['BITCOIN_MAINNET'], ['BITCOIN_MAINNET']]);
  const back = await wallet.nextPrompt();
  expect(await back.details()).toMatchObject({ title: 'Switch chain — via UniSat', fields: { Chain: 'Bitcoin Testnet → Bitcoin' } });
  await back.approve();
  await wallet.approveNext();
  await wallet.approveNext();
  await expect.poll(async () => [(await state(page)).network, (await state(page)).address]).toEqual(['mainnet', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']);
  expect((await wallet.settings()).network).toBe('mainnet');
  const replaced = (await wallet.usage()).filter((f) => f.rule === 'unisat-one-approval');
  expect(replaced.map((f) => f.message)).toEqual([
    expect.stringMatching(/^switchChain came while UniSat's window for switchChain was still open\. UniSat keeps one approval at a time/),
    expect.stringMatching(/^switchChain came while UniSat's window for switchChain was still open/),
  ]);
});

test("sats-connect's UniSat path (its UnisatAdapter, chosen by its default provider): accounts, BIP-322, a PSBT, a rejection", async ({ page, wallet }) => {
  await page.goto('/sats.html');
  // Its wallet selector lists UniSat as installed (the name is the record's picker row).
  expect(await page.evaluate(() => window.sats.getSupportedWallets().find((w) => w.id === 'unisat'))).toMatchObject({ name: 'Unisat', isInstalled: true });
  await page.evaluate(() => localStorage.setItem('sats-connect_defaultProvider', 'unisat'));
  const sats = (method: string, params?: unknown) =>
    page.evaluate(([m, p]) => window.sats.Wallet.request(m as never, p as never), [method, params] as const) as Promise<{
      status: string;
      result?: any;
      error?: { code: number; message: string };
    }>;
  const accounts = sats('getAccounts', { purposes: ['payment', 'ordinals'] });
  await wallet.approveNext();
  const [address] = await expectedAddresses({ identity: 'unisat' });
  // One address serves both purposes (docs/reference/unisat.md §7.2).
  expect(await accounts).toEqual({
    status: 'success',
    result: ['payment', 'ordinals'].map((purpose) => ({
      address,
      publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
      addressType: 'p2wpkh',
      purpose,
      walletType: 'software',
    })),
  });
  const message = sats('signMessage', { address, message: 'Hello World' });
  await wallet.approveNext();
  const signed = await message;
  expect(signed).toMatchObject({ status: 'success', result: { address, protocol: 'BIP322' } });
  expect(verifyBip322(address!, 'Hello World', signed.result.signature)).toBe(true);
  const psbt = buildPsbt([{ address: address!, value: 10_000n }], [{ address: address!, value: 9_000n }]);
  const signing = sats('signPsbt', { psbt: psbt.toBase64(), signInputs: { [address!]: [0] } });
  await wallet.approveNext();
  // sats-connect sends autoFinalized: broadcast, undefined here: UniSat finalises.
  const finalised = bitcoin.Psbt.fromBase64(((await signing) as { result: { psbt: string } }).result.psbt);
  expect(finalised.data.inputs[0]!.finalScriptWitness).toBeDefined();
  expect(finalised.extractTransaction().ins).toHaveLength(1);
  const rejected = sats('signMessage', { address, message: 'no' });
  await wallet.rejectNext();
  expect(await rejected).toMatchObject({ status: 'error', error: { code: -32000, message: 'User rejected the request.' } });
});

test("sats-connect's selector, picked by the kit as a person picks: its Unisat row, then UniSat's connect window; a wallet the selector does not list is said at once", async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  const accounts = page.evaluate(() => window.sats.Wallet.request('getAccounts' as never, { purposes: ['payment'] } as never)) as Promise<{
    status: string;
    result?: { address: string }[];
  }>;
  await wallet.pickInSatsConnect(page, { identity: 'unisat' });
  await wallet.approveNext();
  const [address] = await expectedAddresses({ identity: 'unisat' });
  expect(await accounts).toMatchObject({ status: 'success', result: [{ address }] });
  await expect(wallet.pickInSatsConnect(page, { identity: 'okx' })).rejects.toThrow('the sats-connect wallet selector does not list OKX');
  await expect(wallet.pickInConnectModal(page, { identity: 'unisat' })).rejects.toThrow('the @stacks/connect wallet picker does not list UniSat');
});
