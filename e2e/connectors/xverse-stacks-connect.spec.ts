// An app on @stacks/connect whose user picks Xverse in its picker: connect() goes out as Xverse's
// wallet_connect, and stx_transferStx and signPsbt come back in Xverse's shapes (docs/reference/xverse.md §1.4, §7).
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { buildPsbt, signerOf } from '../../test/bitcoin-reference.ts';
import * as bitcoin from 'bitcoinjs-lib';
import { decodeStacksTransaction } from '../../test/stacks-reference.ts';
import { click, installedRows, outcome } from '../support/connect-page.ts';
import { reference } from '../../test/reference.ts';

test.use({ identities: ['xverse'] });

const BOB_STX = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ALICE_BTC = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';

test("the picker lists Xverse beside this wallet; picking it connects with wallet_connect and the app keeps Xverse's answer", async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  expect((await installedRows(page)).sort()).toEqual(['Mock Wallet (test only)', 'Xverse Wallet']);
  await wallet.pickInConnectModal(page, { identity: 'xverse' });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via Xverse' });
  await prompt.approve();
  const { status, value } = await outcome(page, 'connect');
  expect(status).toBe('ok');
  expect(value['provider']).toBe('XverseProviders.BitcoinProvider');
  const expected = await expectedAddresses({ identity: 'xverse' });
  expect(value['result']).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{64}$/),
    walletType: 'software',
    addresses: expected.addresses,
    network: expected.network,
  });
  const [call] = await wallet.calls();
  expect(call).toMatchObject({ method: 'wallet_connect', identity: 'xverse', outcome: 'approved' });
});

test('through Xverse, stx_transferStx is signed by its Stacks key and signPsbt signs the inputs named by address', async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  await wallet.pickInConnectModal(page, { identity: 'xverse' });
  await wallet.approveNext();
  await outcome(page, 'connect');

  await click(page, 'transfer-stx', { recipient: BOB_STX });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Send STX — via Xverse', fields: { Recipient: BOB_STX } });
  await prompt.approve();
  const transfer = await outcome(page, 'transfer-stx');
  expect(transfer.status).toBe('ok');
  const { txid, transaction } = transfer.value['result'] as { txid: string; transaction: string };
  const stacks = (await expectedAddresses({ identity: 'xverse', purposes: ['stacks'] })).addresses[0]!;
  expect(decodeStacksTransaction(transaction, stacks.publicKey).txid()).toBe(txid);

  const ref = await reference('mainnet', 0);
  const psbt = buildPsbt(
    [
      { address: ref.p2wpkh.address, value: 30_000n },
      { address: ALICE_BTC, value: 5_000n },
    ],
    [{ address: ALICE_BTC, value: 34_000n }],
  );
  // @stacks/connect turns { index, address } entries into Xverse's { [address]: [index] }.
  await click(page, 'sign-psbt', { psbt: psbt.toBase64(), signInputs: [{ index: 0, address: ref.p2wpkh.address }] });
  await wallet.approveNext();
  const signed = await outcome(page, 'sign-psbt');
  expect(signed.status).toBe('ok');
  const result = signed.value['result'] as { psbt: string; txid: string };
  expect(result.txid).toBe('');
  const back = bitcoin.Psbt.fromBase64(result.psbt);
  expect(signerOf(back, 0)).toBe(ref.p2wpkh.publicKey);
  expect(signerOf(back, 1)).toBeUndefined();
});

test('a rejection through Xverse reaches @stacks/connect as its JsonRpcError -32000', async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  await wallet.pickInConnectModal(page, { identity: 'xverse' });
  await wallet.rejectNext();
  const { status, value } = await outcome(page, 'connect');
  expect(status).toBe('error');
  expect(value).toMatchObject({ code: -32000, message: 'User closed the wallet popup.' });
});
