// getAddresses: the connect request of the contract (docs/reference/contract.md §1–4). The person picks the account in the window.
import { shapeAddresses, type GetAddressesResult } from '../../../core/addresses.ts';
import { applyAnswerFaults } from '../../../core/faults.ts';
import { parseGetAddressesParams, type GetAddressesParams } from '../../../core/params.ts';
import type { Settings } from '../../../core/settings.ts';
import type { AccountKeys } from '../../../core/keys.ts';
import { defineMethod } from '../../../core/methods/method.ts';

/** The answer for an account's keys under the wallet's settings: also what the CLI and the kit print. */
export function addressesResult(keys: AccountKeys, settings: Settings, params: GetAddressesParams): GetAddressesResult {
  const entries = shapeAddresses(keys, settings.variant, params.chains, settings.missingEntries, settings.taprootKeyField);
  return { addresses: applyAnswerFaults(entries, keys, settings.variant, settings) };
}

export const getAddresses = defineMethod<GetAddressesParams>({
  name: 'getAddresses',
  kind: 'connect',
  parse: (params, settings) => parseGetAddressesParams(params, settings.variant, settings.strictParams),
  ignored: (params) => params.ignored ?? [],
  requestedAccount: () => undefined,
  network: (params, settings) => params.network ?? settings.network,
  view: (params) => ({ title: 'Connect request', fields: [{ label: 'Chains', value: params.chains.join(', ') }], tables: [] }),
  respond: async (params, { keys, settings }) => ({ result: addressesResult(keys, settings, params) }),
  // Kept from this wallet's first release; tests and apps match on them.
  rejection: { rejected: 'User rejected the request.', closed: 'User closed the approval window.' },
});
