// UniSat's keys: one address per account, at m/<purpose>'/0'/0'/0/<account> on every network: the
// coin type stays 0' and only the address prefix follows the network (docs/reference/unisat.md §4).
import type { HDKey } from '@scure/bip32';
import { bytesToHex } from '@noble/hashes/utils.js';
import { p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import type { UnisatAddressType } from './settings.ts';
import { assertAccount, deriveAt, onceFor, privateKeyAt } from '../../core/keys.ts';
import { NETWORKS, type NetworkName } from '../../core/networks.ts';

/** The script an address type pays to: the m44 types are segwit and taproot on the m/44' key. */
export type UnisatScript = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh';

const PURPOSE: Record<UnisatAddressType, 44 | 49 | 84 | 86> = { p2wpkh: 84, 'p2sh-p2wpkh': 49, p2tr: 86, p2pkh: 44, 'm44-p2wpkh': 44, 'm44-p2tr': 44 };
const SCRIPT: Record<UnisatAddressType, UnisatScript> = {
  p2wpkh: 'p2wpkh',
  'p2sh-p2wpkh': 'p2sh-p2wpkh',
  p2tr: 'p2tr',
  p2pkh: 'p2pkh',
  'm44-p2wpkh': 'p2wpkh',
  'm44-p2tr': 'p2tr',
};

export interface UnisatAccount {
  type: UnisatAddressType;
  script: UnisatScript;
  derivationPath: string;
  /** Compressed, hex: what getPublicKey answers for every type, taproot included (the untweaked key). */
  publicKey: string;
  address: string;
  /** The output script the address pays to. */
  outputScript: Uint8Array;
  /** p2sh-p2wpkh: the witness program behind the p2sh. */
  redeemScript?: Uint8Array;
}

export const unisatPath = (type: UnisatAddressType, account: number): string => `m/${PURPOSE[type]}'/0'/0'/0/${account}`;

/** The payment of a public key as the address type encodes it, on the network's prefixes. */
export function paymentOf(
  script: UnisatScript,
  publicKey: Uint8Array,
  network: NetworkName,
): { address: string; script: Uint8Array; redeemScript?: Uint8Array } {
  const net = NETWORKS[network].btc;
  const payment =
    script === 'p2wpkh'
      ? p2wpkh(publicKey, net)
      : script === 'p2sh-p2wpkh'
        ? p2sh(p2wpkh(publicKey, net), net)
        : script === 'p2tr'
          ? p2tr(publicKey.subarray(1), undefined, net)
          : p2pkh(publicKey, net);
  if (!payment.address) throw new Error(`could not encode a ${script} address`);
  return { address: payment.address, script: payment.script, ...('redeemScript' in payment && payment.redeemScript && { redeemScript: payment.redeemScript }) };
}

export function unisatAccount(root: HDKey, type: UnisatAddressType, account: number, network: NetworkName): UnisatAccount {
  assertAccount(account);
  const derivationPath = unisatPath(type, account);
  const node = deriveAt(root, derivationPath);
  return onceFor(node, `unisat ${type} ${network}`, () => {
    const key = node.publicKey;
    if (!key) throw new Error(`no public key at ${derivationPath}`);
    const payment = paymentOf(SCRIPT[type], key, network);
    return {
      type,
      script: SCRIPT[type],
      derivationPath,
      publicKey: bytesToHex(key),
      address: payment.address,
      outputScript: payment.script,
      ...(payment.redeemScript && { redeemScript: payment.redeemScript }),
    };
  });
}

/** The account's private key: derived when a request is approved, never stored (its node stays in memory with the root: deriveAt). */
export function unisatSecret(root: HDKey, type: UnisatAddressType, account: number): Uint8Array {
  return privateKeyAt(root, unisatPath(type, account));
}
