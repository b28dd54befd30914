// signPsbt answers as the real wallet: the same bytes as Leather's own signing path replayed with
// the library version it pins, for a PSBT that mixes the account's inputs with another wallet's.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { FOREIGN_P2WPKH, buildPsbt, marketplacePsbt, psbtFromHex, signerOf } from '../../../../test/bitcoin-reference.ts';
import { inputFields, leatherSignPsbt } from '../../../../test/leather-replay.ts';
import { p2wpkhSighash, readMaps, valueUnder, writePsbtV2, type V2Input } from '../../../../test/psbt-v2.ts';
import { reference } from '../../../../test/reference.ts';
import { KeyRing } from '../../../core/keyring.ts';
import { defaultSettings } from '../../settings.ts';
import { approvedResponse } from '../../answer.ts';

const ring = new KeyRing();
const settings = defaultSettings();
const PAY_TO = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

async function signedHex(params: Record<string, unknown>): Promise<string> {
  const response = await approvedResponse(ring, settings, 'id-1', 'signPsbt', params as never);
  if (!('result' in response)) throw new Error(`signPsbt failed: ${JSON.stringify(response)}`);
  return (response.result as { hex: string }).hex;
}

const CASES: { signAtIndex: number | number[] | undefined; signs: number[] }[] = [
  { signAtIndex: undefined, signs: [0, 1] },
  { signAtIndex: [], signs: [0, 1] }, // an empty list means every input, as the real wallet reads it
  { signAtIndex: 0, signs: [0] },
  { signAtIndex: [0, 1], signs: [0, 1] },
  { signAtIndex: [2, 3], signs: [] },
  { signAtIndex: [1, 3], signs: [1] },
];

for (const { signAtIndex, signs } of CASES) {
  test(`signAtIndex ${JSON.stringify(signAtIndex) ?? 'absent'}: signs inputs [${signs}] and returns every other input as it came`, async () => {
    const account = await reference('mainnet', 0);
    const sent = marketplacePsbt(account);
    const hex = await signedHex({ hex: sent, ...(signAtIndex !== undefined && { signAtIndex }) });
    const psbt = psbtFromHex(hex);
    for (let i = 0; i < 4; i++) {
      if (!signs.includes(i)) {
        expect(inputFields(hex, i), `input ${i} untouched`).toEqual(inputFields(sent, i));
        continue;
      }
      // Checked by libsecp256k1 through bitcoinjs-lib, not by the library that signed.
      if (i === 0) expect(signerOf(psbt, 0)).toBe(account.p2wpkh.publicKey);
      if (i === 1) expect(signerOf(psbt, 1, account.taprootOutputKey)).toBe(`taproot:${account.taprootOutputKey}`);
    }
    expect(psbt.txOutputs).toEqual(psbtFromHex(sent).txOutputs);
  });
}

test("byte for byte the real wallet's answer whenever another wallet's taproot input is not asked for", async () => {
  const account = await reference('mainnet', 0);
  const sent = marketplacePsbt(account);
  for (const signAtIndex of [0, [0, 1], 1, [0, 2], 2]) {
    expect(await signedHex({ hex: sent, signAtIndex }), `signAtIndex ${JSON.stringify(signAtIndex)}`).toBe(leatherSignPsbt(sent, signAtIndex, 0));
  }
  // A PSBT with only the account's and a foreign segwit input: every input asked for, still identical.
  const plain = buildPsbt(
    [
      { address: account.p2tr.address, value: 30_000n },
      { address: FOREIGN_P2WPKH, value: 20_000n },
      { address: account.p2wpkh.address, value: 50_000n, sighashType: 0x83 },
    ],
    [{ address: PAY_TO, value: 95_000n }],
  ).toHex();
  for (const signAtIndex of [undefined, []])
    expect(await signedHex({ hex: plain, ...(signAtIndex && { signAtIndex }) })).toBe(leatherSignPsbt(plain, signAtIndex, 0));
});

test("where the real wallet is asked for another wallet's taproot input it writes a key that cannot sign it; this wallet leaves the input as sent (README: deviations)", async () => {
  const account = await reference('mainnet', 0);
  const sent = marketplacePsbt(account);
  const ours = await signedHex({ hex: sent });
  const real = leatherSignPsbt(sent, undefined, 0);
  // Every other input is the real wallet's, field for field.
  for (const i of [0, 1, 2]) expect(inputFields(ours, i)).toEqual(inputFields(real, i));
  // The real wallet's input 3 carries this account's internal key and a signature that does not verify.
  const realInput = inputFields(real, 3);
  expect(realInput['tapInternalKey']).toBe(account.p2tr.tweakedPublicKey);
  expect(realInput['tapKeySig']).toMatch(/^[0-9a-f]{128}$/);
  const foreignOutputKey = (realInput['witnessUtxo'] as { script: string }).script.slice(4); // OP_1 <32 bytes>
  expect(signerOf(psbtFromHex(real), 3, foreignOutputKey)).toBe('invalid');
  expect(inputFields(ours, 3)).toEqual(inputFields(sent, 3));
});

test('an account that owns none of the requested inputs answers the PSBT unsigned, as the real wallet does: no error', async () => {
  const account = await reference('mainnet', 0);
  const sent = marketplacePsbt(account);
  const hex = await signedHex({ hex: sent, signAtIndex: [2] });
  expect(hex).toBe(leatherSignPsbt(sent, [2], 0));
  for (let i = 0; i < 4; i++) expect(inputFields(hex, i)).toEqual(inputFields(sent, i));
});

test('a version-2 PSBT (BIP-370): signed over the previous txid in its own byte order, answered as version 2', async () => {
  const account = await reference('mainnet', 0);
  const publicKey = Buffer.from(account.p2wpkh.publicKey, 'hex');
  const previousTxid = new Uint8Array(createHash('sha256').update('a txid that reads differently backwards').digest());
  expect([...previousTxid].reverse()).not.toEqual([...previousTxid]);
  const inputs: V2Input[] = [{ previousTxid, outputIndex: 3, witnessScript: bitcoin.payments.p2wpkh({ pubkey: publicKey }).output!, amount: 40_000n }];
  const outputs = [{ script: bitcoin.address.toOutputScript(PAY_TO), amount: 39_000n }];
  const hex = await signedHex({ hex: Buffer.from(writePsbtV2(inputs, outputs)).toString('hex') });

  const [global, input] = readMaps(Buffer.from(hex, 'hex'));
  expect(Buffer.from(valueUnder(global!, 0xfb)![1]).readUInt32LE()).toBe(2); // still version 2
  expect(Buffer.from(valueUnder(input!, 0x0e)![1])).toEqual(Buffer.from(previousTxid)); // the txid as sent
  const [key, value] = valueUnder(input!, 0x02)!; // PSBT_IN_PARTIAL_SIG: <pubkey> → <DER signature ‖ sighash byte>
  expect(Buffer.from(key.subarray(1))).toEqual(publicKey);
  const { signature, hashType } = bitcoin.script.signature.decode(Buffer.from(value));
  expect(hashType).toBe(bitcoin.Transaction.SIGHASH_ALL);
  // libsecp256k1 checks it over bitcoinjs-lib's sighash: a txid read in the wrong order fails here.
  expect(ecc.verify(p2wpkhSighash(inputs, outputs, 0, publicKey, hashType), publicKey, signature)).toBe(true);
  const reversed = [{ ...inputs[0]!, previousTxid: previousTxid.slice().reverse() }];
  expect(ecc.verify(p2wpkhSighash(reversed, outputs, 0, publicKey, hashType), publicKey, signature)).toBe(false);
});
