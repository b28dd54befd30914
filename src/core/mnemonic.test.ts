import { test, expect } from '@playwright/test';
import { mnemonicToSeedSync } from '@scure/bip39';
import * as bip39 from 'bip39';
import { DEFAULT_MNEMONIC, mnemonicToSeed, normalizeMnemonic } from './mnemonic.ts';

test('accepts 12 and 24 words, normalising case and spaces', () => {
  expect(normalizeMnemonic(`  ${DEFAULT_MNEMONIC.toUpperCase().replaceAll(' ', '   ')}\n`)).toBe(DEFAULT_MNEMONIC);
  const words24 =
    'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title';
  expect(normalizeMnemonic(words24)).toBe(words24);
});

test('says what is wrong: length, unknown word, checksum', () => {
  expect(() => normalizeMnemonic('abandon abandon')).toThrow('mnemonic has 2 words; expected 12 or 24');
  expect(() => normalizeMnemonic('')).toThrow('mnemonic has 0 words');
  expect(() => normalizeMnemonic(`${DEFAULT_MNEMONIC} abandon abandon abandon`)).toThrow('has 15 words');
  expect(() => normalizeMnemonic(DEFAULT_MNEMONIC.replace('about', 'abuot'))).toThrow('word 12 ("abuot") is not in the BIP-39 English word list');
  expect(() => normalizeMnemonic(DEFAULT_MNEMONIC.replace('about', 'abandon'))).toThrow(/checksum is wrong/);
  expect(() => normalizeMnemonic(12)).toThrow(/must be a string/);
});

test('WebCrypto seed equals pure-JS seeds (@scure/bip39 and bitcoinjs bip39), with passphrase', async () => {
  for (const passphrase of ['', 'TREZOR', 'pässwörd ü']) {
    const ours = Buffer.from(await mnemonicToSeed(DEFAULT_MNEMONIC, passphrase)).toString('hex');
    expect(ours).toBe(Buffer.from(mnemonicToSeedSync(DEFAULT_MNEMONIC, passphrase)).toString('hex'));
    expect(ours).toBe(bip39.mnemonicToSeedSync(DEFAULT_MNEMONIC, passphrase).toString('hex'));
  }
});
