// Oyl's own setting: what signMessage's protocol 'ecdsa' answers, which no public source of the wallet itself
// shows (docs/reference/oyl.md §5.2).
import { choiceSetting } from '../../core/settings.ts';

export const OYL_ECDSA_FORMS = ['sdk', 'bip137'] as const;
export type OylEcdsaForm = (typeof OYL_ECDSA_FORMS)[number];

export interface OylSettings {
  /** sdk: @oyl/sdk's raw r‖s over sha256(message) (the default); bip137: a "Bitcoin Signed Message" signature. */
  oylEcdsa: OylEcdsaForm;
}

export const oylSettings = {
  oylEcdsa: choiceSetting<OylEcdsaForm>(
    [
      ['sdk', "@oyl/sdk's: ECDSA r‖s over sha256(message), 64 bytes"],
      ['bip137', 'Bitcoin Signed Message (BIP-137 header, 65 bytes)'],
    ],
    'sdk',
    'Oyl ECDSA message signature',
    { flag: 'oyl-ecdsa', help: `${OYL_ECDSA_FORMS.join(' | ')}: what signMessage's protocol 'ecdsa' answers (default: sdk)` },
  ),
};
