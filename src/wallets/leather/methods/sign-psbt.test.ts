// signPsbt: PSBTs built and signatures checked with bitcoinjs-lib + libsecp256k1, which the wallet does not use.
import { test, expect } from '@playwright/test';
import { signPsbt as leatherSignPsbt } from '@leather.io/rpc';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, extract, psbtFromHex, signerOf } from '../../../../test/bitcoin-reference.ts';
import { reference, type Reference } from '../../../../test/reference.ts';
import { KeyRing } from '../../../core/keyring.ts';
import type { Settings } from '../../../core/settings.ts';
import { defaultSettings } from '../../settings.ts';
import { methodContext, respond } from '../../../core/wallet.ts';
import { approvedResponse, prepareCall } from '../../answer.ts';

const ring = new KeyRing();
const settings: Settings = { ...defaultSettings(), missingEntries: [] };
const FOREIGN = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq'; // another wallet's address (docs/reference/leather.md §9)
const PAY_TO = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

async function call(params: unknown, wallet: Settings = settings) {
  return approvedResponse(ring, wallet, 'id-1', 'signPsbt', params as never);
}
async function signed(params: unknown, wallet: Settings = settings): Promise<{ hex: string; psbt?: string; txid?: string }> {
  const response = await call(params, wallet);
  if (!('result' in response)) throw new Error(JSON.stringify(response));
  expect(leatherSignPsbt.response.safeParse(response).success, 'valid against @leather.io/rpc').toBe(true);
  return response.result as { hex: string };
}

/** An input of each kind: this account's p2wpkh and p2tr outputs, and another wallet's. */
function mixedPsbt(account: Reference) {
  return buildPsbt(
    [
      { address: account.p2wpkh.address, value: 50_000n },
      { address: account.p2tr.address, value: 30_000n },
      { address: FOREIGN, value: 20_000n },
    ],
    [{ address: PAY_TO, value: 90_000n }],
  );
}

test("every input by default: p2wpkh with the account's key, p2tr by BIP-86 key path, another wallet's left unsigned", async () => {
  const account = await reference('mainnet', 0);
  const result = await signed({ hex: mixedPsbt(account).toHex() });
  const psbt = psbtFromHex(result.hex);
  expect(signerOf(psbt, 0)).toBe(account.p2wpkh.publicKey);
  expect(signerOf(psbt, 1, account.taprootOutputKey)).toBe(`taproot:${account.taprootOutputKey}`);
  expect(signerOf(psbt, 2)).toBeUndefined();
  // The taproot input named no internal key: the wallet wrote its own in, as the real one does.
  expect(Buffer.from(psbt.data.inputs[1]!.tapInternalKey!).toString('hex')).toBe(account.p2tr.publicKey.slice(2));
  expect(psbt.data.inputs[1]!.tapKeySig).toHaveLength(64); // SIGHASH_DEFAULT
  expect(psbt.data.inputs[0]!.finalScriptWitness).toBeUndefined(); // signed, not finalized
  expect(result.psbt).toBeUndefined(); // the real wallet's shape: { hex }
});

test('the same request always gives the same signatures', async () => {
  const hex = mixedPsbt(await reference('mainnet', 0)).toHex();
  expect((await signed({ hex })).hex).toBe((await signed({ hex })).hex);
});

test('signAtIndex: a number or a list; only those inputs are signed', async () => {
  const account = await reference('mainnet', 0);
  const hex = mixedPsbt(account).toHex();
  const only1 = psbtFromHex((await signed({ hex, signAtIndex: 1 })).hex);
  expect(signerOf(only1, 0)).toBeUndefined();
  expect(signerOf(only1, 1, account.taprootOutputKey)).toBe(`taproot:${account.taprootOutputKey}`);
  const only0 = psbtFromHex((await signed({ hex, signAtIndex: [0, 2] })).hex);
  expect(signerOf(only0, 0)).toBe(account.p2wpkh.publicKey);
  expect(only0.data.inputs[1]!.tapKeySig).toBeUndefined();
});

