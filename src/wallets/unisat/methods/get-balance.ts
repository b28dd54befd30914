// getBalance: a read a connected site makes with no window (docs/reference/unisat.md §3.3); the mock
// has no chain, so the balance is the bitcoinBalance setting.
import { noArgs, unisatQuery } from './dialect.ts';

export const getBalance = unisatQuery('getBalance', 'site', noArgs('getBalance'), async (_params, { settings }) => ({
  result: { confirmed: settings.bitcoinBalance, unconfirmed: 0, total: settings.bitcoinBalance },
}));
