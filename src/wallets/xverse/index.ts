// Xverse, as its extension answers the page (docs/xverse.md): its dialect, per-site permissions,
// its own Stacks key, its events, the active account signing, -32000 for a rejection.
import { RpcError } from '../../core/rpc.ts';
import type { WalletRecord } from '../record.ts';
import { eventsFor } from './events.ts';
import { ACCESS_DENIED, XVERSE_ERROR, withXverseStacksKey } from './methods/dialect.ts';
import { XVERSE_METHODS, xverseUnknownMethod } from './methods/index.ts';
import { XVERSE_PICKER_NAME, XVERSE_PROVIDER_INFO } from './provider-info.ts';
import { xverseRules } from './usage.ts';

export const xverse: WalletRecord = {
  name: 'xverse',
  title: 'Xverse',
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
  // All three by default, in Xverse's order.
  addressMethod: () => 'getAddresses',
  addressRequest: ({ purposes = ['ordinals', 'payment', 'stacks'] }) => ({ purposes: [...purposes] }),
  // @sats-connect/core DefaultAdaptersInfo.xverse names it "Xverse"; Reown AppKit lists its btc_providers entry by its name.
  pickers: { stacksConnect: XVERSE_PICKER_NAME, satsConnect: 'Xverse', appKit: XVERSE_PROVIDER_INFO.entry.name },
  cliFlags: { 'payment-type': 'xversePaymentType' },
};
