// Wizz, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.wizz,
// found by LaserEyes (its wizz provider). Its extension is closed: UniSat's behaviour and keys are this mock's reading of it, as
// the connector that drives it reads it (@omnisat/lasereyes-core 0.0.85, dist/index.js).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    wizz: UnisatTypes;
  }
}

export const wizz: WalletRecord<'wizz'> = {
  ...unisat,
  name: 'wizz',
  title: 'Wizz',
  summary: "window.wizz (LaserEyes): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('Wizz'),
  // In no picker (sats-connect, @stacks/connect and Reown AppKit do not list it).
  pickers: {},
};
