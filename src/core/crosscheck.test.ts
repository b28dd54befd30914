// Every account 0–9 on every network, both variants, against an independent derivation
// (test/reference.ts: bitcoinjs-lib + libsecp256k1 + bip39, and @stacks/wallet-sdk).
import { test, expect } from '@playwright/test';
import { firstVariant, reference, secondVariant, taprootAddressOf } from '../../test/reference.ts';
import { descriptorChecksum } from './descriptor.ts';
import { KeyRing } from './keyring.ts';
import { NETWORK_NAMES } from './networks.ts';
import { CHAINS } from './params.ts';
import { addressesResult } from '../wallets/leather/methods/get-addresses.ts';
import { defaultSettings } from '../wallets/settings.ts';

const MNEMONICS = [
  ['abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', ''],
  // A 24-word phrase with a BIP-39 passphrase: the seed must take both into account.
  [
    'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title',
    'TREZOR',
  ],
] as const;

for (const [mnemonic, passphrase] of MNEMONICS) {
  test(`accounts 0–9 on every network match the independent derivation (${mnemonic.split(' ').length} words${passphrase ? ', passphrase' : ''})`, async () => {
    const ring = new KeyRing();
    for (const network of NETWORK_NAMES) {
      for (let account = 0; account < 10; account++) {
        const want = await reference(network, account, mnemonic, passphrase);
        const keys = await ring.account(mnemonic, passphrase, network, account);
        const settings = { ...defaultSettings(), mnemonic, passphrase, network };
        const first = addressesResult(keys, { ...settings, variant: 'first' }, { chains: CHAINS }).addresses;
        const second = addressesResult(keys, { ...settings, variant: 'second' }, { chains: CHAINS }).addresses;
        const output = addressesResult(keys, { ...settings, taprootKeyField: 'output' }, { chains: CHAINS }).addresses;
        const where = `${network} account ${account}`;
        // wallet-sdk has no BIP-39 passphrase, so with one only the Bitcoin entries are compared.
        expect(passphrase ? first.slice(0, 2) : first, where).toEqual(firstVariant(want));
        expect(passphrase ? second.slice(0, 2) : second, where).toEqual(secondVariant(want));
        // taprootKeyField 'output': the BIP-341 output key, as the independent implementation tweaks it.
        expect(output[1], where).toEqual({ ...want.p2tr, tweakedPublicKey: want.taprootOutputKey });
        for (const entry of second.slice(0, 2) as { descriptor: string }[]) {
          const [body, checksum] = entry.descriptor.split('#') as [string, string];
          expect(descriptorChecksum(body), where).toBe(checksum);
        }
        // The tr() key, tweaked by the independent implementation, pays to the same address.
        const trKey = /\]([0-9a-f]{64})\)#/.exec((second[1] as { descriptor: string }).descriptor)![1]!;
        expect(taprootAddressOf(trKey, network), where).toBe(want.p2tr.address);
      }
    }
  });
}
