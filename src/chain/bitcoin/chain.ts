// A regtest chain in memory: blocks, the transactions in them and in the mempool, and who spent
// what. A transaction enters only as Bitcoin Core v29 would take it (MemPoolAccept::AcceptSingleTransaction,
// src/validation.cpp), its scripts run by bitcore-lib's interpreter. Every change goes through a
// journal, so a test's changes are undone in proportion to what it did.
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { Journal, type Snapshot } from './journal.ts';
import { DecodeError, NULL_TXID, decodeTx, isCoinbase, outpoint, type DecodedTx } from './transaction.ts';
import { RPC, Rejection, checkBurn, checkEphemeralDust, checkStandard, checkTransaction, isFinal } from './policy.ts';
import { verifyScripts, type Prevout } from './interpreter.ts';
import { coinbase, encodeHeader, merkleRoot, mineHeader } from './block.ts';
import {
  ANCESTOR_LIMIT,
  COINBASE_MATURITY,
  DESCENDANT_LIMIT,
  EXTRA_DESCENDANT_TX_SIZE_LIMIT,
  GENESIS,
  MAX_RAW_TX_FEE_PER_KVB,
  MAX_REPLACEMENT_CANDIDATES,
  MIN_RELAY_FEE_PER_KVB,
  subsidy,
} from './params.ts';
import { feeAt, feeRatePerKvB, formatFeeRate, formatMoney } from './money.ts';
import type { FeeRates } from '../../core/bitcoin/coins.ts';

export interface TxEntry {
  tx: DecodedTx;
  /** What the inputs spent, in input order (empty for a coinbase). */
  prevouts: Prevout[];
  /** Inputs minus outputs; 0 for a coinbase. */
  fee: bigint;
  /** When the mempool first saw it (unix seconds); for a block's own coinbase, the block's time. */
  seen: number;
}

export interface BlockEntry {
  hash: string;
  height: number;
  version: number;
  time: number;
  mediantime: number;
  bits: number;
  nonce: number;
  merkleRoot: string;
  prev: string | undefined;
  txids: string[];
  header: Uint8Array;
  size: number;
  weight: number;
}

export interface Coin extends Prevout {
  txid: string;
  vout: number;
  /** Block height, or undefined while its transaction waits in the mempool. */
  height: number | undefined;
  coinbase: boolean;
}

/** What the wallet reads and the chain serves (GET /v1/fees/recommended): one definition, core/bitcoin/coins.ts. */
export type { FeeRates } from '../../core/bitcoin/coins.ts';

export const DEFAULT_FEE_RATES: FeeRates = { fastestFee: 10, halfHourFee: 8, hourFee: 6, economyFee: 2, minimumFee: 1 };

export interface BitcoinChainOptions {
  /** Unix seconds for new blocks and mempool entries (default: the wall clock). */
  clock?: () => number;
  /** Bitcoin Core v28+ replaces any mempool transaction (mempoolfullrbf=1); false: only those that signal BIP-125. */
  fullRbf?: boolean;
}

const BLOCK_VERSION = 0x20000000;
/** Where a block's reward goes when no address is named: an output nobody can spend (OP_TRUE is anyone's, so not that). */
const BURN_SCRIPT = Uint8Array.of(0x6a);
const sortNumbers = (a: number, b: number) => a - b;

export class BitcoinChain {
  readonly blocks: BlockEntry[] = [];
  private readonly blockHeights = new Map<string, number>();
  readonly txs = new Map<string, TxEntry>();
  /** Confirmed transactions: txid → block height. */
  private readonly confirmed = new Map<string, number>();
  /** Mempool: txid → arrival number (its order). */
  private readonly pool = new Map<string, number>();
  /** Who spent each outpoint (in a block or the mempool): txid and input index. */
  readonly spends = new Map<string, { txid: string; vin: number }>();
  /** Every transaction that pays or spends an output script (hex), in arrival order. */
  private readonly history = new Map<string, string[]>();
  private readonly counters = { arrivals: 0 };
  readonly fees: { rates: FeeRates } = { rates: { ...DEFAULT_FEE_RATES } };
  private readonly journal = new Journal();
  private readonly clock: () => number;
  private readonly fullRbf: boolean;

