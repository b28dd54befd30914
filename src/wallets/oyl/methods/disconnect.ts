// disconnect: the site's connection goes (docs/reference/oyl.md §3.1). A site not connected is answered too:
// bigmi calls it after a refused connect.
import { noArgs, oylQuery } from './dialect.ts';

/** Its frames hear accountsChanged [] (the record's revokedEvent); the page resolves undefined. */
export const disconnect = oylQuery('disconnect', undefined, noArgs('disconnect'), async (_params, context) => ({
  result: null,
  ...(context.site?.grant && { grant: null }),
}));
