// The account object Xverse answers wallet_connect and wallet_getAccount with (docs/reference/xverse.md §3.1): id, walletType, addresses, network.
import { addressList, networkObject, type XversePurpose } from '../account.ts';
import type { MethodContext } from '../../../core/methods/method.ts';
import { xverseOf } from './dialect.ts';

export async function accountResult(context: MethodContext, purposes?: readonly XversePurpose[]) {
  const account = await xverseOf(context);
  return { id: account.id, walletType: 'software', addresses: addressList(account, purposes), network: networkObject(context.target.network) };
}
