// Xverse's view of one account (docs/reference/xverse.md §4): its paths, its addresses as Xverse reports them, its id.
import type { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import { publicKeyToAddress } from '@stacks/transactions';
import type { XversePaymentType } from './settings.ts';
import { NETWORKS, type NetworkName } from '../../core/networks.ts';
import { deriveAt } from '../../core/keys.ts';

export const XVERSE_PURPOSES = ['ordinals', 'payment', 'stacks'] as const;
export type XversePurpose = (typeof XVERSE_PURPOSES)[number];

export const XVERSE_NETWORKS = ['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'] as const;
export type XverseNetwork = (typeof XVERSE_NETWORKS)[number];

/** The name Xverse gives this wallet's network; devnet is a local chain, Xverse's Regtest. */
export const XVERSE_NETWORK_OF: Readonly<Record<NetworkName, XverseNetwork>> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  testnet4: 'Testnet4',
  signet: 'Signet',
  regtest: 'Regtest',
  devnet: 'Regtest',
};

/** This wallet's network for an Xverse name. */
export const NETWORK_OF_XVERSE: Readonly<Record<XverseNetwork, NetworkName>> = {
  Mainnet: 'mainnet',
  Testnet: 'testnet',
  Testnet4: 'testnet4',
  Signet: 'signet',
  Regtest: 'regtest',
};

export interface XverseAddress {
  address: string;
  publicKey: string;
  purpose: XversePurpose;
  addressType: 'p2wpkh' | 'p2sh' | 'p2tr' | 'stacks';
  walletType: 'software';
}

export interface XverseNetworkObject {
  bitcoin: { name: XverseNetwork };
  stacks: { name: XverseNetwork };
}

export interface XverseAccount {
  account: number;
  network: NetworkName;
  /** wallet_connect's `id`: sha256hex('account-' + root public key + '-' + account + '-' + network name). */
  id: string;
  addresses: Readonly<Record<XversePurpose, XverseAddress>>;
  paths: Readonly<Record<XversePurpose, string>>;
}

/** Paths of Xverse's 'account' derivation (new wallets): the account is the third level everywhere, Stacks included. */
export function xversePaths(network: NetworkName, account: number, paymentType: XversePaymentType): Record<XversePurpose, string> {
  const coin = NETWORKS[network].coin;
  return {
    payment: `m/${paymentType === 'native' ? 84 : 49}'/${coin}'/${account}'/0/0`,
    ordinals: `m/86'/${coin}'/${account}'/0/0`,
    stacks: `m/44'/5757'/${account}'/0/0`,
  };
}

export function networkObject(network: NetworkName): XverseNetworkObject {
  const name = XVERSE_NETWORK_OF[network];
  return { bitcoin: { name }, stacks: { name } };
}

const hex = (text: string): string => bytesToHex(sha256(new TextEncoder().encode(text)));

export const accountId = (root: HDKey, account: number, network: NetworkName): string =>
  hex(`account-${bytesToHex(root.publicKey!)}-${account}-${XVERSE_NETWORK_OF[network]}`);

/** The resource id of an account's read permission (wallet_getCurrentPermissions). */
export const accountResourceId = (id: string): string => hex(`account-resource-${id}`);

const cache = new WeakMap<HDKey, Map<string, XverseAccount>>();

/** The account's three addresses as Xverse reports them; public keys only. Derived once per root. */
export function xverseAccount(root: HDKey, network: NetworkName, account: number, paymentType: XversePaymentType): XverseAccount {
  const byKey = cache.get(root) ?? new Map<string, XverseAccount>();
  cache.set(root, byKey);
  const key = `${network}:${account}:${paymentType}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const paths = xversePaths(network, account, paymentType);
  const btc = NETWORKS[network].btc;
  const pub = (path: string): Uint8Array => deriveAt(root, path).publicKey!;
  const paymentKey = pub(paths.payment);
  const inner = p2wpkh(paymentKey, btc);
  const payment = paymentType === 'native' ? inner.address! : p2sh(inner, btc).address!;
  const ordinalsKey = pub(paths.ordinals).subarray(1);
  const stacksKey = bytesToHex(pub(paths.stacks));
  const entry = (address: string, publicKey: string, purpose: XversePurpose, addressType: XverseAddress['addressType']): XverseAddress => ({
    address,
    publicKey,
    purpose,
    addressType,
    walletType: 'software',
  });
  const made: XverseAccount = {
    account,
    network,
    id: accountId(root, account, network),
    paths,
    addresses: {
      ordinals: entry(p2tr(ordinalsKey, undefined, btc).address!, bytesToHex(ordinalsKey), 'ordinals', 'p2tr'),
      payment: entry(payment, bytesToHex(paymentKey), 'payment', paymentType === 'native' ? 'p2wpkh' : 'p2sh'),
      stacks: entry(publicKeyToAddress(stacksKey, NETWORKS[network].stacks), stacksKey, 'stacks', 'stacks'),
    },
  };
  byKey.set(key, made);
  return made;
}

/** The private key at one of the account's paths: derived when a request is approved, never stored (its node stays in memory with the root: deriveAt). */
export function xverseSecret(root: HDKey, account: XverseAccount, purpose: XversePurpose): Uint8Array {
  return deriveAt(root, account.paths[purpose]).privateKey!;
}

/** Addresses in the order asked; every purpose, in Xverse's enum order, when none is given. */
export const addressList = (account: XverseAccount, purposes: readonly XversePurpose[] = XVERSE_PURPOSES): XverseAddress[] =>
  purposes.map((p) => account.addresses[p]);
