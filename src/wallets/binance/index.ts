// Binance Web3 Wallet, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.binancew3w.bitcoin,
// found by bigmi's binance connector, Reown (binancew3w), Dynamic, LaserEyes (binance). Its extension is closed: UniSat's behaviour and keys are this mock's
// reading of it, as the connectors that drive it read it (npm @bigmi/client 0.10.1, src/connectors/binance.ts).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    binance: UnisatTypes;
  }
}

export const binance: WalletRecord<'binance'> = {
  ...unisat,
  name: 'binance',
  title: 'Binance Web3 Wallet',
  summary: "window.binancew3w.bitcoin (bigmi, Reown, Dynamic, LaserEyes): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('Binance Web3 Wallet'),
  // Not in sats-connect's or @stacks/connect's; Reown AppKit lists it
  // (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/utils/UnisatUtil.js UNISAT_CONNECTORS).
  pickers: { appKit: 'Binance Web3 Wallet' },
};
