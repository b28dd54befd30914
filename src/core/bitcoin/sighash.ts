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

export function sighashName(type: number | undefined, taproot: boolean): string {
  if (type === undefined) return taproot ? 'DEFAULT' : 'ALL';
  const name = Object.entries(SigHash).find(([, value]) => value === type)?.[0];
  return name ?? `0x${type.toString(16)}`;
}
