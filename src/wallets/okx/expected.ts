// The kits' expectedAddresses for OKX (src/kit/expected.ts): requestAccounts of the network's provider object, [address].
import type { Settings } from '../../core/settings.ts';
import type { ExpectedCommon } from '../record.ts';

/** OKX's requestAccounts answer on `network`'s object (okxwallet.bitcoin for mainnet), for its address type. */
export interface ExpectedOkxAddressesOptions extends ExpectedCommon, Partial<Pick<Settings, 'okxAddressType'>> {
  identity: 'okx';
}
