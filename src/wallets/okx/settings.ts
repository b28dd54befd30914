// OKX's own setting: its address format per account (docs/reference/okx.md §4), the standard paths with
// coin 0' as UniSat's.
import { choiceSetting } from '../../core/settings.ts';

export const OKX_ADDRESS_TYPES = ['p2wpkh', 'p2tr', 'p2sh-p2wpkh', 'p2pkh'] as const;
export type OkxAddressType = (typeof OKX_ADDRESS_TYPES)[number];

export interface OkxSettings {
  /** OKX's address format (p2wpkh by default; its docs' example account is taproot). */
  okxAddressType: OkxAddressType;
}

export const okxSettings = {
  okxAddressType: choiceSetting<OkxAddressType>(
    [
      ['p2wpkh', "Native SegWit, m/84'"],
      ['p2tr', "Taproot, m/86'"],
      ['p2sh-p2wpkh', "Nested SegWit, m/49'"],
      ['p2pkh', "Legacy, m/44'"],
    ],
    'p2wpkh',
    'OKX address format',
    { flag: 'address-type', help: `${OKX_ADDRESS_TYPES.join(' | ')}: the address format (default: p2wpkh)` },
  ),
};
