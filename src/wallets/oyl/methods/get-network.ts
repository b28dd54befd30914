// getNetwork: the wallet's network in Oyl's names, no connection needed (docs/reference/oyl.md §4).
import { oylNetworkName } from '../networks.ts';
import { noArgs, oylQuery } from './dialect.ts';

export const getNetwork = oylQuery('getNetwork', undefined, noArgs('getNetwork'), async (_params, { settings }) => ({
  result: oylNetworkName(settings.network),
}));
