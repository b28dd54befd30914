// Keplr, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.keplr.bitcoin and window.bitcoin_keplr,
// found by LaserEyes (its keplr provider). Its extension is closed: UniSat's behaviour and keys are this mock's reading of it, as
// the connector that drives it reads it (@omnisat/lasereyes-core 0.0.85, dist/index.js).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    keplr: UnisatTypes;
  }
}

export const keplr: WalletRecord<'keplr'> = {
  ...unisat,
  name: 'keplr',
  title: 'Keplr',
  summary: "window.keplr.bitcoin and window.bitcoin_keplr (LaserEyes): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('Keplr'),
  // In no picker (sats-connect, @stacks/connect and Reown AppKit do not list it).
  pickers: {},
};
