// The six network names dApps send, and what each means for keys and addresses.
// One table: every other module looks networks up here.
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';

export const NETWORK_NAMES = ['mainnet', 'testnet', 'testnet4', 'signet', 'regtest', 'devnet'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

export interface NetworkInfo {
  /** BIP-44 coin type used in m/purpose'/coin'/account'. */
  coin: 0 | 1;
  /** Address parameters for @scure/btc-signer. */
  btc: BTC_NETWORK;
  /** Stacks address family: SP… (mainnet) or ST… (everything else). */
  stacks: 'mainnet' | 'testnet';
  /** Block explorer for a BTC address, for apps and the approval window. */
  explorer: (address: string) => string;
}

const MAIN: BTC_NETWORK = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 };
const TEST: BTC_NETWORK = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
// Regtest keeps testnet's base58 versions but has its own bech32 prefix.
const REGTEST: BTC_NETWORK = { ...TEST, bech32: 'bcrt' };

export const NETWORKS: Readonly<Record<NetworkName, NetworkInfo>> = {
  mainnet: { coin: 0, btc: MAIN, stacks: 'mainnet', explorer: (a) => `https://mempool.space/address/${a}` },
  testnet: { coin: 1, btc: TEST, stacks: 'testnet', explorer: (a) => `https://mempool.space/testnet/address/${a}` },
  // BIP-94's test network: testnet's address and key versions (tb1), another chain.
  testnet4: { coin: 1, btc: TEST, stacks: 'testnet', explorer: (a) => `https://mempool.space/testnet4/address/${a}` },
  signet: { coin: 1, btc: TEST, stacks: 'testnet', explorer: (a) => `https://mempool.space/signet/address/${a}` },
  // No public explorer exists for a local chain; point at a local mempool instance.
  regtest: { coin: 1, btc: REGTEST, stacks: 'testnet', explorer: (a) => `http://localhost:8083/address/${a}` },
  devnet: { coin: 1, btc: REGTEST, stacks: 'testnet', explorer: (a) => `http://localhost:8083/address/${a}` },
};

export function isNetworkName(value: unknown): value is NetworkName {
  return typeof value === 'string' && (NETWORK_NAMES as readonly string[]).includes(value);
}

/**
 * The real wallet's network ids (docs/reference/leather.md §3.3) and the network of this
 * wallet each stands for. Other strings are not ids it knows.
 */
export const LEATHER_NETWORKS: Readonly<Record<string, NetworkName>> = {
  mainnet: 'mainnet',
  testnet: 'testnet',
  testnet4: 'testnet4',
  signet: 'signet',
  sbtcTestnet: 'devnet',
  sbtcDevenv: 'devnet',
  devnet: 'devnet',
};

export function leatherNetwork(value: unknown): NetworkName | undefined {
  return typeof value === 'string' && Object.hasOwn(LEATHER_NETWORKS, value) ? LEATHER_NETWORKS[value] : undefined;
}

export const LEATHER_NETWORK_IDS: readonly string[] = Object.keys(LEATHER_NETWORKS);

/** What getAddresses accepts: the real wallet's ids and this wallet's own network names. */
export const ADDRESS_NETWORK_IDS: readonly string[] = [...new Set([...LEATHER_NETWORK_IDS, ...NETWORK_NAMES])];

export function addressNetwork(value: unknown): NetworkName | undefined {
  return leatherNetwork(value) ?? (isNetworkName(value) ? value : undefined);
}
