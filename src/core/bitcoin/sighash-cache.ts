// Linear-time signing of large PSBTs: @scure/btc-signer recomputes the hashes every input's sighash
// shares (BIP-143's hashPrevouts, hashSequence, hashOutputs; BIP-341's sha_prevouts … sha_outputs)
// for each input, so a PSBT of n inputs costs n². While one PSBT is being signed nothing in it
// changes but signatures, which no sighash covers: those shared hashes are computed once here.
// Only the common sighash types take this path (BIP-143 ALL, BIP-341 DEFAULT and ALL on the key
// path); every other case is left to the library as it is.
import { CompactSize, type Transaction } from '@scure/btc-signer';
import { inputBeforeSign } from '@scure/btc-signer/transaction.js';
import { concatBytes, sha256, sha256x2, tagSchnorr } from '@scure/btc-signer/utils.js';

const SIGHASH_DEFAULT = 0x00;
const SIGHASH_ALL = 0x01;

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0, true);
  return out;
}
function i32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, n, true);
  return out;
}
function u64(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
}
const varBytes = (bytes: Uint8Array): Uint8Array => concatBytes(CompactSize.encode(BigInt(bytes.length)), bytes);

/** An outpoint as a transaction serializes it: the txid's bytes reversed, then the index. */
const outpoint = (txid: Uint8Array, index: number): Uint8Array => concatBytes(Uint8Array.from(txid).reverse(), u32(index));

interface Shared {
  prevouts: Uint8Array[];
  sequences: Uint8Array[];
  outputs: Uint8Array[];
}

/** Replaces `tx`'s two witness preimage methods with ones that share their common hashes across inputs. */
export function shareSighashes(tx: Transaction): void {
  const original = { v0: tx.preimageWitnessV0.bind(tx), v1: tx.preimageWitnessV1.bind(tx) };
  let shared: Shared | undefined;
  const parts = (): Shared => {
    if (shared) return shared;
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => inputBeforeSign(tx.getInput(i)));
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    return (shared = {
      prevouts: inputs.map((input) => outpoint(input.txid, input.index)),
      sequences: inputs.map((input) => u32(input.sequence)),
      outputs: outputs.map((output) => {
        if (output.script === undefined || output.amount === undefined) throw new Error('Transaction/output: script and amount required');
        return concatBytes(u64(output.amount), varBytes(output.script));
      }),
    });
  };
  const cache = new Map<string, Uint8Array>();
  const once = (name: string, make: () => Uint8Array): Uint8Array => {
    let value = cache.get(name);
    if (!value) cache.set(name, (value = make()));
    return value;
  };

  // BIP-143, SIGHASH_ALL.
  tx.preimageWitnessV0 = (idx: number, prevOutScript: Uint8Array, hashType: number, amount: bigint): Uint8Array => {
    if (hashType !== SIGHASH_ALL || !Number.isInteger(idx) || idx < 0 || idx >= tx.inputsLength) return original.v0(idx, prevOutScript, hashType, amount);
    const { prevouts, sequences, outputs } = parts();
    return sha256x2(
      i32(tx.version),
      once('v0 prevouts', () => sha256x2(...prevouts)),
      once('v0 sequences', () => sha256x2(...sequences)),
      prevouts[idx]!,
      varBytes(prevOutScript),
      u64(amount),
      sequences[idx]!,
      once('v0 outputs', () => sha256x2(...outputs)),
      u32(tx.lockTime),
      u32(hashType),
    );
  };

  // BIP-341 key path, SIGHASH_DEFAULT or SIGHASH_ALL, no annex.
  tx.preimageWitnessV1 = (
    idx: number,
    prevOutScript: Uint8Array[],
    hashType: number,
    amount: bigint[],
    codeSeparator?: number,
    leafScript?: Uint8Array,
    leafVer?: number,
    annex?: Uint8Array,
  ): Uint8Array => {
    const common =
      (hashType === SIGHASH_DEFAULT || hashType === SIGHASH_ALL) && !leafScript && !annex && Number.isInteger(idx) && idx >= 0 && idx < tx.inputsLength;
    if (!common || prevOutScript.length !== tx.inputsLength || amount.length !== tx.inputsLength)
      return original.v1(idx, prevOutScript, hashType, amount, codeSeparator, leafScript, leafVer, annex);
    const { prevouts, sequences, outputs } = parts();
    return tagSchnorr(
      'TapSighash',
      Uint8Array.of(0x00, hashType),
      i32(tx.version),
      u32(tx.lockTime),
      once('v1 prevouts', () => sha256(concatBytes(...prevouts))),
      once('v1 amounts', () => sha256(concatBytes(...amount.map(u64)))),
      once('v1 scripts', () => sha256(concatBytes(...prevOutScript.map(varBytes)))),
      once('v1 sequences', () => sha256(concatBytes(...sequences))),
      once('v1 outputs', () => sha256(concatBytes(...outputs))),
      Uint8Array.of(0x00), // spend type: key path, no annex
      u32(idx),
    );
  };
}
