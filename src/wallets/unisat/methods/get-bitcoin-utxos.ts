// getBitcoinUtxos: a connected site's read with no window (docs/reference/unisat.md §3.3); the mock has
// no chain, so there are none to list.
import { unisatQuery } from './dialect.ts';

/** UniSat ignores its arguments. */
export const getBitcoinUtxos = unisatQuery(
  'getBitcoinUtxos',
  'site',
  () => null,
  async () => ({ result: [] }),
);
