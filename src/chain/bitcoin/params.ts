// Regtest's consensus numbers and Bitcoin Core 29's default relay policy: the numbers a
// transaction meets when a regtest bitcoind (bitcoin/bitcoin v29.0) is asked to relay it.
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { NETWORKS } from '../../core/networks.ts';

/** Address prefixes: `bcrt1…`, testnet's base58 versions (src/kernel/chainparams.cpp, CRegTestParams). */
export const REGTEST: BTC_NETWORK = NETWORKS.regtest.btc;

/** 50 BTC, halving every 150 blocks on regtest (chainparams.cpp: nSubsidyHalvingInterval = 150). */
export function subsidy(height: number): bigint {
  const halvings = Math.floor(height / 150);
  return halvings >= 64 ? 0n : 5_000_000_000n >> BigInt(halvings);
}

/** A coinbase output is spendable 100 blocks after its block (consensus/consensus.h COINBASE_MATURITY). */
export const COINBASE_MATURITY = 100;
/** The regtest genesis block (chainparams.cpp): its coinbase is not in the UTXO set. */
export const GENESIS = {
  hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  time: 1296688602,
  bits: 0x207fffff,
  nonce: 2,
  merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  /** Its one transaction, shared with mainnet's genesis (chainparams.cpp CreateGenesisBlock). */
  coinbase:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
} as const;
/** Regtest's proof-of-work limit: a header hash at or below it (nearly every other one) is valid. */
export const POW_LIMIT_BITS = 0x207fffff;

/** Money supply bound (consensus/amount.h MAX_MONEY). */
export const MAX_MONEY = 21_000_000n * 100_000_000n;
/** policy/policy.h MAX_STANDARD_TX_WEIGHT; and the smallest standard non-witness size (MIN_STANDARD_TX_NONWITNESS_SIZE). */
export const MAX_STANDARD_TX_WEIGHT = 400_000;
export const MIN_STANDARD_TX_NONWITNESS_SIZE = 65;
/** Versions 1 to 3 are standard (policy/policy.h TX_MAX_STANDARD_VERSION, v3 = TRUC since v28). */
export const MAX_STANDARD_VERSION = 3;
/** -minrelaytxfee and -dustrelayfee defaults, sat per 1000 vB (policy/policy.h DEFAULT_MIN_RELAY_TX_FEE, DUST_RELAY_TX_FEE). */
export const MIN_RELAY_FEE_PER_KVB = 1000;
export const DUST_RELAY_FEE_PER_KVB = 3000;
/** One OP_RETURN output of at most 83 bytes of script is standard (policy/policy.h MAX_OP_RETURN_RELAY in v29). */
export const MAX_OP_RETURN_RELAY = 83;
/** BIP-125 rule 5: a replacement evicts at most this many transactions (policy/rbf.h MAX_REPLACEMENT_CANDIDATES). */
export const MAX_REPLACEMENT_CANDIDATES = 100;
/** Mempool package limits (policy/policy.h DEFAULT_ANCESTOR_LIMIT, DEFAULT_DESCENDANT_LIMIT). */
export const ANCESTOR_LIMIT = 25;
export const DESCENDANT_LIMIT = 25;
/** The CPFP carve-out's size bound, vB (policy/policy.h EXTRA_DESCENDANT_TX_SIZE_LIMIT). */
export const EXTRA_DESCENDANT_TX_SIZE_LIMIT = 10_000;
/** sendrawtransaction's default maxfeerate, 0.10 BTC/kvB (src/node/transaction.h DEFAULT_MAX_RAW_TX_FEE_RATE). */
export const MAX_RAW_TX_FEE_PER_KVB = 10_000_000;
/** One dust output is standard, in a transaction paying no fee (policy/policy.h MAX_DUST_OUTPUTS_PER_TX, ephemeral dust). */
export const MAX_DUST_OUTPUTS_PER_TX = 1;
