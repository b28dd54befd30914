// getPublicKey (docs/reference/unisat.md §3.1).
import { noArgs, unisatOf, unisatQuery } from './dialect.ts';

/** The compressed key, hex, for every address type (the untweaked key for taproot). */
export const getPublicKey = unisatQuery('getPublicKey', 'site', noArgs('getPublicKey'), async (_params, context) => ({
  result: (await unisatOf(context)).publicKey,
}));
