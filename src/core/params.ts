// getAddresses parameters, as each output variant of the contract defines them.
import { excerpt, isPlainRecord } from './json.ts';
import { ADDRESS_NETWORK_IDS, addressNetwork, type NetworkName } from './networks.ts';
import { invalidParams } from './rpc.ts';
import type { Variant } from './choices.ts';

export const CHAINS = ['bitcoin', 'stacks'] as const;
export type Chain = (typeof CHAINS)[number];

export interface GetAddressesParams {
  chains: readonly Chain[];
  /** Absent: the wallet's selected network. */
  network?: NetworkName;
  /** Parameters received and ignored (the first variant uses none; the real wallet's shape reads only network). */
  ignored?: string[];
}

const PARAM_NAMES = ['chains', 'network'];
const quote = (v: unknown): string => (typeof v === 'string' ? excerpt(v) : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);
/** Parameter names, echoed at most 40 characters each, at most 5 of them. */
const names = (keys: string[]): string =>
  keys
    .slice(0, 5)
    .map((k) => excerpt(k))
    .join(', ') + (keys.length > 5 ? ` and ${keys.length - 5} more` : '');

function isEmpty(params: unknown): boolean {
  if (params === undefined || params === null) return true;
  if (Array.isArray(params)) return params.length === 0;
  return isPlainRecord(params) && Object.keys(params).length === 0;
}

/**
 * Throws RpcError -32602 naming the offending field. The first variant uses no parameter:
 * it ignores them (after checking the contract's own ones are well formed), or, with
 * `strict`, refuses any.
 */
export function parseGetAddressesParams(params: unknown, variant: Variant, strict = false): GetAddressesParams {
  if (isEmpty(params)) return { chains: CHAINS };
  if (variant === 'first' && strict) {
    const named = isPlainRecord(params) ? names(Object.keys(params)) : quote(params);
    throw invalidParams(
      `getAddresses takes no parameters in this wallet's first variant (got ${named}; strictParams is on); switch the wallet to the second variant to use chains/network`,
    );
  }
  if (!isPlainRecord(params)) {
    throw invalidParams(`params must be an object such as { chains, network }, got ${quote(params)}`);
  }
  if (variant === 'leather') {
    // As the real wallet: network picks the keys; anything else (chains included) is not read.
    return { chains: CHAINS, ...parseNetwork(params['network']), ignored: Object.keys(params).filter((k) => k !== 'network') };
  }
  if (variant === 'first') {
    // Malformed values of the contract's parameters are still an error; well-formed ones change nothing here.
    parseChains(params['chains']);
    parseNetwork(params['network']);
    return { chains: CHAINS, ignored: Object.keys(params) };
  }
  const unknown = Object.keys(params).filter((k) => !PARAM_NAMES.includes(k));
  if (unknown.length > 0) {
    throw invalidParams(`unknown parameter ${names(unknown)}; getAddresses takes "chains" and "network"`);
  }
  return { chains: parseChains(params['chains']), ...parseNetwork(params['network']) };
}

function parseChains(chains: unknown): readonly Chain[] {
  if (chains === undefined) return CHAINS;
  if (!Array.isArray(chains)) throw invalidParams(`chains must be an array of "bitcoin" and/or "stacks", got ${quote(chains)}`);
  if (chains.length === 0) throw invalidParams('chains must not be empty; omit it to get both chains');
  const picked = new Set<Chain>();
  for (const [i, chain] of chains.entries()) {
    if (!(CHAINS as readonly unknown[]).includes(chain)) {
      throw invalidParams(`chains[${i}] must be "bitcoin" or "stacks", got ${quote(chain)}`);
    }
    if (picked.has(chain as Chain)) throw invalidParams(`chains lists "${chain}" twice`);
    picked.add(chain as Chain);
  }
  // Output order is fixed (bitcoin entries, then stacks), whatever order was asked.
  return CHAINS.filter((c) => picked.has(c));
}

/** The real wallet's network ids (testnet4, sbtcTestnet…) and this wallet's own names, each mapped to its network. */
function parseNetwork(value: unknown): { network?: NetworkName } {
  if (value === undefined) return {};
  const network = addressNetwork(value);
  if (!network) throw invalidParams(`network must be one of ${ADDRESS_NETWORK_IDS.join(', ')}, got ${quote(value)}`);
  return { network };
}
