// disconnect: the site's connection goes (docs/reference/unisat.md §3.1).
import { noArgs, unisatQuery } from './dialect.ts';

/** The site's connection goes; its frames hear accountsChanged [] (the record's revokedEvent). Resolves undefined. */
export const disconnect = unisatQuery('disconnect', 'site', noArgs('disconnect'), async () => ({ result: null, grant: null }));
