// The awkward wallets, on demand: answers to getAddresses / stx_getAddresses that a correct app
// must survive (docs/reference/contract.md §2.3: entries read by property, may be added later; a non-integer account
// segment is an error). Pure: the extension, the CLI and the kit's expected values share it.
import { hexToBytes } from '@noble/hashes/utils.js';
import { p2pkh, p2sh, p2wpkh } from '@scure/btc-signer';
import type { AddressEntry, AnsweredEntry, ExtraBtcEntry } from './addresses.ts';
import { withChecksum } from './descriptor.ts';
import type { AccountKeys } from './keys.ts';
import type { EntryOrder, MethodKind, Variant } from './choices.ts';
import { NETWORKS } from './networks.ts';
import { seededRandom } from './random.ts';

/** How much later an answer reaches the page: connect answers only, by the responseDelayMs fault. */
export function answerDelayMs(kind: MethodKind, settings: { responseDelayMs: number }): number {
  return kind === 'connect' ? settings.responseDelayMs : 0;
}

export interface AnswerFaults {
  entryOrder: EntryOrder;
  /** Seeds 'shuffled': the same seed gives the same order. */
  shuffleSeed: number;
  extraEntries: boolean;
  malformedDerivationPath: boolean;
}

/**
 * Entries a later wallet might add: nested SegWit and legacy addresses of the account's p2wpkh
 * key (real addresses of that key, under its path), appended after the contract's entries.
 */
export function extraEntries(keys: AccountKeys, variant: Variant): ExtraBtcEntry[] {
  const { publicKey, derivationPath } = keys.p2wpkh;
  const key = hexToBytes(publicKey);
  const net = NETWORKS[keys.network].btc;
  const origin = `[${keys.fingerprint}${derivationPath.slice(1)}]${publicKey}`;
  const second = (descriptor: string) => (variant === 'second' ? { descriptor: withChecksum(descriptor), fingerprint: keys.fingerprint } : {});
  return [
    { symbol: 'BTC', type: 'p2sh-p2wpkh', address: p2sh(p2wpkh(key, net), net).address!, publicKey, derivationPath, ...second(`sh(wpkh(${origin}))`) },
    { symbol: 'BTC', type: 'p2pkh', address: p2pkh(key, net).address!, publicKey, derivationPath, ...second(`pkh(${origin})`) },
  ];
}

/** A seeded Fisher–Yates shuffle that never returns the standard order (for two or more entries). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const next = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  // A shuffle that happens to change nothing would hide the fault the setting asks for.
  if (out.length > 1 && out.every((item, i) => item === items[i])) out.push(out.shift()!);
  return out;
}

/** `m/84'/0'/3'/0/0` → `m/84'/0'/3.5'/0/0`: parseInt still reads 3; a correct reader refuses it (docs/reference/contract.md §2.3). */
export function malformPath(path: string): string {
  const segments = path.split('/');
  if (segments.length < 4) return path;
  segments[3] = segments[3]!.replace(/^([0-9]+)/, '$1.5');
  return segments.join('/');
}

export function applyAnswerFaults(entries: AddressEntry[], keys: AccountKeys, variant: Variant, faults: AnswerFaults): AnsweredEntry[] {
  let out: AnsweredEntry[] = [...entries];
  // Only beside Bitcoin entries that are there: a wallet without them has no key to add more for.
  if (faults.extraEntries && entries.some((e) => e.symbol === 'BTC' && 'type' in e && e.type === 'p2wpkh')) out.push(...extraEntries(keys, variant));
  if (faults.entryOrder === 'reversed') out.reverse();
  if (faults.entryOrder === 'shuffled') out = shuffled(out, faults.shuffleSeed);
  if (faults.malformedDerivationPath)
    out = out.map((e) => ('derivationPath' in e && e.derivationPath ? { ...e, derivationPath: malformPath(e.derivationPath) } : e));
  return out;
}
