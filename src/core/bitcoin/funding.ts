// The mock has no coins: a transfer spends one synthetic output per address (docs/methods.md).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** What the synthetic funding output holds: 1 000 BTC. */
export const FUNDING_SATS = 100_000_000_000n;
/** The synthetic output an account spends: txid = SHA-256 of "mock-wallet funding <p2wpkh address>", output 0. */
export function fundingOutpoint(address: string): { txid: string; index: number } {
  return { txid: bytesToHex(sha256(new TextEncoder().encode(`mock-wallet funding ${address}`))), index: 0 };
}
