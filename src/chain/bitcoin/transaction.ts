// A raw transaction decoded once: its fields, ids and sizes as a node computes them.
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { RawTx } from '@scure/btc-signer';

export interface TxInput {
  /** The spent transaction's id, in the order explorers show it. */
  txid: string;
  vout: number;
  scriptSig: Uint8Array;
  sequence: number;
  witness: Uint8Array[];
}

export interface TxOutput {
  value: bigint;
  script: Uint8Array;
}

export interface DecodedTx {
  txid: string;
  wtxid: string;
  version: number;
  locktime: number;
  inputs: TxInput[];
  outputs: TxOutput[];
  raw: Uint8Array;
  /** Serialized size with witnesses, weight units (BIP-141), and virtual size (weight / 4, rounded up). */
  size: number;
  weight: number;
  vsize: number;
  /** Size without witnesses (what MIN_STANDARD_TX_NONWITNESS_SIZE measures). */
  strippedSize: number;
  hasWitness: boolean;
}

const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes));
/** A double SHA-256, as ids are written: byte-reversed hex. */
export const hashId = (bytes: Uint8Array): string => hex.encode(sha256d(bytes).reverse());

export class DecodeError extends Error {}

/** Decodes a serialized transaction; a malformed one throws DecodeError (bitcoind's "TX decode failed"). */
export function decodeTx(raw: Uint8Array): DecodedTx {
  let tx: ReturnType<typeof RawTx.decode>;
  try {
    tx = RawTx.decode(raw);
  } catch (error) {
    throw new DecodeError(error instanceof Error ? error.message : String(error));
  }
  const witnesses = tx.witnesses ?? [];
  const hasWitness = witnesses.some((stack) => stack.length > 0);
  // BIP-144: a marker and flag with every witness empty is not a valid serialization.
  if (tx.segwitFlag && !hasWitness) throw new DecodeError('superfluous witness record');
  const stripped = RawTx.encode({ ...tx, segwitFlag: false, witnesses: undefined });
  const weight = stripped.length * 3 + raw.length;
  const txid = hashId(stripped);
  return {
    txid,
    wtxid: hasWitness ? hashId(raw) : txid,
    version: tx.version,
    locktime: tx.lockTime,
    inputs: tx.inputs.map((input, i) => ({
      txid: hex.encode(input.txid),
      vout: input.index,
      scriptSig: input.finalScriptSig,
      sequence: input.sequence,
      witness: witnesses[i] ?? [],
    })),
    outputs: tx.outputs.map((output) => ({ value: output.amount, script: output.script })),
    raw,
    size: raw.length,
    weight,
    vsize: Math.ceil(weight / 4),
    strippedSize: stripped.length,
    hasWitness,
  };
}

/** The key of an output in the chain's maps. */
export const outpoint = (txid: string, vout: number): string => `${txid}:${vout}`;

/** A coinbase input spends no output: the null outpoint. */
export const NULL_TXID = '0'.repeat(64);
export const isCoinbase = (tx: Pick<DecodedTx, 'inputs'>): boolean =>
  tx.inputs.length === 1 && tx.inputs[0]!.txid === NULL_TXID && tx.inputs[0]!.vout === 0xffffffff;