test('the generic form { psbt: base64, signInputs } is answered with psbt beside hex', async () => {
  const account = await reference('mainnet', 0);
  const response = await signed({ psbt: mixedPsbt(account).toBase64(), signInputs: [{ index: 0, address: account.p2wpkh.address }] });
  expect(Buffer.from(response.psbt!, 'base64').toString('hex')).toBe(response.hex);
  const psbt = psbtFromHex(response.hex);
  expect(signerOf(psbt, 0)).toBe(account.p2wpkh.publicKey);
  expect(psbt.data.inputs[1]!.tapKeySig).toBeUndefined();
});

test('account picks the signer; without it the active account signs (docs/reference/contract.md §4.2)', async () => {
  const two = await reference('mainnet', 2);
  const hex = buildPsbt([{ address: two.p2wpkh.address, value: 10_000n }], [{ address: PAY_TO, value: 9_000n }]).toHex();
  expect(signerOf(psbtFromHex((await signed({ hex, account: 2 })).hex), 0)).toBe(two.p2wpkh.publicKey);
  // Active account 0 holds none of these inputs: nothing is signed, and that is no error.
  expect(signerOf(psbtFromHex((await signed({ hex })).hex), 0)).toBeUndefined();
  expect(signerOf(psbtFromHex((await signed({ hex }, { ...settings, activeAccount: 2 })).hex), 0)).toBe(two.p2wpkh.publicKey);
  // accountRule 'site': the account the origin connected with wins over the request's, as the real wallet.
  const site = await prepareCall(ring, 'signPsbt', { hex, account: 2 }, { ...settings, accountRule: 'site' }, 1);
  expect(site.target).toMatchObject({ account: 1, source: 'site' });
});

test("an input's own sighash type is honoured; nonWitnessUtxo inputs sign too", async () => {
  const account = await reference('mainnet', 0);
  const hex = buildPsbt(
    [
      { address: account.p2wpkh.address, value: 10_000n, sighashType: 0x81 },
      { address: account.p2wpkh.address, value: 10_000n, nonWitness: true },
    ],
    [{ address: PAY_TO, value: 19_000n }],
  ).toHex();
  const psbt = psbtFromHex((await signed({ hex })).hex);
  expect(signerOf(psbt, 0)).toBe(account.p2wpkh.publicKey);
  expect(psbt.data.inputs[0]!.partialSig![0]!.signature.at(-1)).toBe(0x81);
  expect(signerOf(psbt, 1)).toBe(account.p2wpkh.publicKey);
});

test('broadcast: finalized and extracted; the txid and raw transaction are what bitcoinjs-lib extracts', async () => {
  const account = await reference('mainnet', 0);
  const psbt = buildPsbt(
    [
      { address: account.p2wpkh.address, value: 50_000n },
      { address: account.p2tr.address, value: 30_000n },
    ],
    [{ address: PAY_TO, value: 79_000n }],
  );
  const prepared = await prepareCall(ring, 'signPsbt', { hex: psbt.toHex(), broadcast: true }, settings);
  const outcome = await respond(ring, settings, prepared);
  const result = outcome.result as { hex: string; txid: string };
  const independent = extract(psbtFromHex(result.hex));
  expect(result.txid).toBe(independent.txid);
  expect(outcome.transaction).toMatchObject({
    chain: 'bitcoin',
    hex: independent.hex,
    txid: independent.txid,
    failure: { code: 4002, message: 'Failed to broadcast transaction' },
  });
  // Another wallet's input cannot be finalized: refused, naming why.
  const foreign = await call({ hex: mixedPsbt(account).toHex(), broadcast: true });
  expect(foreign).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/cannot be finalized/) } });
});

