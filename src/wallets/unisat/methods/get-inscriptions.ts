// getInscriptions: a connected site's read with no window (docs/reference/unisat.md §3.3); the mock has
// no chain, so there are none to list.
import { argsOf, failure, unisatQuery } from './dialect.ts';

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
