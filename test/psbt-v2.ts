// A minimal BIP-370 (PSBT version 2) writer and reader, written from the BIP for the tests:
// bitcoinjs-lib reads version 0 only, and the wallet's own library must not check itself.
import * as bitcoin from 'bitcoinjs-lib';

type KeyValue = [key: Uint8Array, value: Uint8Array];

function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  throw new Error('compactSize: too large for these tests');
}
const u32 = (n: number): Uint8Array => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
};
const u64 = (n: bigint): Uint8Array => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};
const concat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]));
const map = (pairs: KeyValue[]): Uint8Array =>
  concat(...pairs.flatMap(([key, value]) => [compactSize(key.length), key, compactSize(value.length), value]), Uint8Array.of(0));

export interface V2Input {
  /** In the byte order a transaction serializes it (BIP-370's PSBT_IN_PREVIOUS_TXID). */
  previousTxid: Uint8Array;
  outputIndex: number;
  witnessScript: Uint8Array;
  amount: bigint;
}

export function writePsbtV2(inputs: V2Input[], outputs: { script: Uint8Array; amount: bigint }[]): Uint8Array {
  const global = map([
    [Uint8Array.of(0x02), u32(2)], // PSBT_GLOBAL_TX_VERSION
    [Uint8Array.of(0x03), u32(0)], // PSBT_GLOBAL_FALLBACK_LOCKTIME
    [Uint8Array.of(0x04), compactSize(inputs.length)], // PSBT_GLOBAL_INPUT_COUNT
    [Uint8Array.of(0x05), compactSize(outputs.length)], // PSBT_GLOBAL_OUTPUT_COUNT
    [Uint8Array.of(0xfb), u32(2)], // PSBT_GLOBAL_VERSION
  ]);
  const ins = inputs.map((input) =>
    map([
      [Uint8Array.of(0x01), concat(u64(input.amount), compactSize(input.witnessScript.length), input.witnessScript)], // PSBT_IN_WITNESS_UTXO
      [Uint8Array.of(0x0e), input.previousTxid], // PSBT_IN_PREVIOUS_TXID
      [Uint8Array.of(0x0f), u32(input.outputIndex)], // PSBT_IN_OUTPUT_INDEX
    ]),
  );
  const outs = outputs.map((output) =>
    map([
      [Uint8Array.of(0x03), u64(output.amount)], // PSBT_OUT_AMOUNT
      [Uint8Array.of(0x04), output.script], // PSBT_OUT_SCRIPT
    ]),
  );
  return concat(new TextEncoder().encode('psbt'), Uint8Array.of(0xff), global, ...ins, ...outs);
}

/** The key-value maps of a PSBT: the global map, then one per input and output. */
export function readMaps(psbt: Uint8Array): KeyValue[][] {
  if (new TextDecoder().decode(psbt.subarray(0, 4)) !== 'psbt' || psbt[4] !== 0xff) throw new Error('not a PSBT');
  let at = 5;
  const size = (): number => {
    const first = psbt[at++]!;
    if (first < 0xfd) return first;
    if (first === 0xfd) return psbt[at++]! | (psbt[at++]! << 8);
    throw new Error('compactSize: too large for these tests');
  };
  const maps: KeyValue[][] = [];
  while (at < psbt.length) {
    const pairs: KeyValue[] = [];
    for (let keyLength = size(); keyLength !== 0; keyLength = size()) {
      const key = psbt.subarray(at, (at += keyLength));
      const valueLength = size();
      const value = psbt.subarray(at, (at += valueLength));
      pairs.push([key, value]);
    }
    maps.push(pairs);
  }
  return maps;
}

/** The value under a key type in a map (the first, if keydata varies). */
export const valueUnder = (pairs: KeyValue[], type: number): KeyValue | undefined => pairs.find(([key]) => key[0] === type);

/** The BIP-143 sighash bitcoinjs-lib computes for a p2wpkh input of the transaction these inputs and outputs make. */
export function p2wpkhSighash(
  inputs: V2Input[],
  outputs: { script: Uint8Array; amount: bigint }[],
  index: number,
  publicKey: Uint8Array,
  hashType: number,
): Uint8Array {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.locktime = 0;
  for (const input of inputs) tx.addInput(input.previousTxid, input.outputIndex, 0xffffffff);
  for (const output of outputs) tx.addOutput(output.script, output.amount);
  const scriptCode = bitcoin.payments.p2pkh({ pubkey: publicKey }).output!;
  return tx.hashForWitnessV0(index, scriptCode, inputs[index]!.amount, hashType);
}
