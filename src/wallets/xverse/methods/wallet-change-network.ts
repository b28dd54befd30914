// wallet_changeNetwork (Xverse): a window; approving switches the wallet's network, and connected sites get networkChange (docs/reference/xverse.md §3.1).
import type { NetworkName } from '../../../core/networks.ts';
import { XVERSE_NETWORK_OF } from '../account.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { POPUP_CLOSED, REQUEST_REJECTED, invalid, paramsOf, xverseMethod } from './dialect.ts';
import { xverseNetwork } from './wallet-connect.ts';

export const walletChangeNetwork = xverseMethod(
  defineMethod<{ network: NetworkName }>({
    name: 'wallet_changeNetwork',
    kind: 'sign',
    gate: 'network',
    parse(raw, settings) {
      const network = xverseNetwork(paramsOf('wallet_changeNetwork', raw, "{ name: 'Testnet' }")['name'], 'name');
      if (network === settings.network) throw invalid('Network already active');
      return { network };
    },
    requestedAccount: () => undefined,
    // The window shows the wallet as it is; the switch is what approving does.
    network: (_params, settings) => settings.network,
    view: (params, { settings }) => ({
      title: 'Change network',
      fields: [{ label: 'Network', value: `${XVERSE_NETWORK_OF[settings.network]} → ${XVERSE_NETWORK_OF[params.network]}` }],
      tables: [],
    }),
    respond: async (params) => ({ result: null, settings: { network: params.network } }),
    rejection: { rejected: REQUEST_REJECTED, closed: POPUP_CLOSED },
  }),
);
