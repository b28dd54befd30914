// OP_NET, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.opnet,
// found by LaserEyes (its op-net provider). Its extension is closed: UniSat's behaviour and keys are this mock's reading of it, as
// the connector that drives it reads it (@omnisat/lasereyes-core 0.0.85, dist/index.js).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    opnet: UnisatTypes;
  }
}

export const opnet: WalletRecord<'opnet'> = {
  ...unisat,
  name: 'opnet',
  title: 'OP_NET',
  summary: "window.opnet (LaserEyes): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('OP_NET'),
  // In no picker (sats-connect, @stacks/connect and Reown AppKit do not list it).
  pickers: {},
};
