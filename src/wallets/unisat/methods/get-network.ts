// getNetwork: the wallet's network in UniSat's legacy names, no connection needed (docs/reference/unisat.md §3.2).
import { legacyNetworkName } from '../chains.ts';
import { noArgs, unisatQuery } from './dialect.ts';

export const getNetwork = unisatQuery('getNetwork', undefined, noArgs('getNetwork'), async (_params, { settings }) => ({
  result: legacyNetworkName(settings.network),
}));
