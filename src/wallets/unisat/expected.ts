// The kits' expectedAddresses for UniSat (src/kit/expected.ts): its options; the answer is requestAccounts', [address].
import type { Settings } from '../../core/settings.ts';
import type { ExpectedCommon } from '../record.ts';

/** UniSat's requestAccounts answer: `identity: 'unisat'` (or a look-alike: 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr'), for its address type (default p2wpkh). */
export interface ExpectedUnisatAddressesOptions extends ExpectedCommon, Partial<Pick<Settings, 'unisatAddressType'>> {
  identity: 'unisat' | 'bitget' | 'binance' | 'onekey' | 'wizz' | 'opnet' | 'keplr';
}
