// Shapes an account's keys into address entries: the contract's two variants, and the real wallet's own shape.
import { internalKey, type AccountKeys } from './keys.ts';
import type { EntryKind, TaprootKeyField, Variant } from './choices.ts';
import type { Chain } from './params.ts';
import { trDescriptor, wpkhDescriptor } from './descriptor.ts';

export interface P2wpkhEntry {
  symbol: 'BTC';
  type: 'p2wpkh';
  address: string;
  publicKey: string;
  derivationPath: string;
  /** Second variant only. */
  descriptor?: string;
  /** Second variant only. */
  fingerprint?: string;
}

export interface P2trEntry extends Omit<P2wpkhEntry, 'type'> {
  type: 'p2tr';
  tweakedPublicKey: string;
}

export interface StxEntry {
  symbol: 'STX';
  /** Second variant only. */
  kind?: 'single-sig';
  address: string;
  /** Second and leather variants. */
  publicKey?: string;
}

export type AddressEntry = P2wpkhEntry | P2trEntry | StxEntry;

/** A BTC entry of a type the contract does not define (yet), shaped as the p2wpkh entry: the extraEntries fault. */
export interface ExtraBtcEntry extends Omit<P2wpkhEntry, 'type'> {
  type: 'p2sh-p2wpkh' | 'p2pkh';
}

/** What an answer can hold: the contract's entries and, with extraEntries, more. */
export type AnsweredEntry = AddressEntry | ExtraBtcEntry;

export interface GetAddressesResult {
  addresses: AnsweredEntry[];
}

export function shapeAddresses(
  keys: AccountKeys,
  variant: Variant,
  chains: readonly Chain[],
  missing: readonly EntryKind[] = [],
  taprootKeyField: TaprootKeyField = 'internal',
): AddressEntry[] {
  const second = variant === 'second';
  const entries: AddressEntry[] = [];
  const has = (kind: EntryKind): boolean => !missing.includes(kind);

  if (chains.includes('bitcoin') && has('p2wpkh')) {
    const { address, publicKey, derivationPath } = keys.p2wpkh;
    entries.push({
      symbol: 'BTC',
      type: 'p2wpkh',
      address,
      publicKey,
      derivationPath,
      ...(second && {
        descriptor: wpkhDescriptor(keys.fingerprint, derivationPath, publicKey),
        fingerprint: keys.fingerprint,
      }),
    });
  }
  if (chains.includes('bitcoin') && has('p2tr')) {
    const { address, publicKey, derivationPath } = keys.p2tr;
    entries.push({
      symbol: 'BTC',
      type: 'p2tr',
      address,
      publicKey,
      // The real wallet puts the x-only internal key here; 'output' gives the BIP-341 key the address encodes.
      tweakedPublicKey: taprootKeyField === 'output' ? keys.p2tr.tweakedPublicKey : internalKey(keys.p2tr),
      derivationPath,
      ...(second && {
        descriptor: trDescriptor(keys.fingerprint, derivationPath, internalKey(keys.p2tr)),
        fingerprint: keys.fingerprint,
      }),
    });
  }
  if (chains.includes('stacks') && has('stx')) {
    const { address, publicKey } = keys.stx;
    // Key order as each shape writes it: the real wallet's is { symbol, address, publicKey }.
    entries.push(
      second
        ? { symbol: 'STX', kind: 'single-sig', address, publicKey }
        : variant === 'leather'
          ? { symbol: 'STX', address, publicKey }
          : { symbol: 'STX', address },
    );
  }
  return entries;
}