  constructor(options: BitcoinChainOptions = {}) {
    this.clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
    this.fullRbf = options.fullRbf ?? true;
    // Regtest's genesis block; its coinbase is not spendable and not indexed (as in Core).
    this.blocks.push({
      hash: GENESIS.hash,
      height: 0,
      version: 1,
      time: GENESIS.time,
      mediantime: GENESIS.time,
      bits: GENESIS.bits,
      nonce: GENESIS.nonce,
      merkleRoot: GENESIS.merkleRoot,
      prev: undefined,
      txids: [GENESIS.merkleRoot],
      size: 285,
      weight: 1140,
      header: encodeHeader({
        version: 1,
        prev: NULL_TXID,
        merkleRoot: hex.decode(GENESIS.merkleRoot).reverse(),
        time: GENESIS.time,
        bits: GENESIS.bits,
        nonce: GENESIS.nonce,
      }),
    });
    this.blockHeights.set(GENESIS.hash, 0);
    const genesisTx = decodeTx(hex.decode(GENESIS.coinbase));
    this.txs.set(genesisTx.txid, { tx: genesisTx, prevouts: [], fee: 0n, seen: GENESIS.time });
    this.confirmed.set(genesisTx.txid, 0);
  }

  get tip(): BlockEntry {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** Median of the last eleven blocks' times up to `height` (GetMedianTimePast). */
  medianTimePast(height = this.tip.height): number {
    const times = this.blocks
      .slice(Math.max(0, height - 10), height + 1)
      .map((b) => b.time)
      .sort(sortNumbers);
    return times[Math.floor(times.length / 2)]!;
  }

  blockAt(hashOrHeight: string | number): BlockEntry | undefined {
    const height = typeof hashOrHeight === 'number' ? hashOrHeight : this.blockHeights.get(hashOrHeight);
    return height === undefined ? undefined : this.blocks[height];
  }

  heightOf(txid: string): number | undefined {
    return this.confirmed.get(txid);
  }

  inMempool(txid: string): boolean {
    return this.pool.has(txid);
  }

  /** The mempool's transactions in arrival order (parents before children). */
  mempool(): string[] {
    return [...this.pool.entries()].sort((a, b) => a[1] - b[1]).map(([txid]) => txid);
  }

  /** An output that exists (in a block or the mempool), spent or not. */
  coin(txid: string, vout: number): Coin | undefined {
    const entry = this.txs.get(txid);
    const output = entry?.tx.outputs[vout];
    // The genesis coinbase's output was never added to the UTXO set (src/validation.cpp ConnectBlock).
    if (!entry || !output || txid === GENESIS.merkleRoot) return undefined;
    return { txid, vout, script: output.script, value: output.value, height: this.confirmed.get(txid), coinbase: isCoinbase(entry.tx) };
  }

  /** Unspent as the chain's own UTXO set sees it: not spent in a block (a mempool spend does not count). */
  private unspentInBlocks(txid: string, vout: number): boolean {
    const spender = this.spends.get(outpoint(txid, vout));
    return spender === undefined || this.pool.has(spender.txid);
  }

  /** Transactions that pay to or spend from a script, in arrival order. */
  historyOf(script: Uint8Array): readonly string[] {
    return this.history.get(hex.encode(script)) ?? [];
  }

  /** The script whose Electrum script hash (SHA-256, bytes reversed, hex) this is, among those the chain has seen. */
  scriptByHash(scripthash: string): Uint8Array | undefined {
    for (const key of this.history.keys()) {
      const script = hex.decode(key);
      if (hex.encode(sha256(script).reverse()) === scripthash) return script;
    }
    return undefined;
  }

  /** Unspent outputs to a script, confirmed and in the mempool, less those the mempool spends. */
  utxosOf(script: Uint8Array): Coin[] {
    const key = hex.encode(script);
    const coins: Coin[] = [];
    for (const txid of this.historyOf(script)) {
      this.txs.get(txid)!.tx.outputs.forEach((output, vout) => {
        if (hex.encode(output.script) === key && !this.spends.has(outpoint(txid, vout))) coins.push(this.coin(txid, vout)!);
      });
    }
    return coins;
  }

  // ── Accepting a transaction ────────────────────────────────────────────────────────────────

  /** Takes a raw transaction into the mempool, or throws Rejection with bitcoind's code and reason. */
  accept(raw: Uint8Array): string {
    let tx: DecodedTx;
    try {
      tx = decodeTx(raw);
    } catch (error) {
      if (error instanceof DecodeError) throw new Rejection(RPC.DESERIALIZATION, 'TX decode failed. Make sure the tx has at least one input.');
      throw error;
    }
    checkBurn(tx);
    // BroadcastTransaction (src/node/transaction.cpp) first: a transaction whose outputs are in the
    // chain's UTXO set is there already; one the mempool holds (with this witness or another) is
    // answered with its txid.
    if (this.confirmed.has(tx.txid) && tx.outputs.some((o, vout) => o.script[0] !== 0x6a && this.unspentInBlocks(tx.txid, vout))) {
      throw new Rejection(RPC.ALREADY_IN_CHAIN, 'Transaction outputs already in utxo set');
    }
    if (this.pool.has(tx.txid)) return tx.txid;
    checkTransaction(tx);
    checkStandard(tx);
    const next = this.tip.height + 1;
    if (!isFinal(tx, next, this.medianTimePast())) throw new Rejection(RPC.VERIFY_REJECTED, 'non-final');

    // Inputs: each exists and is unspent, or spent only by mempool transactions this one would replace.
    const conflicts = new Set<string>();
    const prevouts: Coin[] = [];
    for (const input of tx.inputs) {
      const coin = this.coin(input.txid, input.vout);
      const spender = this.spends.get(outpoint(input.txid, input.vout));
      const unspendable = coin !== undefined && coin.script[0] === 0x6a;
      if (!coin || unspendable || (spender && !this.pool.has(spender.txid))) throw new Rejection(RPC.VERIFY_ERROR, 'bad-txns-inputs-missingorspent');
      if (spender) conflicts.add(spender.txid);
      prevouts.push(coin);
    }
    if (conflicts.size > 0 && !this.fullRbf) {
      for (const txid of conflicts) {
        if (!this.txs.get(txid)!.tx.inputs.some((input) => input.sequence < 0xfffffffe)) throw new Rejection(RPC.VERIFY_REJECTED, 'txn-mempool-conflict');
      }
    }
    this.checkSequenceLocks(tx, prevouts);
    const fee = this.checkInputs(tx, prevouts, next);
    checkEphemeralDust(tx, fee);
    const required = feeAt(MIN_RELAY_FEE_PER_KVB, tx.vsize);
    if (fee < required) throw new Rejection(RPC.VERIFY_REJECTED, `min relay fee not met, ${fee} < ${required}`);
    this.checkPackageLimits(tx, prevouts, conflicts.size);
    const all = new Set<string>();
    for (const txid of conflicts) this.descendants(txid, all);
    for (const coin of prevouts) {
      if (all.has(coin.txid))
        throw new Rejection(RPC.VERIFY_REJECTED, `bad-txns-spends-conflicting-tx, ${tx.txid} spends conflicting transaction ${coin.txid}`);
    }
    const evicted = conflicts.size > 0 ? this.checkReplacement(tx, fee, conflicts, all) : [];
    const failure = verifyScripts(raw, prevouts);
    if (failure) throw new Rejection(RPC.VERIFY_REJECTED, failure);
    // sendrawtransaction's fee cap, checked once the transaction is otherwise valid (its test accept).
    const cap = feeAt(MAX_RAW_TX_FEE_PER_KVB, tx.vsize);
    if (fee > cap) throw new Rejection(RPC.VERIFY_ERROR, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)');

    for (const txid of evicted) this.evict(txid);
    this.record({ tx, prevouts, fee, seen: this.clock() });
    this.journal.set(this.pool, tx.txid, ++this.counters.arrivals);
    return tx.txid;
  }

  /** Consensus::CheckTxInputs: coinbase maturity and values. Returns the fee. */
  private checkInputs(tx: DecodedTx, prevouts: Coin[], spendHeight: number): bigint {
    let valueIn = 0n;
    for (const coin of prevouts) {
      if (coin.coinbase && coin.height !== undefined && spendHeight - coin.height < COINBASE_MATURITY) {
        throw new Rejection(RPC.VERIFY_REJECTED, `bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${spendHeight - coin.height}`);
      }
      valueIn += coin.value;
    }
    const valueOut = tx.outputs.reduce((sum, o) => sum + o.value, 0n);
    if (valueIn < valueOut)
      throw new Rejection(RPC.VERIFY_REJECTED, `bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`);
    return valueIn - valueOut;
  }

  /** BIP-68 relative lock-times (CheckSequenceLocksAtTip), for version 2 and later. */
  private checkSequenceLocks(tx: DecodedTx, prevouts: Coin[]): void {
    if (tx.version < 2) return;
    const next = this.tip.height + 1;
    tx.inputs.forEach((input, i) => {
      if (input.sequence & 0x80000000) return;
      const coinHeight = prevouts[i]!.height ?? next;
      const value = input.sequence & 0xffff;
      if (input.sequence & 0x00400000) {
        const since = this.medianTimePast(Math.max(coinHeight - 1, 0));
        if (since + value * 512 - 1 >= this.medianTimePast()) throw new Rejection(RPC.VERIFY_REJECTED, 'non-BIP68-final');
      } else if (coinHeight + value - 1 >= next) {
        throw new Rejection(RPC.VERIFY_REJECTED, 'non-BIP68-final');
      }
    });
  }

  /** Mempool descendants of a transaction, itself included. */
  private descendants(txid: string, into = new Set<string>()): Set<string> {
    if (into.has(txid)) return into;
    into.add(txid);
    const outputs = this.txs.get(txid)!.tx.outputs.length;
    for (let vout = 0; vout < outputs; vout++) {
      const spender = this.spends.get(outpoint(txid, vout));
      if (spender && this.pool.has(spender.txid)) this.descendants(spender.txid, into);
    }
    return into;
  }

  /** Replacement as Core v29 checks it (src/validation.cpp ReplacementChecks, src/policy/rbf.cpp): what it evicts. */
  private checkReplacement(tx: DecodedTx, fee: bigint, conflicts: Set<string>, all: Set<string>): string[] {
    // Rule 6: a higher feerate than each transaction it replaces directly.
    const newRate = feeRatePerKvB(fee, tx.vsize);
    for (const txid of conflicts) {
      const old = this.txs.get(txid)!;
      const oldRate = feeRatePerKvB(old.fee, old.tx.vsize);
      if (newRate <= oldRate) {
        throw new Rejection(
          RPC.VERIFY_REJECTED,
          `insufficient fee, rejecting replacement ${tx.txid}; new feerate ${formatFeeRate(newRate)} <= old feerate ${formatFeeRate(oldRate)}`,
        );
      }
    }
    // Rule 5: the direct conflicts with their descendants, counted per conflict as Core sums them.
    const candidates = [...conflicts].reduce((n, txid) => n + this.descendants(txid).size, 0);
    if (candidates > MAX_REPLACEMENT_CANDIDATES) {
      throw new Rejection(
        RPC.VERIFY_REJECTED,
        `too many potential replacements, rejecting replacement ${tx.txid}; too many potential replacements (${candidates} > ${MAX_REPLACEMENT_CANDIDATES})`,
      );
    }
    // Rule 2: no unconfirmed parent that none of the replaced transactions had.
    const parents = new Set([...all].flatMap((txid) => this.txs.get(txid)!.tx.inputs.map((input) => input.txid)));
    tx.inputs.forEach((input, i) => {
      if (!parents.has(input.txid) && this.pool.has(input.txid)) {
        throw new Rejection(RPC.VERIFY_REJECTED, `replacement-adds-unconfirmed, replacement ${tx.txid} adds unconfirmed input, idx ${i}`);
      }
    });
    // Rules 3 and 4: at least the fees it replaces, and its own relay fee on top.
    const replaced = [...all].reduce((sum, txid) => sum + this.txs.get(txid)!.fee, 0n);
    if (fee < replaced) {
      throw new Rejection(
        RPC.VERIFY_REJECTED,
        `insufficient fee, rejecting replacement ${tx.txid}, less fees than conflicting txs; ${formatMoney(fee)} < ${formatMoney(replaced)}`,
      );
    }
    const relay = feeAt(MIN_RELAY_FEE_PER_KVB, tx.vsize);
    if (fee - replaced < relay) {
      throw new Rejection(
        RPC.VERIFY_REJECTED,
        `insufficient fee, rejecting replacement ${tx.txid}, not enough additional fees to relay; ${formatMoney(fee - replaced)} < ${formatMoney(relay)}`,
      );
    }
    // Children are evicted before their parents, so the undo order puts parents back first.
    return [...all].sort((a, b) => this.pool.get(b)! - this.pool.get(a)!);
  }

  /** The mempool chain limits (DEFAULT_ANCESTOR_LIMIT, DEFAULT_DESCENDANT_LIMIT): this transaction's unconfirmed ancestors, and each one's descendants. */
  private checkPackageLimits(tx: DecodedTx, prevouts: Coin[], conflicts: number): void {
    const ancestors = new Set<string>();
    const walk = (txid: string): void => {
      if (ancestors.has(txid) || !this.pool.has(txid)) return;
      ancestors.add(txid);
      for (const input of this.txs.get(txid)!.tx.inputs) walk(input.txid);
    };
    for (const coin of prevouts) walk(coin.txid);
    if (ancestors.size + 1 > ANCESTOR_LIMIT)
      throw new Rejection(RPC.VERIFY_REJECTED, `too-long-mempool-chain, too many unconfirmed ancestors [limit: ${ANCESTOR_LIMIT}]`);
    // Each ancestor, with this one among its descendants (txmempool.cpp CalculateAncestorsAndCheckLimits).
    // src/validation.cpp PreChecks allows one more: to a replacement of exactly one transaction, and
    // (the CPFP carve-out) to a small transaction whose only unconfirmed ancestor is its parent.
    const carveOut = ancestors.size === 1 && tx.vsize <= EXTRA_DESCENDANT_TX_SIZE_LIMIT;
    const limit = DESCENDANT_LIMIT + (conflicts === 1 ? 1 : 0) + (carveOut ? 1 : 0);
    for (const txid of this.mempool().filter((id) => ancestors.has(id))) {
      if (this.descendants(txid).size + 1 > limit) {
        throw new Rejection(RPC.VERIFY_REJECTED, `too-long-mempool-chain, too many descendants for tx ${txid} [limit: ${DESCENDANT_LIMIT}]`);
      }
    }
  }

  /** Indexes a transaction: its spends and the scripts it touches. */
  private record(entry: TxEntry): void {
    const { tx } = entry;
    this.journal.set(this.txs, tx.txid, entry);
    const scripts = new Set<string>();
    tx.inputs.forEach((input, vin) => {
      if (isCoinbase(tx)) return;
      this.journal.set(this.spends, outpoint(input.txid, input.vout), { txid: tx.txid, vin });
      scripts.add(hex.encode(entry.prevouts[vin]!.script));
    });
    for (const output of tx.outputs) scripts.add(hex.encode(output.script));
    for (const script of scripts) {
      const list = this.history.get(script);
      if (list) this.journal.push(list, tx.txid);
      else this.journal.set(this.history, script, [tx.txid]);
    }
  }

  /** Removes a mempool transaction (replaced), with its index entries. */
  private evict(txid: string): void {
    const entry = this.txs.get(txid)!;
    this.journal.delete(this.pool, txid);
    this.journal.delete(this.txs, txid);
    for (const input of entry.tx.inputs) this.journal.delete(this.spends, outpoint(input.txid, input.vout));
    const scripts = new Set([...entry.prevouts.map((p) => hex.encode(p.script)), ...entry.tx.outputs.map((o) => hex.encode(o.script))]);
    for (const script of scripts) {
      this.journal.set(
        this.history,
        script,
        (this.history.get(script) ?? []).filter((id) => id !== txid),
      );
    }
  }

  // ── Blocks ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Mines blocks on the tip: the first takes the whole mempool (within a block's weight), each pays
   * its reward and fees to `script` (default: an unspendable output). Returns the block hashes.
   */
  mine(count = 1, script: Uint8Array = BURN_SCRIPT): string[] {
    const hashes: string[] = [];
    for (let n = 0; n < count; n++) {
      const height = this.tip.height + 1;
      const taken: TxEntry[] = [];
      let weight = 4000;
      for (const txid of this.mempool()) {
        const entry = this.txs.get(txid)!;
        if (weight + entry.tx.weight > 4_000_000) break;
        weight += entry.tx.weight;
        taken.push(entry);
      }
      const fees = taken.reduce((sum, e) => sum + e.fee, 0n);
      const time = Math.max(this.medianTimePast() + 1, this.clock());
      const base = decodeTx(
        coinbase(
          height,
          script,
          subsidy(height) + fees,
          taken.map((e) => e.tx.wtxid),
        ),
      );
      const txids = [base.txid, ...taken.map((e) => e.tx.txid)];
      const root = merkleRoot(txids);
      const mined = mineHeader({ version: BLOCK_VERSION, prev: this.tip.hash, merkleRoot: root, time });
      const all = [base, ...taken.map((e) => e.tx)];
      const countSize = txids.length < 0xfd ? 1 : 3;
      const block: BlockEntry = {
        hash: mined.hash,
        height,
        version: BLOCK_VERSION,
        time,
        mediantime: 0,
        bits: mined.bits,
        nonce: mined.nonce,
        merkleRoot: hex.encode(root.slice().reverse()),
        prev: this.tip.hash,
        txids,
        header: mined.header,
        size: 80 + countSize + all.reduce((s, t) => s + t.size, 0),
        weight: (80 + countSize) * 4 + all.reduce((s, t) => s + t.weight, 0),
      };
      this.record({ tx: base, prevouts: [], fee: 0n, seen: time });
      for (const txid of txids) {
        this.journal.set(this.confirmed, txid, height);
        this.journal.delete(this.pool, txid);
      }
      this.journal.push(this.blocks, block);
      this.journal.set(this.blockHeights, block.hash, height);
      block.mediantime = this.medianTimePast(height);
      hashes.push(block.hash);
    }
    return hashes;
  }

  // ── Snapshots and settings ─────────────────────────────────────────────────────────────────

  snapshot(): Snapshot {
    return this.journal.snapshot();
  }

  restore(snapshot: Snapshot): void {
    this.journal.restore(snapshot);
  }

  setFeeRates(rates: Partial<FeeRates>): void {
    this.journal.assign(this.fees, 'rates', { ...this.fees.rates, ...rates });
  }
}
