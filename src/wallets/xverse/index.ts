// Xverse, as its extension answers the page (docs/xverse.md): its dialect, per-site permissions,
// its own Stacks key, its events, the active account signing, -32000 for a rejection.
import { RpcError } from '../../core/rpc.ts';
import type { WalletRecord } from '../record.ts';
import type { XverseAddress, XverseNetworkObject, XversePurpose } from './account.ts';
import { type XverseSettings, xverseSettings } from './settings.ts';
import { eventsFor } from './events.ts';
import { ACCESS_DENIED, XVERSE_ERROR, withXverseStacksKey } from './methods/dialect.ts';
import { XVERSE_METHODS, xverseUnknownMethod } from './methods/index.ts';
import { XVERSE_PICKER_NAME, XVERSE_PROVIDER_INFO } from './provider-info.ts';
import { xverseRules } from './usage.ts';

/** What Xverse adds to the shared types (core/wallet-types.ts); Fordefi, with its API, has the same. */
export interface XverseTypes {
  settings: XverseSettings;
  rules: 'xverse-not-connected';
  /** Its getAddresses answer, for the purposes asked (default: all three, in Xverse's order). */
  expected: { options: Partial<XverseSettings> & { purposes?: XversePurpose[] }; result: { addresses: XverseAddress[]; network: XverseNetworkObject } };
}

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    xverse: XverseTypes;
  }
}

export const xverse: WalletRecord<'xverse'> = {
  name: 'xverse',
  title: 'Xverse',
  summary: "window.XverseProviders, answering in Xverse's dialect (sats-connect, and Xverse in @stacks/connect's picker).",
  docs: 'docs/xverse.md',
  settings: xverseSettings,
  answers: 'envelope',
  methods: XVERSE_METHODS,
  unknownMethod: xverseUnknownMethod,
  rejectionCode: XVERSE_ERROR.USER_REJECTION,
  signer: 'active',
  accessDenied: () => new RpcError(XVERSE_ERROR.ACCESS_DENIED, ACCESS_DENIED),
  keepsConnections: false,
  adaptContext: withXverseStacksKey,
  events: eventsFor,
  revokedEvent: { type: 'disconnect' },
  usageRules: xverseRules,
  ruleNames: ['xverse-not-connected'],
  // All three by default, in Xverse's order.
  addressMethod: () => 'getAddresses',
  addressRequest: ({ purposes = ['ordinals', 'payment', 'stacks'] }) => ({ purposes: [...purposes] }),
  // @sats-connect/core DefaultAdaptersInfo.xverse names it "Xverse"; Reown AppKit lists its btc_providers entry by its name.
  pickers: { stacksConnect: XVERSE_PICKER_NAME, satsConnect: 'Xverse', appKit: XVERSE_PROVIDER_INFO.entry.name },
};
