// Through the real extension, the answers equal the real wallet's: signPsbt on a PSBT that mixes the
// account's inputs with another wallet's (in the window and through @stacks/connect), and getAddresses
// in its own shape. The real wallet's network ids in each variant, and stx_signTransaction given both
// fields, are logic the extension shares with the CLI: src/wallets/leather/methods/get-addresses.test.ts
// and stacks.test.ts check them.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { marketplacePsbt, psbtFromHex, signerOf } from '../../test/bitcoin-reference.ts';
import { click, connectThroughPicker, outcome } from '../support/connect-page.ts';
import { inputFields, leatherSignPsbt } from '../../test/leather-replay.ts';
import { leatherVariant, reference } from '../../test/reference.ts';
import { request } from '../support/support.ts';

/** The inputs signed, checked by libsecp256k1; the rest compared field by field with what was sent. */
async function expectSignedExactly(sent: string, hex: string, signs: number[]): Promise<void> {
  const account = await reference('mainnet', 0);
  const psbt = psbtFromHex(hex);
  for (let i = 0; i < 4; i++) {
    if (!signs.includes(i)) expect(inputFields(hex, i), `input ${i} as sent`).toEqual(inputFields(sent, i));
  }
  if (signs.includes(0)) expect(signerOf(psbt, 0)).toBe(account.p2wpkh.publicKey);
  if (signs.includes(1)) expect(signerOf(psbt, 1, account.taprootOutputKey)).toBe(`taproot:${account.taprootOutputKey}`);
}

const CASES = [
  { signAtIndex: undefined, signs: [0, 1] },
  { signAtIndex: [], signs: [0, 1] },
  { signAtIndex: 0, signs: [0] },
  { signAtIndex: [0, 1], signs: [0, 1] },
  { signAtIndex: [2, 3], signs: [] },
];

test('signPsbt in the window: exactly the requested inputs this account owns are signed, and the window says which', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const sent = marketplacePsbt(await reference('mainnet', 0));
  for (const { signAtIndex, signs } of CASES) {
    const call = request(page, 'signPsbt', { hex: sent, ...(signAtIndex !== undefined && { signAtIndex }) });
    const prompt = await wallet.nextPrompt();
    const rows = (await prompt.details()).tables['Inputs']!;
    expect(
      rows.map((row) => row['Signed']),
      `signAtIndex ${JSON.stringify(signAtIndex)}`,
    ).toEqual([0, 1, 2, 3].map((i) => (signs.includes(i) ? 'yes' : 'no')));
    await prompt.approve();
    const settled = await call;
    expect(settled.ok, JSON.stringify(settled.response)).toBe(true);
    const hex = (settled.response.result as unknown as { hex: string }).hex;
    await expectSignedExactly(sent, hex, signs);
    // Where the real wallet is not asked for the foreign taproot input, its answer is the same bytes.
    const requested = [signAtIndex ?? []].flat();
    if (requested.length > 0 && !requested.includes(3)) expect(hex).toBe(leatherSignPsbt(sent, signAtIndex, 0));
  }
});

test('signPsbt through @stacks/connect: signInputs [] reaches the wallet as signAtIndex [] and signs every input the account owns', async ({
  page,
  wallet,
}) => {
  await connectThroughPicker(page, wallet);
  const sent = marketplacePsbt(await reference('mainnet', 0));
  for (const { signInputs, signs } of [
    { signInputs: [], signs: [0, 1] },
    { signInputs: [0, 1], signs: [0, 1] },
    { signInputs: [2, 3], signs: [] },
  ]) {
    await click(page, 'sign-psbt', { psbt: Buffer.from(sent, 'hex').toString('base64'), signInputs });
    await wallet.approveNext();
    const { status, value } = await outcome(page, 'sign-psbt');
    expect(status).toBe('ok');
    expect((await wallet.calls()).at(-1)?.params).toEqual({ hex: sent, signAtIndex: signInputs });
    await expectSignedExactly(sent, (value['result'] as { hex: string }).hex, signs);
  }
});

test("variant 'leather' in the window: the real wallet's entries, key for key, for the account picked", async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await wallet.setVariant('leather');
  const call = request(page, 'getAddresses', { network: 'testnet4' });
  await wallet.approveNext({ account: 2 });
  const settled = await call;
  expect(JSON.stringify(settled.response.result!.addresses)).toBe(JSON.stringify(leatherVariant(await reference('testnet', 2))));
  expect(JSON.stringify((await expectedAddresses({ variant: 'leather', network: 'testnet', account: 2 })).addresses)).toBe(
    JSON.stringify(settled.response.result!.addresses),
  );
});