test('bad params answer -32602 at once, naming the field or input (where the real wallet shows an error screen)', async () => {
  const account = await reference('mainnet', 0);
  const good = mixedPsbt(account).toHex();
  const cases: [unknown, RegExp][] = [
    [{}, /needs hex .* or psbt/],
    [{ hex: 7 }, /hex must be the PSBT as a hex string/],
    [{ hex: 'zz' }, /hex must be hex/],
    [{ hex: 'deadbeef' }, /Invalid PSBT hex/],
    [{ psbt: '***' }, /psbt must be base64/],
    [{ hex: good, signAtIndex: 3 }, /signAtIndex is 3, but the PSBT has 3 inputs/],
    [{ hex: good, signAtIndex: [0, -1] }, /signAtIndex\[1\] must be an integer/],
    [{ hex: good, signAtIndex: 'all' }, /signAtIndex must be an integer/],
    [{ hex: good, broadcast: 'yes' }, /broadcast must be true or false/],
    [{ hex: good, account: 7 }, /account 7 is not one of this wallet's accounts/],
    [
      { hex: buildPsbt([{ address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', value: 1000n, nonWitness: true }], [{ address: PAY_TO, value: 500n }]).toHex() },
      /input 0 .* spends a p2pkh output/,
    ],
    [{ hex: buildPsbt([{ value: 1000n }], [{ address: PAY_TO, value: 500n }]).toHex() }, /input 0 .* has no witnessUtxo or nonWitnessUtxo/],
  ];
  for (const [params, message] of cases) {
    expect(await call(params), JSON.stringify(params).slice(0, 80)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(message) } });
  }
});

test('the window marks Signed exactly the inputs the answer carries a signature for, for every sighash value and input kind', async () => {
  const account = await reference('mainnet', 0);
  const types = [undefined, 0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83, 0x04, 0x7f, 0xffffffff];
  // bitcoinjs-lib's addInput refuses a sighashType of 0 (falsy): those inputs get it set in its data afterwards.
  const inputs = types.flatMap((sighashType) => [
    { address: account.p2wpkh.address, value: 10_000n, ...(sighashType && { sighashType }) },
    { address: account.p2tr.address, value: 10_000n, ...(sighashType && { sighashType }) },
  ]);
  const built = buildPsbt(inputs, [{ address: PAY_TO, value: 1_000n }]); // one output: SINGLE fits input 0 only
  types.forEach((type, i) => {
    if (type === 0) for (const n of [2 * i, 2 * i + 1]) built.data.inputs[n]!.sighashType = 0;
  });
  const hex = built.toHex();
  const call = await prepareCall(ring, 'signPsbt', { hex }, settings);
  const view = await call.method.view(call.params, await methodContext(ring, settings, call.target));
  const shown = view.tables[0]!.rows.map((row) => row[5]!.startsWith('yes'));
  const answered = psbtFromHex(((await respond(ring, settings, call)).result as { hex: string }).hex);
  const carried = answered.data.inputs.map((input) => Boolean(input.partialSig?.length || input.tapKeySig || input.tapScriptSig?.length));
  expect(shown).toEqual(carried);
  expect(carried.filter(Boolean).length).toBeGreaterThan(8); // the table is not all "no"
  // DEFAULT (0x00) is taproot's; a p2wpkh input that asks for it is signed with ALL, and the Sighash column says so.
  const p2wpkhDefault = 2; // inputs come in pairs: types[1] = 0x00
  expect(view.tables[0]!.rows[p2wpkhDefault]![4]).toBe('ALL (asked DEFAULT, 0x00, which only taproot has)');
  expect(answered.data.inputs[p2wpkhDefault]!.partialSig![0]!.signature.at(-1)).toBe(0x01);
  expect(view.tables[0]!.rows[p2wpkhDefault + 1]![4]).toBe('DEFAULT');
});

test("a PSBT the library refuses for one input names that input and what it spends, beside the library's words", async () => {
  const psbt = new bitcoin.Psbt();
  const script = bitcoin.address.toOutputScript('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  psbt.addInput({ hash: '11'.repeat(32), index: 0, witnessUtxo: { script, value: 1000n } });
  // Taproot fields on a p2wpkh input: btc-signer's own words name no input.
  psbt.addInput({ hash: '22'.repeat(32), index: 1, witnessUtxo: { script, value: 1000n }, tapInternalKey: Buffer.alloc(32, 1) });
  psbt.addOutput({ script, value: 500n });
  expect(await approvedResponse(ring, settings, 'r', 'signPsbt', { hex: psbt.toHex() } as never)).toMatchObject({
    error: {
      code: -32602,
      message: `Invalid PSBT hex: input 1 (${'22'.repeat(32)}:1, spending bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu) is refused: validateInput: Taproot metadata without P2TR previous output`,
    },
  });
});
