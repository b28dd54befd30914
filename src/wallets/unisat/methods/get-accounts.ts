// getAccounts: the connected site's account (docs/reference/unisat.md §3.1).
import { noArgs, unisatOf, unisatQuery } from './dialect.ts';

/** No window: the current address to a connected site, [] to any other. */
export const getAccounts = unisatQuery('getAccounts', undefined, noArgs('getAccounts'), async (_params, context) => ({
  result: context.site?.grant ? [(await unisatOf(context)).address] : [],
}));
