// UniSat's own setting: the type of its one address per account (docs/reference/unisat.md §4).
import { choiceSetting } from '../../core/settings.ts';

/**
 * One address per account, at m/<purpose>'/0'/0'/0/<account> on every network. The m44 types are UniSat's
 * legacy ones: segwit or taproot on the m/44' key.
 */
export const UNISAT_ADDRESS_TYPES = ['p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh', 'm44-p2wpkh', 'm44-p2tr'] as const;
export type UnisatAddressType = (typeof UNISAT_ADDRESS_TYPES)[number];

export interface UnisatSettings {
  /** UniSat's one address per account: its type (p2wpkh, as a new UniSat wallet). Its look-alikes read it too. */
  unisatAddressType: UnisatAddressType;
}

export const unisatSettings = {
  unisatAddressType: choiceSetting<UnisatAddressType>(
    [
      ['p2wpkh', "Native SegWit, m/84' (new UniSat wallets)"],
      ['p2sh-p2wpkh', "Nested SegWit, m/49'"],
      ['p2tr', "Taproot, m/86'"],
      ['p2pkh', "Legacy, m/44'"],
      ['m44-p2wpkh', "Native SegWit on m/44' (UniSat legacy)"],
      ['m44-p2tr', "Taproot on m/44' (UniSat legacy)"],
    ],
    'p2wpkh',
    'UniSat address type',
    { flag: 'address-type', help: `${UNISAT_ADDRESS_TYPES.join(' | ')}: the address type (default: p2wpkh)` },
  ),
};
