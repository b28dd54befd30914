// Fordefi, as a delta on Xverse's (docs/xverse.md, "Fordefi"): Xverse's JSON-RPC request() and addListener
// at window.FordefiProviders.UtxoProvider, flagged isFordefi, found by sats-connect (@sats-connect/core
// 0.10.0 src/adapters/fordefi.ts, DefaultAdaptersInfo.fordefi) and @stacks/connect 8.2.7 (its provider list,
// which treats an isFordefi provider as Xverse's). Its extension is closed: Xverse's answers, permissions,
// events and keys are this mock's reading of it.
import type { WalletRecord } from '../record.ts';
import { type XverseTypes, xverse } from '../xverse/index.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    fordefi: XverseTypes;
  }
}

export const fordefi: WalletRecord<'fordefi'> = {
  ...xverse,
  name: 'fordefi',
  title: 'Fordefi',
  summary: "window.FordefiProviders.UtxoProvider (sats-connect, @stacks/connect): Xverse's API, flagged isFordefi.",
  docs: 'docs/xverse.md',
  // Both pickers list it by this name (@sats-connect/core DefaultAdaptersInfo.fordefi; @stacks/connect's provider list).
  // Not Reown AppKit's: its sats-connect (3.5.0) finds wallets in btc_providers only, where this Fordefi has no entry.
  pickers: { stacksConnect: 'Fordefi', satsConnect: 'Fordefi' },
};
