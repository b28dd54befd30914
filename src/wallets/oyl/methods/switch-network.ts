// switchNetwork(name): a connected site asks the wallet onto another network, in a window (docs/reference/oyl.md §4).
// Its one argument is the name as a string, LaserEyes' network name.
import type { NetworkName } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { OYL_SWITCH_NAMES, oylNetworkName } from '../networks.ts';
import { argsOf, oylMethod } from './dialect.ts';

export const switchNetwork = oylMethod<{ network: NetworkName }>({
  name: 'switchNetwork',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const [name] = argsOf('switchNetwork', raw, '["testnet"]');
    const network = typeof name === 'string' && Object.hasOwn(OYL_SWITCH_NAMES, name) ? OYL_SWITCH_NAMES[name] : undefined;
    if (!network)
      throw invalidParams(
        `switchNetwork takes a network name, one of ${Object.keys(OYL_SWITCH_NAMES).join(', ')}; got ${name === undefined ? 'nothing' : describe(name)}`,
      );
    return { network };
  },
  // Already there (by Oyl's name: devnet is its regtest): answered at once, nothing changes.
  answersAtOnce: ({ network }, _site, settings) => oylNetworkName(settings.network) === oylNetworkName(network),
  view: ({ network }, { settings }) => ({
    title: 'Switch network',
    fields: [{ label: 'Network', value: `${oylNetworkName(settings.network)} → ${oylNetworkName(network)}` }],
    tables: [],
  }),
  respond: async ({ network }, { settings }) => ({
    result: null,
    ...(oylNetworkName(settings.network) !== oylNetworkName(network) && { settings: { network } }),
  }),
});
