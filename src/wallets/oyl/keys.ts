// Oyl's keys (docs/reference/oyl.md §4): four addresses per account, at m/<purpose>'/<coin>'/0'/0/<account>
// (@oyl/sdk's 'bip44_account_last': the account is the last index), each with its compressed public key.
import type { HDKey } from '@scure/bip32';
import { bytesToHex } from '@noble/hashes/utils.js';
import { assertAccount, deriveAt, privateKeyAt } from '../../core/keys.ts';
import type { NetworkName } from '../../core/networks.ts';
import { paymentOf, type UnisatScript } from '../unisat/keys.ts';
import { oylCoin } from './networks.ts';

/** getAddresses' entries, in the order Oyl's docs list them. */
export const OYL_ENTRIES = ['taproot', 'nativeSegwit', 'nestedSegwit', 'legacy'] as const;
export type OylEntryName = (typeof OYL_ENTRIES)[number];

const PURPOSE: Record<OylEntryName, 86 | 84 | 49 | 44> = { taproot: 86, nativeSegwit: 84, nestedSegwit: 49, legacy: 44 };
export const OYL_SCRIPT: Record<OylEntryName, UnisatScript> = { taproot: 'p2tr', nativeSegwit: 'p2wpkh', nestedSegwit: 'p2sh-p2wpkh', legacy: 'p2pkh' };

export interface OylEntry {
  name: OylEntryName;
  derivationPath: string;
  /** Compressed, hex, for every entry: taproot's is the untweaked internal key. */
  publicKey: string;
  address: string;
  /** The output script the address pays to. */
  outputScript: Uint8Array;
  /** nestedSegwit: the p2wpkh program behind the p2sh. */
  redeemScript?: Uint8Array;
}

export type OylAccount = Record<OylEntryName, OylEntry>;

export const oylPath = (entry: OylEntryName, network: NetworkName, account: number): string => `m/${PURPOSE[entry]}'/${oylCoin(network)}'/0'/0/${account}`;

export function oylAccount(root: HDKey, account: number, network: NetworkName): OylAccount {
  assertAccount(account);
  const entry = (name: OylEntryName): OylEntry => {
    const derivationPath = oylPath(name, network, account);
    const key = deriveAt(root, derivationPath).publicKey;
    if (!key) throw new Error(`no public key at ${derivationPath}`);
    const payment = paymentOf(OYL_SCRIPT[name], key, network);
    return {
      name,
      derivationPath,
      publicKey: bytesToHex(key),
      address: payment.address,
      outputScript: payment.script,
      ...(payment.redeemScript && { redeemScript: payment.redeemScript }),
    };
  };
  return { taproot: entry('taproot'), nativeSegwit: entry('nativeSegwit'), nestedSegwit: entry('nestedSegwit'), legacy: entry('legacy') };
}

/** An entry's private key: derived when a request is approved, never stored (its node stays in memory with the root: deriveAt). */
export function oylSecret(root: HDKey, entry: OylEntryName, network: NetworkName, account: number): Uint8Array {
  return privateKeyAt(root, oylPath(entry, network, account));
}
