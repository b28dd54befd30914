// getBalanceV2: getBalance in UniSat's newer shape (docs/reference/unisat.md §3.3). UniSat's server counts
// coins holding inscriptions or runes as unavailable; this chain indexes neither, so every coin is available.
import { noArgs, unisatOf, unisatQuery } from './dialect.ts';

export const getBalanceV2 = unisatQuery('getBalanceV2', 'site', noArgs('getBalanceV2'), async (_params, context) => {
  const { confirmed, unconfirmed } = await context.bitcoin.balance((await unisatOf(context)).address);
  const total = Number(confirmed + unconfirmed);
  return { result: { available: total, unavailable: 0, total } };
});
