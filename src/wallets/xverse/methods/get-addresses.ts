// getAddresses (Xverse): the asked purposes of the connected account, at once, no window; -32002 before wallet_connect (docs/reference/xverse.md §3.2).
import { addressList, networkObject } from '../account.ts';
import { optionalMessage, paramsOf, purposes, xverseOf, xverseQuery } from './dialect.ts';

export const xverseGetAddresses = xverseQuery(
  'getAddresses',
  'account',
  (raw) => {
    const params = paramsOf('getAddresses', raw, "{ purposes: ['payment', 'ordinals'] }");
    optionalMessage(params); // shown by nothing: Xverse ignores it too
    return { purposes: purposes(params['purposes'], 'purposes', true)! };
  },
  async (params, context) => ({ result: { addresses: addressList(await xverseOf(context), params.purposes), network: networkObject(context.target.network) } }),
);
