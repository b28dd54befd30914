// Wizz, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.wizz,
// found by LaserEyes (its wizz provider). Its extension is closed: UniSat's behaviour and keys are this mock's reading of it, as
// the connector that drives it reads it (@omnisat/lasereyes-core 0.0.85, dist/index.js).
import type { WalletRecord } from '../record.ts';
import { unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

export const wizz: WalletRecord = {
  ...unisat,
  name: 'wizz',
  title: 'Wizz',
  usageRules: lookalikeRules('Wizz'),
  // In no picker (sats-connect, @stacks/connect and Reown AppKit do not list it).
  pickers: {},
};
