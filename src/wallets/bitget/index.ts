// Bitget, as a delta on UniSat's (docs/unisat.md, "Look-alikes"): UniSat's API at window.bitkeep.unisat,
// found by bigmi's bitget connector, Reown (bitget), Dynamic's BitgetConnector. Its extension is closed: UniSat's behaviour and keys are this mock's
// reading of it, as the connectors that drive it read it (npm @bigmi/client 0.10.1, src/connectors/bitget.ts).
import type { WalletRecord } from '../record.ts';
import { type UnisatTypes, unisat } from '../unisat/index.ts';
import { lookalikeRules } from '../unisat/usage.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    bitget: UnisatTypes;
  }
}

export const bitget: WalletRecord<'bitget'> = {
  ...unisat,
  name: 'bitget',
  title: 'Bitget',
  summary: "window.bitkeep.unisat (bigmi, Reown, Dynamic): UniSat's API and keys.",
  docs: 'docs/unisat.md',
  usageRules: lookalikeRules('Bitget'),
  // Not in sats-connect's or @stacks/connect's; Reown AppKit lists it
  // (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/utils/UnisatUtil.js UNISAT_CONNECTORS).
  pickers: { appKit: 'Bitget Wallet' },
};
