// getNetwork, switchNetwork, getChain, switchChain: the wallet's chain, read and switched without a connection (docs/reference/unisat.md §3.2).
import type { JsonValue } from '../../../core/json.ts';
import { NETWORK_NAMES, type NetworkName } from '../../../core/networks.ts';
import { UNISAT_CHAINS, chainOf, legacyNetworkName } from '../chains.ts';
import { argsOf, failure, noArgs, unisatMethod, unisatQuery } from './dialect.ts';

const OFFERED = UNISAT_CHAINS.filter((c) => c.ours).map((c) => c.enum);

/** The chain the wallet is on; a network UniSat has no chain for is said, not guessed. */
function currentChain(network: NetworkName) {
  const chain = chainOf(network);
  if (!chain) throw failure(`UniSat has no chain for this wallet's network ${network}; switch the wallet to ${NETWORK_NAMES.filter((n) => chainOf(n)).join(', ')} (docs/reference/unisat.md §3.2)`);
  return chain;
}

export const getNetwork = unisatQuery('getNetwork', undefined, noArgs('getNetwork'), async (_params, { settings }) => ({ result: legacyNetworkName(settings.network) }));

export const getChain = unisatQuery('getChain', undefined, noArgs('getChain'), async (_params, { settings }) => ({ result: { ...currentChain(settings.network) } }));

/** UniSat's names: 0, 'livenet' and 'mainnet' are mainnet; 'testnet' is Bitcoin testnet (testnet3). */
function switchedNetwork(raw: JsonValue | undefined): NetworkName {
  const [network] = argsOf('switchNetwork', raw, '["testnet"]');
  if (network === 0 || network === 'livenet' || network === 'mainnet') return 'mainnet';
  if (network === 'testnet') return 'testnet';
  throw failure('the network is invalid, supported networks: livenet,testnet');
}

/**
 * A window, skipped when the wallet is already on that network type; either way the wallet ends on
 * Bitcoin mainnet or testnet (so 'testnet' from signet moves to testnet at once, as UniSat's code does).
 */
export const switchNetwork = unisatMethod<{ network: NetworkName }>({
  name: 'switchNetwork',
  kind: 'sign',
  parse: (raw) => ({ network: switchedNetwork(raw) }),
  answersAtOnce: ({ network }, _site, settings) => chainOf(settings.network)?.network === chainOf(network)!.network,
  view: ({ network }, { settings }) => ({ title: 'Switch network', fields: [{ label: 'Network', value: `${legacyNetworkName(settings.network)} → ${legacyNetworkName(network)}` }], tables: [] }),
  respond: async ({ network }, { settings }) => ({ result: chainOf(network)!.network, ...(network !== settings.network && { settings: { network } }) }),
});

function switchedChain(raw: JsonValue | undefined): NetworkName {
  const [chain] = argsOf('switchChain', raw, '["BITCOIN_TESTNET"]');
  const known = UNISAT_CHAINS.find((c) => c.enum === chain);
  if (!known) throw failure(`the chain is invalid, supported chains: ${UNISAT_CHAINS.map((c) => c.enum).join(',')}`);
  if (!known.ours) throw failure(`this mock wallet does not offer ${known.enum}: its chains are ${OFFERED.join(', ')} (docs/reference/unisat.md §3.2)`);
  return known.ours;
}

/** A window, skipped when the wallet is on that chain already; answers the chain it is on after. */
export const switchChain = unisatMethod<{ network: NetworkName }>({
  name: 'switchChain',
  kind: 'sign',
  parse: (raw) => ({ network: switchedChain(raw) }),
  answersAtOnce: ({ network }, _site, settings) => network === settings.network,
  view: ({ network }, { settings }) => ({ title: 'Switch chain', fields: [{ label: 'Chain', value: `${chainOf(settings.network)?.name ?? settings.network} → ${chainOf(network)!.name}` }], tables: [] }),
  respond: async ({ network }, { settings }) => ({ result: { ...chainOf(network)! }, ...(network !== settings.network && { settings: { network } }) }),
});
