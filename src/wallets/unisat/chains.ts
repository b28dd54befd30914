// UniSat's chains and legacy network names (docs/reference/unisat.md §3.2), and which of this wallet's networks each is.
import type { NetworkName } from '../../core/networks.ts';

export interface UnisatChain {
  enum: string;
  name: string;
  /** Its network type's name: Fractal testnet is a mainnet-type chain (bc1 addresses). */
  network: 'livenet' | 'testnet';
}

/** Every chain UniSat 1.7.4 lists, in its order; `ours` is the wallet network it is, where this mock has one. */
export const UNISAT_CHAINS: readonly (UnisatChain & { ours?: NetworkName })[] = [
  { enum: 'BITCOIN_MAINNET', name: 'Bitcoin', network: 'livenet', ours: 'mainnet' },
  { enum: 'BITCOIN_TESTNET', name: 'Bitcoin Testnet', network: 'testnet', ours: 'testnet' },
  { enum: 'BITCOIN_TESTNET4', name: 'Bitcoin Testnet4 (Beta)', network: 'testnet', ours: 'testnet4' },
  { enum: 'BITCOIN_SIGNET', name: 'Bitcoin Signet', network: 'testnet', ours: 'signet' },
  { enum: 'FRACTAL_BITCOIN_MAINNET', name: 'Fractal Bitcoin', network: 'livenet' },
  { enum: 'FRACTAL_BITCOIN_TESTNET', name: 'Fractal Bitcoin Testnet', network: 'livenet' },
];

/** The chain the wallet's network is; undefined for regtest and devnet, which UniSat has no chain for. */
export function chainOf(network: NetworkName): UnisatChain | undefined {
  const chain = UNISAT_CHAINS.find((c) => c.ours === network);
  return chain && { enum: chain.enum, name: chain.name, network: chain.network };
}

/** getNetwork's answer: 'livenet' and 'testnet' for Bitcoin's main and test chains (testnet4 too), 'unknown' for every other (signet included). */
export function legacyNetworkName(network: NetworkName): 'livenet' | 'testnet' | 'unknown' {
  return network === 'mainnet' ? 'livenet' : network === 'testnet' || network === 'testnet4' ? 'testnet' : 'unknown';
}
