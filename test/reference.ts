// An independent derivation to test against: bitcoinjs-lib + bip32 + tiny-secp256k1
// (libsecp256k1 in WASM) + bip39 for Bitcoin, and @stacks/wallet-sdk (how Stacks wallets
// number accounts) for Stacks. None of the wallet's own code is used here.
import { expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import { BIP32Factory, type BIP32Interface } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import * as bip39 from 'bip39';
import type { Wallet } from '@stacks/wallet-sdk';

// @stacks/wallet-sdk is loaded when a Stacks reference is first asked for: most processes that load this file (the
// runner listing the tests, a worker whose tests of it are skipped) never ask, and its import is about 0.1 s of CPU.
const walletSdk = (): Promise<typeof import('@stacks/wallet-sdk')> => import('@stacks/wallet-sdk');

bitcoin.initEccLib(ecc);
const bip32 = BIP32Factory(ecc);

export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export type ReferenceNetwork = 'mainnet' | 'testnet' | 'testnet4' | 'signet' | 'regtest' | 'devnet';

/** bitcoinjs-lib's network parameters for each of the wallet's network names. */
export const NETWORK: Record<ReferenceNetwork, bitcoin.networks.Network> = {
  mainnet: bitcoin.networks.bitcoin,
  testnet: bitcoin.networks.testnet,
  testnet4: bitcoin.networks.testnet,
  signet: bitcoin.networks.testnet,
  regtest: bitcoin.networks.regtest,
  devnet: bitcoin.networks.regtest,
};

export interface Reference {
  fingerprint: string;
  /** The BIP-341 output key the p2tr address encodes, x-only (taprootKeyField 'output'). */
  taprootOutputKey: string;
  p2wpkh: { symbol: 'BTC'; type: 'p2wpkh'; address: string; publicKey: string; derivationPath: string };
  /** tweakedPublicKey as the real wallet fills it: the x-only internal key. */
  p2tr: { symbol: 'BTC'; type: 'p2tr'; address: string; publicKey: string; tweakedPublicKey: string; derivationPath: string };
  /** Absent when a BIP-39 passphrase is used: wallet-sdk has none. */
  stx?: { address: string; publicKey: string };
}

/**
 * BIP-39 seeds by mnemonic and passphrase: PBKDF2's 2048 rounds in JavaScript cost about 25 ms a call, and the
 * replays ask per key.
 */
const seeds = new Map<string, Buffer>();
const seedOf = (mnemonic: string, passphrase = ''): Buffer => {
  const key = `${mnemonic}\u0000${passphrase}`;
  let seed = seeds.get(key);
  if (!seed) seeds.set(key, (seed = bip39.mnemonicToSeedSync(mnemonic, passphrase)));
  return seed;
};
/** Mainnet roots by seed (each reference() derives from one). */
const roots = new Map<Buffer, BIP32Interface>();
const stacksWallets = new Map<string, Promise<Wallet>>();

async function stacksWallet(mnemonic: string, accounts: number): Promise<Wallet> {
  const known = await (stacksWallets.get(mnemonic) ?? Promise.resolve(undefined));
  if (known && known.accounts.length >= accounts) return known;
  const made = (async () => {
    const { generateNewAccount, generateWallet } = await walletSdk();
    let wallet = known ?? (await generateWallet({ secretKey: mnemonic, password: 'x' }));
    while (wallet.accounts.length < accounts) wallet = generateNewAccount(wallet);
    return wallet;
  })();
  stacksWallets.set(mnemonic, made);
  return made;
}

export async function reference(network: ReferenceNetwork, account: number, mnemonic = TEST_MNEMONIC, passphrase = ''): Promise<Reference> {
  const seed = seedOf(mnemonic, passphrase);
  let root = roots.get(seed);
  if (!root) roots.set(seed, (root = bip32.fromSeed(seed)));
  const net = NETWORK[network];
  const coin = network === 'mainnet' ? 0 : 1;
  const segwitPath = `m/84'/${coin}'/${account}'/0/0`;
  const taprootPath = `m/86'/${coin}'/${account}'/0/0`;
  const segwitKey = Buffer.from(root.derivePath(segwitPath).publicKey);
  const taprootKey = Buffer.from(root.derivePath(taprootPath).publicKey);
  const taproot = bitcoin.payments.p2tr({ internalPubkey: taprootKey.subarray(1), network: net });
  const out: Reference = {
    fingerprint: Buffer.from(root.fingerprint).toString('hex'),
    taprootOutputKey: Buffer.from(taproot.pubkey!).toString('hex'),
    p2wpkh: {
      symbol: 'BTC',
      type: 'p2wpkh',
      address: bitcoin.payments.p2wpkh({ pubkey: segwitKey, network: net }).address!,
      publicKey: segwitKey.toString('hex'),
      derivationPath: segwitPath,
    },
    p2tr: {
      symbol: 'BTC',
      type: 'p2tr',
      address: taproot.address!,
      publicKey: taprootKey.toString('hex'),
      tweakedPublicKey: taprootKey.subarray(1).toString('hex'),
      derivationPath: taprootPath,
    },
  };
  if (!passphrase) {
    const stxAccount = (await stacksWallet(mnemonic, account + 1)).accounts[account]!;
    const publicKey = Buffer.from(ecc.pointFromScalar(Buffer.from(stxAccount.stxPrivateKey.slice(0, 64), 'hex'), true)!).toString('hex');
    const { getStxAddress } = await walletSdk();
    out.stx = { address: getStxAddress(stxAccount, network === 'mainnet' ? 'mainnet' : 'testnet'), publicKey };
  }
  return out;
}

/** The first variant's entries, in full. */
export function firstVariant(ref: Reference): unknown[] {
  return [ref.p2wpkh, ref.p2tr, ...(ref.stx ? [{ symbol: 'STX', address: ref.stx.address }] : [])];
}

/**
 * The real wallet's own entries, key for key and in its key order, as leather-io/extension's
 * use-get-addresses.ts writes them: no descriptor or fingerprint, and the STX publicKey.
 */
export function leatherVariant(ref: Reference): unknown[] {
  const { symbol, type, address, publicKey, derivationPath } = ref.p2wpkh;
  const tr = ref.p2tr;
  return [
    { symbol, type, address, publicKey, derivationPath },
    {
      symbol: tr.symbol,
      type: tr.type,
      address: tr.address,
      publicKey: tr.publicKey,
      tweakedPublicKey: tr.tweakedPublicKey,
      derivationPath: tr.derivationPath,
    },
    ...(ref.stx ? [{ symbol: 'STX', address: ref.stx.address, publicKey: ref.stx.publicKey }] : []),
  ];
}

/** The real wallet's network ids and the reference network each stands for (docs/reference/leather.md §3.3). */
export const LEATHER_IDS: Record<string, ReferenceNetwork> = {
  mainnet: 'mainnet',
  testnet: 'testnet',
  testnet4: 'testnet',
  signet: 'signet',
  sbtcTestnet: 'regtest',
  sbtcDevenv: 'regtest',
  devnet: 'regtest',
};

/** The second variant's entries; a descriptor must carry this fingerprint, path and key (its checksum is tested on BIP-380's vectors). */
export function secondVariant(ref: Reference): unknown[] {
  const descriptor = (script: 'wpkh' | 'tr', path: string, key: string) =>
    new RegExp(`^${script}\\(\\[${ref.fingerprint}${path.slice(1).replace(/\//g, '\\/')}\\]${key}\\)#[0-9a-z]{8}$`);
  return [
    { ...ref.p2wpkh, fingerprint: ref.fingerprint, descriptor: expect.stringMatching(descriptor('wpkh', ref.p2wpkh.derivationPath, ref.p2wpkh.publicKey)) },
    { ...ref.p2tr, fingerprint: ref.fingerprint, descriptor: expect.stringMatching(descriptor('tr', ref.p2tr.derivationPath, ref.p2tr.publicKey.slice(2))) },
    ...(ref.stx ? [{ symbol: 'STX', kind: 'single-sig', address: ref.stx.address, publicKey: ref.stx.publicKey }] : []),
  ];
}

/** Independently pays the tr() descriptor's key to an address, to check it encodes the same output. */
export function taprootAddressOf(xOnlyKeyHex: string, network: ReferenceNetwork): string {
  return bitcoin.payments.p2tr({ internalPubkey: Buffer.from(xOnlyKeyHex, 'hex'), network: NETWORK[network] }).address!;
}

/** The WIF private key at a path, derived independently (bip39 + bip32), for signing with other libraries. */
export function referenceWif(path: string, mnemonic = TEST_MNEMONIC, network: ReferenceNetwork = 'mainnet'): string {
  const root = bip32.fromSeed(seedOf(mnemonic), NETWORK[network]);
  return root.derivePath(path).toWIF();
}
