// switchChain: a window, then the wallet on that chain (docs/reference/unisat.md §3.2).
import type { JsonValue } from '../../../core/json.ts';
import type { NetworkName } from '../../../core/networks.ts';
import { UNISAT_CHAINS, chainOf } from '../chains.ts';
import { argsOf, failure, unisatMethod } from './dialect.ts';

const OFFERED = UNISAT_CHAINS.filter((c) => c.ours).map((c) => c.enum);

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
  view: ({ network }, { settings }) => ({
    title: 'Switch chain',
    fields: [{ label: 'Chain', value: `${chainOf(settings.network)?.name ?? settings.network} → ${chainOf(network)!.name}` }],
    tables: [],
  }),
  respond: async ({ network }, { settings }) => ({ result: { ...chainOf(network)! }, ...(network !== settings.network && { settings: { network } }) }),
});
