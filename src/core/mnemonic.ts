// Mnemonic checks with messages a person can act on, and seed derivation.
import { mnemonicToEntropy, mnemonicToSeedWebcrypto } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** The public BIP-39 test mnemonic. Never holds real funds; never should. */
export const DEFAULT_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

// Real Stacks/Bitcoin wallets import 12- or 24-word phrases only.
export const MNEMONIC_LENGTHS = [12, 24] as const;

export class MnemonicError extends Error {
  override name = 'MnemonicError';
}

const WORDS = new Set(wordlist);

/**
 * Returns the mnemonic in canonical form (lower case, single spaces) or throws
 * MnemonicError naming what is wrong: the length, an unknown word, or the checksum.
 */
export function normalizeMnemonic(input: unknown): string {
  if (typeof input !== 'string') throw new MnemonicError('mnemonic must be a string of words');
  const words = input.normalize('NFKD').trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!(MNEMONIC_LENGTHS as readonly number[]).includes(words.length)) {
    throw new MnemonicError(`mnemonic has ${words.length} word${words.length === 1 ? '' : 's'}; expected 12 or 24`);
  }
  const unknown = words.findIndex((w) => !WORDS.has(w));
  if (unknown >= 0) {
    throw new MnemonicError(`mnemonic word ${unknown + 1} ("${words[unknown]}") is not in the BIP-39 English word list`);
  }
  const phrase = words.join(' ');
  try {
    mnemonicToEntropy(phrase, wordlist);
  } catch {
    throw new MnemonicError('mnemonic checksum is wrong: the last word does not match the others (a typo or a word swapped?)');
  }
  return phrase;
}

/** BIP-39 seed. WebCrypto PBKDF2 is several times faster than pure JS on a cold worker. */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Promise<Uint8Array> {
  return mnemonicToSeedWebcrypto(normalizeMnemonic(mnemonic), passphrase);
}
