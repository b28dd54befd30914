// wallet_connect (Xverse): grants the site account read and network read; a connected site is answered at once (docs/reference/xverse.md §3.1).
import { XVERSE_NETWORKS, NETWORK_OF_XVERSE, XVERSE_NETWORK_OF, type XverseNetwork, type XversePurpose } from '../account.ts';
import type { NetworkName } from '../../../core/networks.ts';
import { canReadAccount, widen } from '../../../core/site-grant.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod, type WalletMethod } from '../../../core/methods/method.ts';
import { accountResult } from './connect-result.ts';
import { POPUP_CLOSED, invalid, optionalMessage, paramsOf, purposes, xverseMethod } from './dialect.ts';

export interface ConnectParams {
  purposes?: XversePurpose[];
  message?: string;
  /** The network the app asks for, when it differs from the wallet's: approving switches to it. */
  network?: NetworkName;
}

export function xverseNetwork(value: unknown, field: string): NetworkName {
  if (!(XVERSE_NETWORKS as readonly unknown[]).includes(value))
    throw invalid(`${field} must be one of ${XVERSE_NETWORKS.join(', ')}, got ${describe(value as string)}`);
  return NETWORK_OF_XVERSE[value as XverseNetwork]!;
}

export const connectMethod: WalletMethod<ConnectParams> = {
  name: 'wallet_connect',
  kind: 'connect',
  parse(raw) {
    if (raw === undefined || raw === null) return {};
    const params = paramsOf('wallet_connect', raw, '{ addresses?, message?, network? }');
    const asked = purposes(params['addresses'], 'addresses', false);
    const message = optionalMessage(params, 80);
    const network = params['network'] === undefined ? undefined : xverseNetwork(params['network'], 'network');
    return { ...(asked && { purposes: asked }), ...(message !== undefined && { message }), ...(network && { network }) };
  },
  // Connected already (this account, network read) and no other network asked: no window, every address.
  answersAtOnce: (params, { grant }, settings) =>
    canReadAccount(grant, settings.network, settings.activeAccount) &&
    grant!.readNetwork &&
    (params.network === undefined || params.network === settings.network),
  requestedAccount: () => undefined,
  network: (params, settings) => params.network ?? settings.network,
  view: (params, { settings, target }) => ({
    title: 'Connect request',
    fields: [
      { label: 'Addresses', value: (params.purposes ?? ['ordinals', 'payment', 'stacks']).join(', ') },
      ...(params.message !== undefined ? [{ label: 'Message', value: params.message }] : []),
      ...(target.network !== settings.network
        ? [{ label: 'Switches network', value: `${XVERSE_NETWORK_OF[settings.network]} → ${XVERSE_NETWORK_OF[target.network]}` }]
        : []),
    ],
    tables: [],
  }),
  async respond(params, context) {
    const { target, settings, site } = context;
    const fast = site !== undefined && connectMethod.answersAtOnce!(params, site, settings);
    const result = await accountResult(context, fast ? undefined : params.purposes);
    return {
      result,
      grant: widen(site?.grant, target.network, target.account, true),
      ...(target.network !== settings.network && { settings: { network: target.network } }),
    };
  },
  rejection: { rejected: POPUP_CLOSED, closed: POPUP_CLOSED },
};

export const walletConnect = xverseMethod(defineMethod(connectMethod));
