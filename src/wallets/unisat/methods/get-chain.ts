// getChain: the wallet's chain, no connection needed (docs/reference/unisat.md §3.2).
import { NETWORK_NAMES, type NetworkName } from '../../../core/networks.ts';
import { chainOf } from '../chains.ts';
import { failure, noArgs, unisatQuery } from './dialect.ts';

/** The chain the wallet is on; a network UniSat has no chain for is said, not guessed. */
function currentChain(network: NetworkName) {
  const chain = chainOf(network);
  if (!chain)
    throw failure(
      `UniSat has no chain for this wallet's network ${network}; switch the wallet to ${NETWORK_NAMES.filter((n) => chainOf(n)).join(', ')} (docs/reference/unisat.md §3.2)`,
    );
  return chain;
}

export const getChain = unisatQuery('getChain', undefined, noArgs('getChain'), async (_params, { settings }) => ({
  result: { ...currentChain(settings.network) },
}));
