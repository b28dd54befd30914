// Every account 0–9 on every network, both variants, against independent implementations:
// bitcoinjs-lib + bip32 + tiny-secp256k1 (libsecp256k1 in WASM) + bip39 for Bitcoin,
// and @stacks/wallet-sdk (the reference for how Stacks wallets number accounts) for Stacks.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import { BIP32Factory } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import * as bip39 from 'bip39';
import { generateNewAccount, generateWallet, getStxAddress, type Wallet } from '@stacks/wallet-sdk';
import { KeyRing } from './keyring.ts';
import { NETWORK_NAMES, type NetworkName } from './networks.ts';
import { getAddresses } from './wallet.ts';
import { CHAINS } from './params.ts';
import { descriptorChecksum } from './descriptor.ts';
import type { AddressEntry } from './addresses.ts';

bitcoin.initEccLib(ecc);
const bip32 = BIP32Factory(ecc);

const MNEMONICS = [
  ['abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', ''],
  // A 24-word phrase with a BIP-39 passphrase: the seed must take both into account.
  ['legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title', 'TREZOR'],
] as const;

const BITCOINJS_NETWORK: Record<NetworkName, bitcoin.networks.Network> = {
  mainnet: bitcoin.networks.bitcoin,
  testnet: bitcoin.networks.testnet,
  signet: bitcoin.networks.testnet,
  regtest: bitcoin.networks.regtest,
  devnet: bitcoin.networks.regtest,
};

interface Expected {
  p2wpkh: { address: string; publicKey: string; path: string };
  p2tr: { address: string; publicKey: string; tweaked: string; path: string };
  fingerprint: string;
  stx: { address: string; publicKey: string };
}

async function stacksWallet(mnemonic: string, accounts: number): Promise<Wallet> {
  let wallet = await generateWallet({ secretKey: mnemonic, password: 'x' });
  while (wallet.accounts.length < accounts) wallet = generateNewAccount(wallet);
  return wallet;
}

function expected(root: ReturnType<typeof bip32.fromSeed>, stx: Wallet, network: NetworkName, account: number): Expected {
  const net = BITCOINJS_NETWORK[network];
  const coin = network === 'mainnet' ? 0 : 1;
  const segwitPath = `m/84'/${coin}'/${account}'/0/0`;
  const taprootPath = `m/86'/${coin}'/${account}'/0/0`;
  const segwitKey = Buffer.from(root.derivePath(segwitPath).publicKey);
  const taprootKey = Buffer.from(root.derivePath(taprootPath).publicKey);
  const taproot = bitcoin.payments.p2tr({ internalPubkey: taprootKey.subarray(1), network: net });
  const stxAccount = stx.accounts[account]!;
  const stxPublicKey = Buffer.from(ecc.pointFromScalar(Buffer.from(stxAccount.stxPrivateKey.slice(0, 64), 'hex'), true)!);
  return {
    p2wpkh: { address: bitcoin.payments.p2wpkh({ pubkey: segwitKey, network: net }).address!, publicKey: segwitKey.toString('hex'), path: segwitPath },
    p2tr: { address: taproot.address!, publicKey: taprootKey.toString('hex'), tweaked: Buffer.from(taproot.pubkey!).toString('hex'), path: taprootPath },
    fingerprint: Buffer.from(root.fingerprint).toString('hex'),
    stx: { address: getStxAddress(stxAccount, network === 'mainnet' ? 'mainnet' : 'testnet'), publicKey: stxPublicKey.toString('hex') },
  };
}

function descriptorParts(descriptor: string | undefined): { script: string; fingerprint: string; path: string; key: string; checksum: string } {
  const match = /^(wpkh|tr)\(\[([0-9a-f]{8})((?:\/\d+'?)+)\]([0-9a-f]+)\)#([0-9a-z]{8})$/.exec(descriptor ?? '');
  if (!match) throw new Error(`not a single-key descriptor with key origin: ${descriptor}`);
  const [, script, fingerprint, path, key, checksum] = match as unknown as [string, string, string, string, string, string];
  expect(descriptorChecksum(descriptor!.slice(0, -9))).toBe(checksum);
  return { script, fingerprint, path: `m${path}`, key, checksum };
}

for (const [mnemonic, passphrase] of MNEMONICS) {
  test(`accounts 0–9 on every network match bitcoinjs and wallet-sdk (${mnemonic.split(' ').length} words${passphrase ? ', passphrase' : ''})`, async () => {
    const root = bip32.fromSeed(bip39.mnemonicToSeedSync(mnemonic, passphrase));
    // wallet-sdk has no passphrase support; it is checked on the passphrase-free phrase only.
    const stx = await stacksWallet(mnemonic, 10);
    const ring = new KeyRing();
    for (const network of NETWORK_NAMES) {
      for (let account = 0; account < 10; account++) {
        const want = expected(root, stx, network, account);
        const wallet = { mnemonic, passphrase, network, missingEntries: [] };
        const first = (await getAddresses(ring, { ...wallet, variant: 'first' }, account, { chains: CHAINS })).addresses;
        const second = (await getAddresses(ring, { ...wallet, variant: 'second' }, account, { chains: CHAINS })).addresses;
        const where = `${network} account ${account}`;

        const firstStx: AddressEntry = { symbol: 'STX', address: want.stx.address };
        if (!passphrase) {
          expect(first, where).toEqual([
            { symbol: 'BTC', type: 'p2wpkh', address: want.p2wpkh.address, publicKey: want.p2wpkh.publicKey, derivationPath: want.p2wpkh.path },
            { symbol: 'BTC', type: 'p2tr', address: want.p2tr.address, publicKey: want.p2tr.publicKey, tweakedPublicKey: want.p2tr.tweaked, derivationPath: want.p2tr.path },
            firstStx,
          ]);
          expect(second[2], where).toEqual({ symbol: 'STX', kind: 'single-sig', address: want.stx.address, publicKey: want.stx.publicKey });
        } else {
          expect(first.slice(0, 2), where).toEqual([
            { symbol: 'BTC', type: 'p2wpkh', address: want.p2wpkh.address, publicKey: want.p2wpkh.publicKey, derivationPath: want.p2wpkh.path },
            { symbol: 'BTC', type: 'p2tr', address: want.p2tr.address, publicKey: want.p2tr.publicKey, tweakedPublicKey: want.p2tr.tweaked, derivationPath: want.p2tr.path },
          ]);
        }
        expect(Object.keys(first[2]!).sort(), where).toEqual(['address', 'symbol']);

        const [segwit, taproot] = second as [AddressEntry & { descriptor?: string; fingerprint?: string }, AddressEntry & { descriptor?: string; fingerprint?: string }];
        expect(segwit.fingerprint, where).toBe(want.fingerprint);
        expect(taproot.fingerprint, where).toBe(want.fingerprint);
        const wpkh = descriptorParts(segwit.descriptor);
        expect(wpkh, where).toMatchObject({ script: 'wpkh', fingerprint: want.fingerprint, path: want.p2wpkh.path, key: want.p2wpkh.publicKey });
        const tr = descriptorParts(taproot.descriptor);
        expect(tr, where).toMatchObject({ script: 'tr', fingerprint: want.fingerprint, path: want.p2tr.path, key: want.p2tr.publicKey.slice(2) });
        // The tr() key, tweaked by an independent implementation, must pay to the address.
        expect(bitcoin.payments.p2tr({ internalPubkey: Buffer.from(tr.key, 'hex'), network: BITCOINJS_NETWORK[network] }).address, where).toBe(taproot.address);
      }
    }
  });
}
