// What the wallet answers for given settings, computed in Node by the code the extension and the CLI run.
import type { GetAddressesResult } from '../core/addresses.ts';
import { KeyRing } from '../core/keyring.ts';
import type { Chain } from '../core/params.ts';
import { applySettingsPatch, defaultSettings, type Settings } from '../core/settings.ts';
import { approvedResponse } from '../core/wallet.ts';

export interface ExpectedAddressesOptions extends Partial<Pick<Settings, 'mnemonic' | 'passphrase' | 'network' | 'variant' | 'missingEntries' | 'taprootKeyField' | 'strictParams' | 'entryOrder' | 'shuffleSeed' | 'extraEntries' | 'malformedDerivationPath'>> {
  /** 0-based, as in the derivation path (default 0). */
  account?: number;
  /** The request's `chains` param (the second variant uses it; the first and leather variants ignore it, as the wallet does). */
  chains?: Chain[];
}

const ring = new KeyRing();

/**
 * The `result` the wallet gives an approved getAddresses for these settings: compare it with
 * what your app shows. Settings not given are the wallet's defaults. A bad option throws.
 */
export async function expectedAddresses(options: ExpectedAddressesOptions = {}): Promise<GetAddressesResult> {
  const { account = 0, chains, ...patch } = options;
  const settings = applySettingsPatch(defaultSettings(), { ...patch, activeAccount: account });
  const response = await approvedResponse(ring, settings, 'expected', 'getAddresses', chains === undefined ? undefined : { chains });
  if ('error' in response) throw new Error(`expectedAddresses: the wallet would answer error ${response.error.code}: ${response.error.message}`);
  return response.result as GetAddressesResult;
}
