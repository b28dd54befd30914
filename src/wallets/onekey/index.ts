// OneKey, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.$onekey.btc,
// found by bigmi's onekey connector, Dynamic ($onekey.btc). Its extension is closed: UniSat's behaviour and keys are this mock's
// reading of it, as the connectors that drive it read it (npm @bigmi/client 0.10.1, src/connectors/onekey.ts).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    onekey: UnisatTypes;
  }
}

export const onekey: WalletRecord<'onekey'> = {
  ...unisat,
  name: 'onekey',
  title: 'OneKey',
  summary: "window.$onekey.btc (bigmi, Dynamic): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('OneKey'),
  // In no picker (sats-connect, @stacks/connect and Reown AppKit do not list it).
  pickers: {},
};
