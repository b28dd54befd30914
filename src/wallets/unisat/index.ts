// UniSat, as its extension answers window.unisat (docs/reference/unisat.md): positional arguments, one
// address per account, a per-site connection every method but the network ones asks for first, bare
// results and { code, message } rejections, its events.
import { RpcError } from '../../core/rpc.ts';
import type { WalletRecord } from '../record.ts';
import { unisatEvents } from './events.ts';
import { withUnisatKeys } from './methods/dialect.ts';
import { UNISAT_METHODS, unisatUnknownMethod } from './methods/index.ts';
import { unisatRules } from './usage.ts';
import { UNAUTHORIZED, UNISAT_ERROR } from './words.ts';

export const unisat: WalletRecord = {
  name: 'unisat',
  title: 'UniSat',
  answers: 'bare',
  methods: UNISAT_METHODS,
  unknownMethod: unisatUnknownMethod,
  rejectionCode: UNISAT_ERROR.REJECTED,
  signer: 'active',
  accessDenied: () => new RpcError(UNISAT_ERROR.UNAUTHORIZED, UNAUTHORIZED),
  keepsConnections: false,
  adaptContext: withUnisatKeys,
  events: unisatEvents,
  revokedEvent: { type: 'accountsChanged', payload: [] },
  usageRules: unisatRules,
  addressMethod: () => 'requestAccounts',
  addressRequest: () => undefined,
  // Not in @stacks/connect's modal; sats-connect's selector (@sats-connect/core DefaultAdaptersInfo.unisat) lists it, and
  // Reown AppKit (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/utils/UnisatUtil.js UNISAT_CONNECTORS).
  pickers: { satsConnect: 'Unisat', appKit: 'Unisat Wallet' },
  cliFlags: { 'address-type': 'unisatAddressType' },
};
