// What the wallet answers for given settings, computed in Node by the code the extension and the CLI run.
import type { GetAddressesResult } from '../core/addresses.ts';
import { KeyRing } from '../core/keyring.ts';
import type { Chain } from '../core/params.ts';
import { applySettingsPatch, defaultSettings, type Settings } from '../core/settings.ts';
import { grantKey } from '../core/site-grant.ts';
import { approvedResponse } from '../core/wallet.ts';
import { walletFor } from '../wallets/index.ts';
import type { ExpectedCommon } from '../wallets/record.ts';
import type { ExpectedXverseAddresses, ExpectedXverseAddressesOptions } from '../wallets/xverse/expected.ts';

import type { ExpectedUnisatAddressesOptions } from '../wallets/unisat/expected.ts';
import type { ExpectedOkxAddressesOptions } from '../wallets/okx/expected.ts';

export type { ExpectedXverseAddresses, ExpectedXverseAddressesOptions } from '../wallets/xverse/expected.ts';
export type { ExpectedUnisatAddressesOptions } from '../wallets/unisat/expected.ts';
export type { ExpectedOkxAddressesOptions } from '../wallets/okx/expected.ts';

export interface ExpectedAddressesOptions
  extends ExpectedCommon,
    Partial<
      Pick<
        Settings,
        'variant' | 'missingEntries' | 'taprootKeyField' | 'strictParams' | 'entryOrder' | 'shuffleSeed' | 'extraEntries' | 'malformedDerivationPath'
      >
    > {
  identity?: undefined;
  /** The request's `chains` param (the second variant uses it; the first and leather variants ignore it, as the wallet does). */
  chains?: Chain[];
}

const ring = new KeyRing();

/**
 * The `result` the wallet gives an approved getAddresses for these settings: compare it with
 * what your app shows. Settings not given are the wallet's defaults. A bad option throws.
 * With `identity: 'xverse'`, Xverse's getAddresses result for `purposes`; with `identity: 'unisat'`,
 * UniSat's requestAccounts result: [address]; with `identity: 'okx'`, that of the network's provider object.
 */
export async function expectedAddresses(options?: ExpectedAddressesOptions): Promise<GetAddressesResult>;
export async function expectedAddresses(options: ExpectedXverseAddressesOptions): Promise<ExpectedXverseAddresses>;
export async function expectedAddresses(options: ExpectedUnisatAddressesOptions | ExpectedOkxAddressesOptions): Promise<string[]>;
export async function expectedAddresses(
  options: ExpectedAddressesOptions | ExpectedXverseAddressesOptions | ExpectedUnisatAddressesOptions | ExpectedOkxAddressesOptions = {},
): Promise<GetAddressesResult | ExpectedXverseAddresses | string[]> {
  const { account = 0, identity, chains, purposes, ...patch } = { chains: undefined, purposes: undefined, ...options };
  const wallet = walletFor(identity);
  const settings = applySettingsPatch(defaultSettings(), { ...patch, activeAccount: account });
  // A wallet with per-site permissions answers a site that may read the account and the network.
  const site = wallet.accessDenied ? { origin: 'expected', grant: { accounts: [grantKey(settings.network, account)], readNetwork: true } } : undefined;
  const params = wallet.addressRequest({ ...(chains && { chains }), ...(purposes && { purposes }) });
  const response = await approvedResponse(ring, settings, 'expected', wallet.addressMethod(settings.network), params, undefined, {
    ...(identity && { identity }),
    ...(site && { site }),
  });
  if ('error' in response)
    throw new Error(
      `expectedAddresses: the wallet, as ${wallet.title}, would answer error ${response.error.code}: ${response.error.message} ${JSON.stringify(response.error.data ?? '')}`.trimEnd(),
    );
  return response.result as GetAddressesResult | ExpectedXverseAddresses | string[];
}
