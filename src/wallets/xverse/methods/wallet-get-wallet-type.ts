// wallet_getWalletType (Xverse): 'software': this wallet's keys come from a mnemonic, never a Ledger or Keystone (docs/reference/xverse.md §3.1).
import { noParams, xverseQuery } from './dialect.ts';

export const walletGetWalletType = xverseQuery(
  'wallet_getWalletType',
  'account',
  (raw) => noParams('wallet_getWalletType', raw),
  async () => ({ result: 'software' }),
);
