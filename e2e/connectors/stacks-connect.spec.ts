// An app written the usual way with @stacks/connect v8 (e2e/demo/connect-app.ts) reaches this
// wallet unchanged: connect() lists it in its picker, and request(...) uses the chosen wallet.
import { test, expect, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { sendTransfer as sendTransferSchema, signPsbt as signPsbtSchema, stxTransferStx } from '@leather.io/rpc';
import { reference } from '../../test/reference.ts';
import { buildPsbt, psbtFromHex, signerOf } from '../../test/bitcoin-reference.ts';
import { decodeStacksTransaction } from '../../test/stacks-reference.ts';
import { click, connectThroughPicker, installedRows, outcome } from '../support/connect-page.ts';

const BOB_STX = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ALICE_BTC = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';

test('connect() with no arguments lists the wallet by name; picking it opens the approval window; the addresses come back', async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  expect(await installedRows(page)).toEqual(['Mock Wallet (test only)']);
  await wallet.pickInConnectModal(page);
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: expect.stringMatching(/connect/i), origin: expect.stringContaining('127.0.0.1') });
  await prompt.approve();
  const { status, value } = await outcome(page, 'connect');
  expect(status).toBe('ok');
  const ref = await reference('mainnet', 0);
  expect(value['provider']).toBe('WalletProvider');
  expect((value['result'] as { addresses: { address: string }[] }).addresses.map((a) => a.address)).toEqual([
    ref.p2wpkh.address,
    ref.p2tr.address,
    ref.stx!.address,
  ]);
  await expect(page.locator('connect-modal')).toHaveCount(0); // the picker closed
  // connect() remembered the choice: @stacks/connect's own storage names this wallet.
  expect(await page.evaluate(() => localStorage.getItem('STX_PROVIDER'))).toBe('WalletProvider');
});

test("with exposeAs ['LeatherProvider'] the picker lists the wallet once, under the real wallet's id", async ({ page, wallet }) => {
  await wallet.setSettings({ exposeAs: ['LeatherProvider'] });
  await page.goto('/connect.html');
  await click(page, 'connect');
  expect(await installedRows(page)).toEqual(['Mock Wallet (test only) as LeatherProvider']);
  await wallet.pickInConnectModal(page);
  await wallet.approveNext({ account: 1 });
  const { value } = await outcome(page, 'connect');
  expect(value['provider']).toBe('LeatherProvider');
  const ref = await reference('mainnet', 1);
  expect((value['result'] as { addresses: { address: string }[] }).addresses.map((a) => a.address)).toEqual([
    ref.p2wpkh.address,
    ref.p2tr.address,
    ref.stx!.address,
  ]);
});

test('the picker says which wallets it saw when this one is missing', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await expect(wallet.pickInConnectModal(page, { timeout: 500 })).rejects.toThrow(/no @stacks\/connect wallet picker is open/);
});

test('after connect(), request("stx_transferStx") through @stacks/connect opens the window and returns a signed transfer', async ({ page, wallet }) => {
  await connectThroughPicker(page, wallet);
  await click(page, 'transfer-stx', { recipient: BOB_STX });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Send STX', fields: { Recipient: BOB_STX, Memo: 'via connect' } });
  await prompt.approve();
  const { status, value } = await outcome(page, 'transfer-stx');
  expect(status).toBe('ok');
  const result = value['result'] as { txid: string; transaction: string };
  expect(stxTransferStx.response.safeParse({ jsonrpc: '2.0', id: 'x', result }).success).toBe(true);
  const tx = decodeStacksTransaction(result.transaction, (await reference('mainnet', 0)).stx!.publicKey);
  expect(tx.txid()).toBe(result.txid);
  // connect turned the bigint amount into a decimal string before sending it.
  expect((await wallet.calls()).at(-1)?.params).toMatchObject({ amount: '1000', recipient: BOB_STX });
});

/** Connects through the picker, then signs a PSBT spending account 0's p2wpkh with the page's `button` (one request form each). */
async function signPsbtThroughConnect(page: Page, wallet: Wallet, button: 'sign-psbt' | 'sign-psbt-raw') {
  await connectThroughPicker(page, wallet);
  const ref = await reference('mainnet', 0);
  const psbt = buildPsbt([{ address: ref.p2wpkh.address, value: 50_000n }], [{ address: ALICE_BTC, value: 40_000n }]);
  await click(page, button, { psbt: psbt.toBase64() });
  await wallet.approveNext();
  return { ref, psbt, signed: await outcome(page, button) };
}

test('request("signPsbt") through @stacks/connect arrives in the real wallet\'s form { hex, signAtIndex }; connect adds psbt to the result', async ({
  page,
  wallet,
}) => {
  const {
    ref,
    psbt,
    signed: { status, value },
  } = await signPsbtThroughConnect(page, wallet, 'sign-psbt');
  expect(status).toBe('ok');
  const sent = (await wallet.calls()).at(-1)!;
  expect(sent.params).toEqual({ hex: psbt.toHex(), signAtIndex: [0] });
  const result = value['result'] as { hex: string; psbt: string };
  expect(signPsbtSchema.response.safeParse({ jsonrpc: '2.0', id: 'x', result: { hex: result.hex } }).success).toBe(true);
  expect(Buffer.from(result.psbt, 'base64').toString('hex')).toBe(result.hex);
  expect(signerOf(psbtFromHex(result.hex), 0)).toBe(ref.p2wpkh.publicKey);
});

test('the generic form (requestRaw, as connect sends to wallets without isLeather) works too: { psbt, signInputs } and numeric amounts', async ({
  page,
  wallet,
}) => {
  const { ref, psbt, signed } = await signPsbtThroughConnect(page, wallet, 'sign-psbt-raw');
  expect((await wallet.calls()).at(-1)?.params).toEqual({ psbt: psbt.toBase64(), signInputs: [0] });
  expect(signerOf(psbtFromHex((signed.value['result'] as { hex: string }).hex), 0)).toBe(ref.p2wpkh.publicKey);

  // sendTransfer: connect's request() stringifies the amount for an isLeather wallet; requestRaw sends the number.
  await click(page, 'send-transfer', { address: ALICE_BTC });
  await wallet.approveNext();
  const leather = await outcome(page, 'send-transfer');
  expect(leather.status).toBe('ok');
  await click(page, 'send-transfer-raw', { address: ALICE_BTC });
  await wallet.approveNext();
  const raw = await outcome(page, 'send-transfer-raw');
  expect(raw.status).toBe('ok');
  // What the app got through connect is the real wallet's answer: @leather.io/rpc's schema, the logged txid.
  for (const sent of [leather, raw])
    expect(sendTransferSchema.response.safeParse({ jsonrpc: '2.0', id: 'x', result: sent.value['result'] }).success).toBe(true);
  const [leatherForm, genericForm] = (await wallet.calls()).slice(-2);
  expect(leatherForm?.params).toEqual({ recipients: [{ address: ALICE_BTC, amount: '15000' }] });
  expect(genericForm?.params).toEqual({ recipients: [{ address: ALICE_BTC, amount: 15000 }] });
  expect(genericForm?.transaction?.hex).toBe(leatherForm?.transaction?.hex);
  expect((leather.value['result'] as { txid?: string }).txid).toBe(leatherForm?.transaction?.txid);
});
