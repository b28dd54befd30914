// Signing choices shared by every Bitcoin method.
import { SigHash } from '@scure/btc-signer';

/** BIP-340 auxiliary randomness of all zeros: the same request always gives the same signature. */
export const NO_AUX_RANDOMNESS = new Uint8Array(32);

/** The real wallet honours any sighash type an input asks for. */
export const ANY_SIGHASH: SigHash[] = [
  SigHash.DEFAULT,
  SigHash.ALL,
  SigHash.NONE,
  SigHash.SINGLE,
  SigHash.ALL_ANYONECANPAY,
  SigHash.NONE_ANYONECANPAY,
  SigHash.SINGLE_ANYONECANPAY,
];

/** The sighash an input is signed with, in the window's words. */
export function sighashName(type: number | undefined, taproot: boolean): string {
  if (type === undefined) return taproot ? 'DEFAULT' : 'ALL';
  // @scure/btc-signer signs a non-taproot input that asks for 0 with its default, ALL.
  if (type === 0 && !taproot) return 'ALL (asked DEFAULT, 0x00, which only taproot has)';
  const name = Object.entries(SigHash).find(([, value]) => value === type)?.[0];
  return name ?? `0x${type.toString(16)}`;
}
