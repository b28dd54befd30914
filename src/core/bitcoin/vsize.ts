// A transaction's virtual size before it is signed, from what its inputs spend and its outputs' scripts:
// weight = 4 × non-witness bytes + witness bytes (BIP-141), signatures counted at their largest DER
// size (72 bytes with the sighash byte), as wallets estimate with dummy signatures.
import { Address, OutScript } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { Spender } from './spend.ts';

const varint = (n: number): number => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/** Non-witness bytes and witness bytes of one input. */
const INPUT: Record<Spender['kind'], { base: number; witness: number }> = {
  // outpoint 36 + scriptSig length 1 + sequence 4 = 41; witness: 2 items, a signature and a key
  p2wpkh: { base: 41, witness: 1 + 1 + 72 + 1 + 33 },
  // scriptSig: a push of the 22-byte witness program
  'p2sh-p2wpkh': { base: 41 + 23, witness: 1 + 1 + 72 + 1 + 33 },
  // key path: one 64-byte Schnorr signature (SIGHASH_DEFAULT)
  p2tr: { base: 41, witness: 1 + 1 + 64 },
  // scriptSig: a signature and a compressed key; an empty witness when any input has one
  p2pkh: { base: 41 + 1 + 72 + 1 + 33, witness: 1 },
};

/** An address's output script length, in bytes. */
export const scriptLength = (address: string, network: BTC_NETWORK): number => OutScript.encode(Address(network).decode(address)).length;

/** The virtual size of `inputs` inputs of one kind paying outputs whose scripts have these lengths. */
export function estimateVsize(kind: Spender['kind'], inputs: number, outputScriptLengths: readonly number[]): number {
  const input = INPUT[kind];
  const outputs = outputScriptLengths.reduce((bytes, length) => bytes + 8 + varint(length) + length, 0);
  const base = 4 + varint(inputs) + inputs * input.base + varint(outputScriptLengths.length) + outputs + 4;
  const segwit = kind !== 'p2pkh';
  const witness = segwit ? 2 + inputs * input.witness : 0;
  return Math.ceil((4 * base + witness) / 4);
}
