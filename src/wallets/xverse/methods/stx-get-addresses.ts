// stx_getAddresses (Xverse): the connected account's Stacks entry, at once, no window (docs/reference/xverse.md §3.3).
import { addressList, networkObject } from '../account.ts';
import { optionalMessage, paramsOf, xverseOf, xverseQuery } from './dialect.ts';

export const xverseStxGetAddresses = xverseQuery(
  'stx_getAddresses',
  'account',
  (raw) => {
    if (raw !== undefined && raw !== null) optionalMessage(paramsOf('stx_getAddresses', raw, '{ message? }'));
    return null;
  },
  async (_params, context) => ({ result: { addresses: addressList(await xverseOf(context), ['stacks']), network: networkObject(context.target.network) } }),
);
