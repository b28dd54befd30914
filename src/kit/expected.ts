// What the wallet answers for given settings, computed in Node by the code the extension and the CLI run.
import type { GetAddressesResult } from '../core/addresses.ts';
import { KeyRing } from '../core/keyring.ts';
import type { Chain } from '../core/params.ts';
import { applySettingsPatch, defaultSettings, type Settings } from '../core/settings.ts';
import { grantKey } from '../core/site-grant.ts';
import { approvedResponse } from '../core/wallet.ts';
import type { XverseAddress, XverseNetworkObject, XversePurpose } from '../wallets/xverse/account.ts';

type Common = Partial<Pick<Settings, 'mnemonic' | 'passphrase' | 'network'>> & {
  /** 0-based, as in the derivation path (default 0). */
  account?: number;
};

export interface ExpectedAddressesOptions extends Common, Partial<Pick<Settings, 'variant' | 'missingEntries' | 'taprootKeyField' | 'strictParams' | 'entryOrder' | 'shuffleSeed' | 'extraEntries' | 'malformedDerivationPath'>> {
  identity?: undefined;
  /** The request's `chains` param (the second variant uses it; the first and leather variants ignore it, as the wallet does). */
  chains?: Chain[];
}

/** Xverse's getAddresses answer: `identity: 'xverse'`, and the purposes asked (default: all three, in Xverse's order). */
export interface ExpectedXverseAddressesOptions extends Common, Partial<Pick<Settings, 'xversePaymentType'>> {
  identity: 'xverse';
  purposes?: XversePurpose[];
}

export interface ExpectedXverseAddresses {
  addresses: XverseAddress[];
  network: XverseNetworkObject;
}

const ring = new KeyRing();

/**
 * The `result` the wallet gives an approved getAddresses for these settings: compare it with
 * what your app shows. Settings not given are the wallet's defaults. A bad option throws.
 * With `identity: 'xverse'`, Xverse's getAddresses result for `purposes`.
 */
export async function expectedAddresses(options?: ExpectedAddressesOptions): Promise<GetAddressesResult>;
export async function expectedAddresses(options: ExpectedXverseAddressesOptions): Promise<ExpectedXverseAddresses>;
export async function expectedAddresses(options: ExpectedAddressesOptions | ExpectedXverseAddressesOptions = {}): Promise<GetAddressesResult | ExpectedXverseAddresses> {
  if (options.identity === 'xverse') {
    const { account = 0, purposes = ['ordinals', 'payment', 'stacks'], identity: _, ...patch } = options;
    const settings = applySettingsPatch(defaultSettings(), { ...patch, activeAccount: account });
    const site = { origin: 'expected', grant: { accounts: [grantKey(settings.network, account)], readNetwork: true } };
    const response = await approvedResponse(ring, settings, 'expected', 'getAddresses', { purposes }, undefined, { identity: 'xverse', site });
    if ('error' in response) throw new Error(`expectedAddresses: Xverse would answer error ${response.error.code}: ${response.error.message} ${JSON.stringify(response.error.data ?? '')}`);
    return response.result as ExpectedXverseAddresses;
  }
  const { account = 0, chains, identity: _, ...patch } = options;
  const settings = applySettingsPatch(defaultSettings(), { ...patch, activeAccount: account });
  const response = await approvedResponse(ring, settings, 'expected', 'getAddresses', chains === undefined ? undefined : { chains });
  if ('error' in response) throw new Error(`expectedAddresses: the wallet would answer error ${response.error.code}: ${response.error.message}`);
  return response.result as GetAddressesResult;
}
