// UniSat, as its extension answers window.unisat (docs/reference/unisat.md): positional arguments, one
// address per account, a per-site connection every method but the network ones asks for first, bare
// results and { code, message } rejections, its events.
import { RpcError } from '../../core/rpc.ts';
import type { WalletRecord } from '../record.ts';
import { type UnisatSettings, unisatSettings } from './settings.ts';
import { unisatEvents } from './events.ts';
import { withUnisatKeys } from './methods/dialect.ts';
import { UNISAT_METHODS, unisatUnknownMethod } from './methods/index.ts';
import { unisatRules } from './usage.ts';
import { UNAUTHORIZED, UNISAT_ERROR } from './words.ts';

/** What UniSat adds to the shared types (core/wallet-types.ts); its look-alikes have the same. */
export interface UnisatTypes {
  settings: UnisatSettings;
  rules: 'unisat-not-connected' | 'unisat-one-approval';
  /** requestAccounts' answer: [address]. */
  expected: { options: Partial<UnisatSettings>; result: string[] };
}

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    unisat: UnisatTypes;
  }
}

export const unisat: WalletRecord<'unisat'> = {
  name: 'unisat',
  title: 'UniSat',
  summary: "window.unisat (LaserEyes, sats-connect, Reown, bigmi, Dynamic): one address per account, at m/<purpose>'/0'/0'/0/N on every network.",
  docs: 'docs/unisat.md',
  settings: unisatSettings,
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
  ruleNames: ['unisat-not-connected', 'unisat-one-approval'],
  addressMethod: () => 'requestAccounts',
  addressRequest: () => undefined,
  // Not in @stacks/connect's modal; sats-connect's selector (@sats-connect/core DefaultAdaptersInfo.unisat) lists it, and
  // Reown AppKit (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/utils/UnisatUtil.js UNISAT_CONNECTORS).
  pickers: { satsConnect: 'Unisat', appKit: 'Unisat Wallet' },
  cli: {
    help: 'methods take their arguments in order (--params \'["Hello","ecdsa"]\'); the answer is printed bare, as the page\'s promise gets it, and a rejection as the { code, message } it rejects with',
    example: 'call signMessage --as unisat --params \'["Hello World","bip322-simple"]\'',
  },
};
