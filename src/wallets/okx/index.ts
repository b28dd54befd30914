// OKX's Bitcoin providers, as a delta on UniSat's (docs/reference/okx.md): one object per network under
// window.okxwallet, connect() and send(), both account events. OKX's extension is closed: what no public
// source shows is implemented as the docs' best reading and listed there as such.
import type { WalletRecord } from '../record.ts';
import { type OkxSettings, okxSettings } from './settings.ts';
import { unisat } from '../unisat/index.ts';
import { connectFirstRules } from '../unisat/usage.ts';
import { okxEvents } from './events.ts';
import { OKX_METHODS, asOkx, okxUnknownMethod } from './methods/index.ts';
import { objectOf } from './objects.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    /** connect()'s answer on the network's object, as LaserEyes, bigmi and Reown connect it. */
    okx: {
      settings: OkxSettings;
      rules: 'unisat-not-connected';
      expected: { options: Partial<OkxSettings>; result: { address: string; publicKey: string; compressedPublicKey: string } };
    };
  }
}

/** UniSat's record (bare answers, its codes and words, the active account signs, connect first) with OKX's own parts. */
export const okx: WalletRecord<'okx'> = {
  ...unisat,
  name: 'okx',
  title: 'OKX',
  summary: "window.okxwallet.bitcoin, .bitcoinTestnet and .bitcoinSignet (LaserEyes, Reown, bigmi, Dynamic): UniSat's API, one provider per network.",
  docs: 'docs/okx.md',
  settings: okxSettings,
  methods: OKX_METHODS,
  unknownMethod: okxUnknownMethod,
  adaptContext: asOkx,
  events: okxEvents,
  usageRules: connectFirstRules('OKX', 'connect'),
  ruleNames: ['unisat-not-connected'],
  // The object for the network; regtest and devnet have none, and the method says so.
  addressMethod: (network) => `${objectOf(network) ?? network}.connect`,
  // Not in sats-connect's or @stacks/connect's; Reown AppKit's OKXConnector is named so
  // (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/connectors/OKXConnector.js).
  pickers: { appKit: 'OKX Wallet' },
  cli: {
    help: "UniSat's, and methods are named by their provider object: bitcoin.signMessage, bitcoinTestnet.connect, bitcoinSignet.signPsbt",
    example: 'call bitcoin.connect --as okx --address-type p2tr',
  },
};
