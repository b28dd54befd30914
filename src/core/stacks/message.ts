// Stacks message signatures (docs/reference/leather.md §6.1–6.3): RSV, low-s, RFC 6979.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { CompactSize } from '@scure/btc-signer';
import { signMessageHashRsv, signStructuredData, type ClarityValue } from '@stacks/transactions';

// "\x17Stacks Signed Message:\n": the prefix @stacks/encryption's hashMessage uses (0x17 = its length).
const PREFIX = utf8ToBytes('\x17Stacks Signed Message:\n');

/** SHA-256 of prefix ‖ varint(length) ‖ message: what the wallet signs for a utf8 message. */
export function stacksMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return sha256(concatBytes(PREFIX, CompactSize.encode(BigInt(bytes.length)), bytes));
}

export function signStacksMessage(message: string, privateKey: Uint8Array): string {
  return signMessageHashRsv({ messageHash: bytesToHex(stacksMessageHash(message)), privateKey: bytesToHex(privateKey) });
}

/** SIP-018: SHA-256("SIP018" ‖ SHA-256(domain) ‖ SHA-256(message)), signed RSV. */
export function signStacksStructured(message: ClarityValue, domain: ClarityValue, privateKey: Uint8Array): string {
  return signStructuredData({ message, domain, privateKey: bytesToHex(privateKey) });
}
