// getBalance, getBalanceV2, getInscriptions, getBitcoinUtxos, getVersion: reads a connected site makes
// with no window (docs/reference/unisat.md §3.3). The mock has no chain: the balance is the
// bitcoinBalance setting, and there are no inscriptions or UTXOs to list.
import { argsOf, failure, noArgs, unisatQuery } from './dialect.ts';

/** The UniSat release whose code this identity follows (docs/reference/unisat.md §0). */
export const UNISAT_VERSION = '1.7.4';

export const getBalance = unisatQuery('getBalance', 'site', noArgs('getBalance'), async (_params, { settings }) => ({
  result: { confirmed: settings.bitcoinBalance, unconfirmed: 0, total: settings.bitcoinBalance },
}));

export const getBalanceV2 = unisatQuery('getBalanceV2', 'site', noArgs('getBalanceV2'), async (_params, { settings }) => ({
  result: { available: settings.bitcoinBalance, unavailable: 0, total: settings.bitcoinBalance },
}));

/** cursor and size must be numbers (the page script fills in 0 and 20 when the app gives none). */
export const getInscriptions = unisatQuery(
  'getInscriptions',
  'site',
  (raw) => {
    const [cursor = 0, size = 20] = argsOf('getInscriptions', raw, '[0, 20]');
    if (typeof cursor !== 'number' || typeof size !== 'number') throw failure('cursor and size is required');
    return null;
  },
  async () => ({ result: { list: [], total: 0 } }),
);

/** UniSat ignores its arguments. */
export const getBitcoinUtxos = unisatQuery('getBitcoinUtxos', 'site', () => null, async () => ({ result: [] }));

export const getVersion = unisatQuery('getVersion', 'site', noArgs('getVersion'), async () => ({ result: UNISAT_VERSION }));
