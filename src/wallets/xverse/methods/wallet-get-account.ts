// wallet_getAccount (Xverse): the connected account's id and all three addresses, as wallet_connect's fast path (docs/reference/xverse.md §3.1).
import { accountResult } from './connect-result.ts';
import { noParams, xverseQuery } from './dialect.ts';

export const walletGetAccount = xverseQuery(
  'wallet_getAccount',
  'account',
  (raw) => noParams('wallet_getAccount', raw),
  async (_params, context) => ({ result: await accountResult(context) }),
);
