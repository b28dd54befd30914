// The kits' expectedAddresses for Xverse (src/kit/expected.ts): its options and its answer's shape.
import type { Settings } from '../../core/settings.ts';
import type { ExpectedCommon } from '../record.ts';
import type { XverseAddress, XverseNetworkObject, XversePurpose } from './account.ts';

/** Xverse's getAddresses answer: `identity: 'xverse'` (or 'fordefi', its API), and the purposes asked (default: all three, in Xverse's order). */
export interface ExpectedXverseAddressesOptions extends ExpectedCommon, Partial<Pick<Settings, 'xversePaymentType'>> {
  identity: 'xverse' | 'fordefi';
  purposes?: XversePurpose[];
}

export interface ExpectedXverseAddresses {
  addresses: XverseAddress[];
  network: XverseNetworkObject;
}
