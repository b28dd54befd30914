// OKX through LaserEyes (@omnisat/lasereyes-core 0.0.85, its okx provider), run by OKX's apps project (apps-okx),
// which poses as it; signatures checked with bitcoinjs-message, bip322-js and bitcoinjs-lib, which the wallet does not use.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { createRequire } from 'node:module';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';

const bitcoinMessage = createRequire(import.meta.url)('bitcoinjs-message') as {
  verify(message: string, address: string, signature: string, prefix?: null, checkSegwitAlways?: boolean): boolean;
};

// Every other project skips this file.
test.skip(({ walletName }) => walletName !== 'okx', "OKX's own LaserEyes flow");

test('LaserEyes connects OKX on a click (okxwallet.bitcoin.connect) and signs: ECDSA by default, BIP-322 for its "ecdsa", a PSBT', async ({ page, wallet }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/lasereyes.html');
  await expect.poll(() => page.evaluate(() => (window.lasereyes.state() as { hasProvider: Record<string, boolean> }).hasProvider['okx'])).toBe(true);
  await page.getByRole('button', { name: 'Connect OKX' }).click();
  await wallet.approveNext();
  const { address } = await expectedAddresses({ identity: 'okx' });
  await expect(page.locator('#out')).toHaveText(`Connected: ${address}`);
  // LaserEyes then reads the network (its checkNetwork): 'livenet' is its mainnet.
  await expect.poll(async () => (await wallet.calls()).map((c) => c.method)).toEqual(['bitcoin.connect', 'bitcoin.getNetwork']);
  const sign = async (options?: unknown): Promise<string> => {
    const signing = page.evaluate((o) => window.lasereyes.client.signMessage('Hello World', o as never), options);
    await wallet.approveNext();
    return signing;
  };
  expect(bitcoinMessage.verify('Hello World', address!, await sign(), null, true)).toBe(true);
  // LaserEyes asks OKX for 'bip322-simple' when the app asks for ECDSA (docs/reference/okx.md §3.1).
  expect(verifyBip322(address!, 'Hello World', await sign({ protocol: 'ecdsa' }))).toBe(true);
  const psbt = buildPsbt([{ address: address!, value: 10_000n }], [{ address: address!, value: 9_000n }]);
  // Another address: refused at once, in UniSat's words, with no window.
  const refused = page.evaluate(
    (tx) =>
      window.lasereyes.client
        .signPsbt({ tx, finalize: false, inputsToSign: [{ index: 0, address: 'x' }] })
        .catch((error: { message: string }) => error.message),
    psbt.toHex(),
  );
  expect(await refused).toBe('invalid address in toSignInput');
  const good = page.evaluate(([tx, a]) => window.lasereyes.client.signPsbt({ tx, finalize: false, inputsToSign: [{ index: 0, address: a }] }), [
    psbt.toHex(),
    address!,
  ] as const);
  await wallet.approveNext();
  expect(signerOf(bitcoin.Psbt.fromHex((await good).signedPsbtHex!), 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
});
