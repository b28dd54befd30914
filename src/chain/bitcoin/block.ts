// Blocks as a node would write them: a BIP-34 coinbase with a BIP-141 witness commitment, the
// merkle root of the txids, and a header whose hash meets regtest's target.
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { RawTx } from '@scure/btc-signer';
import { NULL_TXID } from './transaction.ts';
import { POW_LIMIT_BITS } from './params.ts';

const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes));
export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const reversed = (idHex: string): Uint8Array => hex.decode(idHex).reverse();

/** The merkle root of ids given as explorers write them (src/consensus/merkle.cpp: an odd last hash pairs with itself). */
export function merkleRoot(ids: readonly string[]): Uint8Array {
  let level = ids.map(reversed);
  if (level.length === 0) return new Uint8Array(32);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(concat(level[i]!, level[i + 1] ?? level[i]!)));
    level = next;
  }
  return level[0]!;
}

/** A block height as BIP-34 pushes it: a minimal little-endian script number. */
function heightPush(height: number): Uint8Array {
  if (height === 0) return Uint8Array.of(0x00);
  if (height <= 16) return Uint8Array.of(0x50 + height);
  const bytes: number[] = [];
  for (let h = height; h > 0; h = Math.floor(h / 256)) bytes.push(h % 256);
  if (bytes[bytes.length - 1]! & 0x80) bytes.push(0);
  return Uint8Array.of(bytes.length, ...bytes);
}

/**
 * The coinbase paying `value` to `script`, with the commitment to the block's wtxids that Bitcoin
 * Core puts in every block it mines (BIP-141: OP_RETURN aa21a9ed + SHA256d(root ‖ 32 zero bytes);
 * src/validation.cpp GenerateCoinbaseCommitment), and its 32 zero bytes as the coinbase's witness.
 */
export function coinbase(height: number, script: Uint8Array, value: bigint, wtxids: readonly string[]): Uint8Array {
  const reserved = new Uint8Array(32);
  // The coinbase's own wtxid counts as zero.
  const commitment = sha256d(concat(merkleRoot([NULL_TXID, ...wtxids]), reserved));
  const outputs = [
    { amount: value, script },
    { amount: 0n, script: concat(Uint8Array.of(0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed), commitment) },
  ];
  return RawTx.encode({
    version: 2,
    segwitFlag: true,
    // The height, then a tag: two coinbases never share a txid.
    inputs: [{ txid: hex.decode(NULL_TXID), index: 0xffffffff, finalScriptSig: concat(heightPush(height), Uint8Array.of(0x00)), sequence: 0xffffffff }],
    outputs,
    witnesses: [[reserved]],
    lockTime: 0,
  });
}

export interface Header {
  version: number;
  prev: string;
  merkleRoot: Uint8Array;
  time: number;
  bits: number;
  nonce: number;
}

export function encodeHeader(h: Header): Uint8Array {
  const out = new Uint8Array(80);
  const view = new DataView(out.buffer);
  view.setUint32(0, h.version >>> 0, true);
  out.set(reversed(h.prev), 4);
  out.set(h.merkleRoot, 36);
  view.setUint32(68, h.time, true);
  view.setUint32(72, h.bits, true);
  view.setUint32(76, h.nonce, true);
  return out;
}

/** Regtest's target from its compact bits: 0x7fffff × 256^(0x20 − 3). */
const TARGET = 0x7fffffn << (8n * (BigInt(POW_LIMIT_BITS >>> 24) - 3n));

/** A header whose hash is at or below the target: about two tries on regtest. */
export function mineHeader(h: Omit<Header, 'nonce' | 'bits'>): { header: Uint8Array; hash: string; nonce: number; bits: number } {
  for (let nonce = 0; ; nonce++) {
    const header = encodeHeader({ ...h, bits: POW_LIMIT_BITS, nonce });
    const hash = sha256d(header).reverse();
    if (BigInt(`0x${hex.encode(hash)}`) <= TARGET) return { header, hash: hex.encode(hash), nonce, bits: POW_LIMIT_BITS };
  }
}

/** Difficulty as nodes print it: the genesis target over this one (1 for regtest's limit is 4.656542373906925e-10). */
export function difficulty(bits: number): number {
  let shift = (bits >>> 24) & 0xff;
  let diff = 0x0000ffff / (bits & 0x00ffffff);
  for (; shift < 29; shift++) diff *= 256;
  for (; shift > 29; shift--) diff /= 256;
  return diff;
}
