// switchNetwork: a window, then the wallet on Bitcoin mainnet or testnet (docs/reference/unisat.md §3.2).
import type { JsonValue } from '../../../core/json.ts';
import type { NetworkName } from '../../../core/networks.ts';
import { chainOf, legacyNetworkName } from '../chains.ts';
import { argsOf, failure, unisatMethod } from './dialect.ts';

/** UniSat's names: 0, 'livenet' and 'mainnet' are mainnet; 'testnet' is Bitcoin testnet (testnet3). */
function switchedNetwork(raw: JsonValue | undefined): NetworkName {
  const [network] = argsOf('switchNetwork', raw, '["testnet"]');
  if (network === 0 || network === 'livenet' || network === 'mainnet') return 'mainnet';
  if (network === 'testnet') return 'testnet';
  throw failure('the network is invalid, supported networks: livenet,testnet');
}

/**
 * A window, skipped when the wallet is already on that network type; either way the wallet ends on
 * Bitcoin mainnet or testnet (so 'testnet' from signet moves to testnet at once, as UniSat's code does).
 */
export const switchNetwork = unisatMethod<{ network: NetworkName }>({
  name: 'switchNetwork',
  kind: 'sign',
  parse: (raw) => ({ network: switchedNetwork(raw) }),
  answersAtOnce: ({ network }, _site, settings) => chainOf(settings.network)?.network === chainOf(network)!.network,
  view: ({ network }, { settings }) => ({
    title: 'Switch network',
    fields: [{ label: 'Network', value: `${legacyNetworkName(settings.network)} → ${legacyNetworkName(network)}` }],
    tables: [],
  }),
  respond: async ({ network }, { settings }) => ({ result: chainOf(network)!.network, ...(network !== settings.network && { settings: { network } }) }),
});
