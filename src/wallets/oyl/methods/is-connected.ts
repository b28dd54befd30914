// isConnected: whether the calling site has connected (docs/reference/oyl.md §3.1); no window, no connection needed.
import { noArgs, oylQuery } from './dialect.ts';

export const isConnected = oylQuery('isConnected', undefined, noArgs('isConnected'), async (_params, context) => ({
  result: context.site?.grant !== undefined,
}));
