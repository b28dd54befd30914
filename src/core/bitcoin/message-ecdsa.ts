// "Bitcoin Signed Message" signatures in BIP-137 form: as bitcoinjs-message writes them for segwit keys
// (Xverse's ECDSA), and with the compressed-P2PKH header UniSat writes for every address type.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { CompactSize } from '@scure/btc-signer';
import { signMessageHashRsv } from '@stacks/transactions';

const PREFIX = utf8ToBytes('Bitcoin Signed Message:\n');

/** Double SHA-256 of varint(prefix) ‖ prefix ‖ varint(message) ‖ message. */
export function magicHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  const framed = concatBytes(CompactSize.encode(BigInt(PREFIX.length)), PREFIX, CompactSize.encode(BigInt(bytes.length)), bytes);
  return sha256(sha256(framed));
}

/** BIP-137 header offsets past 27 + recovery id: compressed p2pkh 4 (31–34), p2sh-p2wpkh 8 (35–38), p2wpkh 12 (39–42). */
const HEADER_OFFSET = { p2pkh: 4, 'p2sh-p2wpkh': 8, p2wpkh: 12 } as const;

/** Base64 of header ‖ r ‖ s: RFC 6979, low s, so the same message and key always give the same bytes. */
export function signMessageEcdsa(message: string, privateKey: Uint8Array, type: keyof typeof HEADER_OFFSET): string {
  const rsv = hexToBytes(signMessageHashRsv({ messageHash: bytesToHex(magicHash(message)), privateKey: bytesToHex(privateKey) }));
  const recovery = rsv[64]!;
  return base64.encode(concatBytes(Uint8Array.of(27 + recovery + HEADER_OFFSET[type]), rsv.subarray(0, 64)));
}
