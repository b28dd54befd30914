// Independent Stacks checks for the tests: signatures verified with libsecp256k1 (tiny-secp256k1)
// and @stacks/encryption, key hashes with node:crypto; transactions decoded with @stacks/transactions.
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { verifyMessageSignatureRsv } from '@stacks/encryption';
import { deserializeTransaction, serializeCV, type ClarityValue } from '@stacks/transactions';

const sha256 = (...parts: Uint8Array[]): Buffer => createHash('sha256').update(Buffer.concat(parts)).digest();

/** hash160 of a public key, as a single-sig spending condition names its signer. */
export function hash160(publicKeyHex: string): string {
  try {
    return createHash('ripemd160')
      .update(sha256(Buffer.from(publicKeyHex, 'hex')))
      .digest('hex');
  } catch {
    throw new Error('node:crypto has no ripemd160 here');
  }
}

/** A utf8 message signature (RSV hex) checked by @stacks/encryption. */
export function verifyStacksMessage(message: string, signature: string, publicKey: string): boolean {
  return verifyMessageSignatureRsv({ message, signature, publicKey });
}

/** A SIP-018 signature checked by libsecp256k1 over the hash computed here. */
export function verifySip018(message: ClarityValue, domain: ClarityValue, signature: string, publicKey: string): boolean {
  const hash = sha256(Buffer.from('SIP018'), sha256(Buffer.from(serializeCV(domain), 'hex')), sha256(Buffer.from(serializeCV(message), 'hex')));
  const rs = Buffer.from(signature.slice(0, 128), 'hex');
  return signature.length === 130 && ecc.verify(hash, Buffer.from(publicKey, 'hex'), rs);
}

export type DecodedStacksTransaction = ReturnType<typeof deserializeTransaction>;

/** Decodes and checks a signed transaction: its origin signature verifies and its signer is `publicKey`'s hash. */
export function decodeStacksTransaction(hex: string, publicKey: string): DecodedStacksTransaction {
  const tx = deserializeTransaction(hex);
  tx.verifyOrigin(); // throws on a bad signature
  if (tx.auth.spendingCondition.signer !== hash160(publicKey))
    throw new Error(`signed by ${tx.auth.spendingCondition.signer}, not by the hash of ${publicKey}`);
  return tx;
}
