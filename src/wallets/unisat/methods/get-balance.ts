// getBalance: a read a connected site makes with no window (docs/reference/unisat.md §3.3): the
// account's coins on the chain, confirmed and not, in satoshis (UniSat's server sums them: /v5/address/balance);
// without a chain, the bitcoinBalance setting.
import { noArgs, unisatOf, unisatQuery } from './dialect.ts';

export const getBalance = unisatQuery('getBalance', 'site', noArgs('getBalance'), async (_params, context) => {
  const { confirmed, unconfirmed } = await context.bitcoin.balance((await unisatOf(context)).address);
  return { result: { confirmed: Number(confirmed), unconfirmed: Number(unconfirmed), total: Number(confirmed + unconfirmed) } };
});
