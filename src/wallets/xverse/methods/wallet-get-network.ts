// wallet_getNetwork (Xverse): the wallet's network, capitalised as Xverse names it, for a site with network read (docs/reference/xverse.md §3.1).
import { networkObject } from '../account.ts';
import { noParams, xverseQuery } from './dialect.ts';

export const walletGetNetwork = xverseQuery(
  'wallet_getNetwork',
  'network',
  (raw) => noParams('wallet_getNetwork', raw),
  async (_params, { target }) => ({ result: networkObject(target.network) }),
);
