// Xverse's own setting: which payment address it exposes (docs/reference/xverse.md §4).
import { choiceSetting } from '../../core/settings.ts';

/** Native p2wpkh (m/84', new wallets) or nested p2sh-p2wpkh (m/49'). */
export const XVERSE_PAYMENT_TYPES = ['native', 'nested'] as const;
export type XversePaymentType = (typeof XVERSE_PAYMENT_TYPES)[number];

export interface XverseSettings {
  /** Xverse's payment address: native p2wpkh (m/84') or nested p2sh-p2wpkh (m/49'). */
  xversePaymentType: XversePaymentType;
}

export const xverseSettings = {
  xversePaymentType: choiceSetting<XversePaymentType>(
    [
      ['native', "Native SegWit, m/84' (new Xverse wallets)"],
      ['nested', "Nested SegWit, m/49' (p2sh-p2wpkh)"],
    ],
    'native',
    'Xverse payment address',
    { flag: 'payment-type', help: "native | nested: Xverse's payment address, m/84' p2wpkh or m/49' p2sh-p2wpkh (default: native)" },
  ),
};
