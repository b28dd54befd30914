// From a BIP-39 seed to the three keys of one account.
import { HDKey } from '@scure/bip32';
import { p2tr, p2wpkh } from '@scure/btc-signer';
import { publicKeyToAddress } from '@stacks/transactions';
import { bytesToHex } from '@noble/hashes/utils.js';
import { MAX_ACCOUNT } from './account-path.ts';
import { NETWORKS, type NetworkName } from './networks.ts';
import { remember } from './remember.ts';

export { MAX_ACCOUNT };

export interface BtcKey {
  derivationPath: string;
  /** 33-byte compressed public key, hex. */
  publicKey: string;
  address: string;
}

export interface TaprootKey extends BtcKey {
  /** BIP-341 output key (internal key tweaked with an empty script tree), x-only hex. */
  tweakedPublicKey: string;
}

/** The x-only internal key of a BIP-86 key: the public key without its parity byte. */
export const internalKey = (key: TaprootKey): string => key.publicKey.slice(2);

export interface StacksKey {
  /** 33-byte compressed public key, hex. */
  publicKey: string;
  address: string;
}

export interface AccountKeys {
  account: number;
  network: NetworkName;
  /** Master key fingerprint, 8 hex characters. */
  fingerprint: string;
  p2wpkh: BtcKey;
  p2tr: TaprootKey;
  stx: StacksKey;
}

export function assertAccount(account: number): void {
  if (!Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT) {
    throw new RangeError(`account must be an integer from 0 to ${MAX_ACCOUNT}, got ${account}`);
  }
}

export function masterKey(seed: Uint8Array): HDKey {
  return HDKey.fromMasterSeed(seed);
}

export function fingerprintHex(root: HDKey): string {
  return root.fingerprint.toString(16).padStart(8, '0');
}

export function btcPath(purpose: 84 | 86, coin: number, account: number, change = 0, index = 0): string {
  return `m/${purpose}'/${coin}'/${account}'/${change}/${index}`;
}

const nodes = new WeakMap<HDKey, Map<string, HDKey>>();

/**
 * The node at `path` under `root`, derived once per root: each level costs a point multiplication (about 2.4 ms
 * a path in Node, more in a cold service worker), and the wallets with keys of their own (UniSat's, Oyl's,
 * Xverse's) derived two or three paths again on every call. A root dropped from the key ring takes its nodes with it;
 * a node holds its private key in memory, as the root does, and nothing of it is stored.
 */
export function deriveAt(root: HDKey, path: string): HDKey {
  let byPath = nodes.get(root);
  if (!byPath) nodes.set(root, (byPath = new Map()));
  return remember(byPath, path, () => root.derive(path));
}

const made = new WeakMap<HDKey, Map<string, unknown>>();

/**
 * What a wallet computes from a node (an address, the Taproot tweak: a point multiplication of its own), once per
 * node, frozen since every caller gets the same object. UniSat's methods built both keys of the account on every call.
 */
export function onceFor<T extends object>(node: HDKey, what: string, make: () => T): Readonly<T> {
  let byWhat = made.get(node);
  if (!byWhat) made.set(node, (byWhat = new Map()));
  return remember(byWhat, what, () => Object.freeze(make())) as Readonly<T>;
}

function publicKeyOf(node: HDKey, path: string): Uint8Array {
  const key = node.publicKey;
  if (!key) throw new Error(`no public key at ${path}`);
  return key;
}

/** BIP-84 native segwit key at any path. */
export function p2wpkhKey(root: HDKey, network: NetworkName, path: string): BtcKey {
  const node = deriveAt(root, path);
  return onceFor(node, `p2wpkh ${network}`, () => {
    const publicKey = publicKeyOf(node, path);
    const address = p2wpkh(publicKey, NETWORKS[network].btc).address;
    if (!address) throw new Error(`could not encode a p2wpkh address for ${path}`);
    return { derivationPath: path, publicKey: bytesToHex(publicKey), address };
  });
}

/** BIP-86 key-path-only taproot key at any path. */
export function p2trKey(root: HDKey, network: NetworkName, path: string): TaprootKey {
  const node = deriveAt(root, path);
  return onceFor(node, `p2tr ${network}`, () => {
    const publicKey = publicKeyOf(node, path);
    const payment = p2tr(publicKey.subarray(1), undefined, NETWORKS[network].btc);
    if (!payment.address) throw new Error(`could not encode a p2tr address for ${path}`);
    return {
      derivationPath: path,
      publicKey: bytesToHex(publicKey),
      tweakedPublicKey: bytesToHex(payment.tweakedPubkey),
      address: payment.address,
    };
  });
}

/**
 * Stacks key of account N, as @stacks/wallet-sdk derives it (derive.ts:
 * STX_DERIVATION_PATH = m/44'/5757'/0'/0, then deriveChild(index)): the account
 * is the LAST, unhardened level, unlike Bitcoin's m/84'/coin'/N'.
 * The address hashes the compressed public key (private key + 01 flag). The key
 * comes from the same secp256k1 as the rest: a second library would build a second
 * precomputation table, ~30 ms on a cold service worker.
 */
export function stacksKey(root: HDKey, network: NetworkName, account: number): StacksKey {
  const path = `m/44'/5757'/0'/0/${account}`;
  const publicKey = bytesToHex(publicKeyOf(deriveAt(root, path), path));
  return { publicKey, address: publicKeyToAddress(publicKey, NETWORKS[network].stacks) };
}

export function deriveAccount(root: HDKey, network: NetworkName, account: number): AccountKeys {
  assertAccount(account);
  const { coin } = NETWORKS[network];
  return {
    account,
    network,
    fingerprint: fingerprintHex(root),
    p2wpkh: p2wpkhKey(root, network, btcPath(84, coin, account)),
    p2tr: p2trKey(root, network, btcPath(86, coin, account)),
    stx: stacksKey(root, network, account),
  };
}

/** Private keys of one account: derived when a request is approved, never stored. */
export interface AccountSecrets {
  p2wpkh: Uint8Array;
  p2tr: Uint8Array;
  stx: Uint8Array;
}

/** The private key at `path`: derived when a request is approved, never stored (its node stays in memory with the root: deriveAt). */
export function privateKeyAt(root: HDKey, path: string): Uint8Array {
  const key = deriveAt(root, path).privateKey;
  if (!key) throw new Error(`no private key at ${path}`);
  return key;
}

export function deriveSecrets(root: HDKey, network: NetworkName, account: number): AccountSecrets {
  assertAccount(account);
  const { coin } = NETWORKS[network];
  return {
    p2wpkh: privateKeyAt(root, btcPath(84, coin, account)),
    p2tr: privateKeyAt(root, btcPath(86, coin, account)),
    stx: privateKeyAt(root, `m/44'/5757'/0'/0/${account}`),
  };
}
