// Oyl's network names and which of this wallet's networks each is (docs/reference/oyl.md §4).
import type { NetworkName } from '../../core/networks.ts';

/** What getNetwork answers: @oyl/sdk's names (devnet is a regtest), and testnet4 in LaserEyes' name, which the SDK lacks. */
export type OylNetwork = 'mainnet' | 'testnet' | 'testnet4' | 'signet' | 'regtest';

/** The names switchNetwork takes: getNetwork's, and 'oylnet' (Oyl's hosted regtest, bitcoinjs' regtest parameters). */
export const OYL_SWITCH_NAMES: Readonly<Record<string, NetworkName>> = {
  mainnet: 'mainnet',
  testnet: 'testnet',
  testnet4: 'testnet4',
  signet: 'signet',
  regtest: 'regtest',
  oylnet: 'regtest',
};

export const oylNetworkName = (network: NetworkName): OylNetwork => (network === 'devnet' ? 'regtest' : network);

/** BIP-44 coin type: 1' only on bitcoinjs' testnet parameters (testnet, signet); regtest keeps 0' (@oyl/sdk account.ts). */
export const oylCoin = (network: NetworkName): 0 | 1 => (network === 'testnet' || network === 'testnet4' || network === 'signet' ? 1 : 0);
