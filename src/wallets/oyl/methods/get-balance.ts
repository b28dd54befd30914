// getBalance: a connected site's read with no window (docs/reference/oyl.md §3.2): the coins of all four of the
// account's addresses on the chain, in satoshis; without a chain, the bitcoinBalance setting is the account's.
import { OYL_ENTRIES } from '../keys.ts';
import { noArgs, oylOf, oylQuery } from './dialect.ts';

export const getBalance = oylQuery('getBalance', 'site', noArgs('getBalance'), async (_params, context) => {
  const account = await oylOf(context);
  // The synthetic reader answers the setting for any one address: read it once.
  const addresses = context.bitcoin.url ? OYL_ENTRIES.map((name) => account[name].address) : [account.nativeSegwit.address];
  let confirmed = 0n;
  let unconfirmed = 0n;
  for (const address of addresses) {
    const balance = await context.bitcoin.balance(address);
    confirmed += balance.confirmed;
    unconfirmed += balance.unconfirmed;
  }
  return { result: { confirmed: Number(confirmed), unconfirmed: Number(unconfirmed), total: Number(confirmed + unconfirmed) } };
});
