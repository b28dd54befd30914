// getBalanceV2: getBalance in UniSat's newer shape (docs/reference/unisat.md §3.3), from the bitcoinBalance setting.
import { noArgs, unisatQuery } from './dialect.ts';

export const getBalanceV2 = unisatQuery('getBalanceV2', 'site', noArgs('getBalanceV2'), async (_params, { settings }) => ({
  result: { available: settings.bitcoinBalance, unavailable: 0, total: settings.bitcoinBalance },
}));
