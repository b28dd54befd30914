// The Esplora HTTP API over the chain, with the JSON shapes and error texts of Blockstream's
// electrs (Blockstream/electrs, branch new-index, src/rest.rs; field order as it serializes), and
// the mempool.space routes @mempool/mempool.js calls (mempool/mempool, backend/src/api/fee-api.ts).
// Served under /api, as public instances are.
import { hex } from '@scure/base';
import { NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import type { JsonValue } from '../../core/json.ts';
import { json, text, type ChainReply, type ChainRequest, type Routes } from '../http.ts';
import type { BitcoinChain, BlockEntry, Coin } from './chain.ts';
import { Rejection } from './policy.ts';
import { addressScript, describeOutput, scriptAsm } from './script.ts';
import { isCoinbase, outpoint, type DecodedTx } from './transaction.ts';
import { concat, difficulty } from './block.ts';

type Json = { [key: string]: JsonValue };

const notFound = (what: string): ChainReply => text(what, 404);
const badRequest = (what: string): ChainReply => text(what, 400);
const isHash = (value: string | undefined): value is string => value !== undefined && /^[0-9a-fA-F]{64}$/.test(value);
const number = (value: string | undefined): number | undefined => (value !== undefined && /^[0-9]{1,10}$/.test(value) ? Number(value) : undefined);

function outputJson(script: Uint8Array, value: bigint): Json {
  const info = describeOutput(script);
  return {
    scriptpubkey: hex.encode(script),
    scriptpubkey_asm: scriptAsm(script),
    scriptpubkey_type: info.type,
    ...(info.address !== undefined && { scriptpubkey_address: info.address }),
    value: Number(value),
  };
}

function statusJson(chain: BitcoinChain, txid: string): Json {
  const height = chain.heightOf(txid);
  if (height === undefined) return { confirmed: false };
  const block = chain.blockAt(height)!;
  return { confirmed: true, block_height: height, block_hash: block.hash, block_time: block.time };
}

/** The last push of a script (P2SH's redeem script). */
function lastPush(script: Uint8Array): Uint8Array | undefined {
  let last: Uint8Array | undefined;
  for (let i = 0; i < script.length; ) {
    const op = script[i++]!;
    let size = 0;
    if (op >= 0x01 && op <= 0x4b) size = op;
    else if (op === 0x4c) size = script[i++] ?? 0;
    else if (op === 0x4d) {
      size = (script[i] ?? 0) | ((script[i + 1] ?? 0) << 8);
      i += 2;
    } else if (op > 0x4e) continue;
    last = script.subarray(i, i + size);
    i += size;
  }
  return last;
}

function txJson(chain: BitcoinChain, tx: DecodedTx): Json {
  const entry = chain.txs.get(tx.txid)!;
  const coinbase = isCoinbase(tx);
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((input, i) => {
      const prevout = entry.prevouts[i];
      const type = prevout && describeOutput(prevout.script).type;
      const redeem = type === 'p2sh' ? lastPush(input.scriptSig) : undefined;
      const witnessScript = type === 'v0_p2wsh' || (redeem && redeem.length === 34 && redeem[0] === 0) ? input.witness[input.witness.length - 1] : undefined;
      return {
        txid: input.txid,
        vout: input.vout,
        prevout: prevout ? outputJson(prevout.script, prevout.value) : null,
        scriptsig: hex.encode(input.scriptSig),
        scriptsig_asm: scriptAsm(input.scriptSig),
        ...(input.witness.length > 0 && { witness: input.witness.map((w) => hex.encode(w)) }),
        is_coinbase: coinbase,
        sequence: input.sequence,
        ...(redeem && { inner_redeemscript_asm: scriptAsm(redeem) }),
        ...(witnessScript && { inner_witnessscript_asm: scriptAsm(witnessScript) }),
      };
    }),
    vout: tx.outputs.map((o) => outputJson(o.script, o.value)),
    size: tx.size,
    weight: tx.weight,
    fee: Number(entry.fee),
    status: statusJson(chain, tx.txid),
  };
}

function blockJson(block: BlockEntry): Json {
  return {
    id: block.hash,
    height: block.height,
    version: block.version,
    timestamp: block.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    previousblockhash: block.prev ?? null,
    mediantime: block.mediantime,
    nonce: block.nonce,
    bits: block.bits,
    difficulty: difficulty(block.bits),
  };
}

/** A block as the network sends it: its header, the number of transactions, the transactions. */
function blockRaw(chain: BitcoinChain, block: BlockEntry): Uint8Array {
  const n = block.txids.length;
  const count = n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return concat(block.header, count, ...block.txids.map((txid) => chain.txs.get(txid)!.tx.raw));
}

/** Funded and spent outputs of a script, in blocks and in the mempool (keys sorted, as electrs emits them). */
function addressStats(chain: BitcoinChain, script: Uint8Array): { chain_stats: Json; mempool_stats: Json } {
  const key = hex.encode(script);
  const stats = () => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });
  const confirmed = stats();
  const pending = stats();
  for (const txid of chain.historyOf(script)) {
    const entry = chain.txs.get(txid)!;
    const bucket = chain.heightOf(txid) === undefined ? pending : confirmed;
    bucket.tx_count++;
    for (const o of entry.tx.outputs) {
      if (hex.encode(o.script) !== key) continue;
      bucket.funded_txo_count++;
      bucket.funded_txo_sum += Number(o.value);
    }
    for (const p of entry.prevouts) {
      if (hex.encode(p.script) !== key) continue;
      bucket.spent_txo_count++;
      bucket.spent_txo_sum += Number(p.value);
    }
  }
  return { chain_stats: confirmed, mempool_stats: pending };
}

const utxoJson = (chain: BitcoinChain, coin: Coin): Json => ({
  txid: coin.txid,
  vout: coin.vout,
  status: statusJson(chain, coin.txid),
  value: Number(coin.value),
});

/** An address's history: mempool first (oldest first, up to 50), then confirmed, newest block first (25 a page). */
function addressTxs(chain: BitcoinChain, script: Uint8Array, which: 'all' | 'chain' | 'mempool', lastSeen?: string): JsonValue {
  const history = chain.historyOf(script);
  const mempool = history.filter((txid) => chain.heightOf(txid) === undefined).slice(0, 50);
  let confirmed = history.filter((txid) => chain.heightOf(txid) !== undefined).reverse();
  if (lastSeen !== undefined) {
    const at = confirmed.indexOf(lastSeen);
    confirmed = at < 0 ? [] : confirmed.slice(at + 1);
  }
  const list = which === 'mempool' ? mempool : which === 'chain' ? confirmed.slice(0, 25) : [...mempool, ...confirmed.slice(0, 25)];
  return list.map((txid) => txJson(chain, chain.txs.get(txid)!.tx));
}

/** A raw transaction posted as hex text; bitcoind's refusal as electrs wraps it. */
function broadcast(chain: BitcoinChain, body: Uint8Array): ChainReply {
  // electrs hands bitcoind the body as sent: a trailing newline is a decode failure there too.
  const hexText = new TextDecoder().decode(body);
  const refuse = (code: number, message: string) => badRequest(`sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`);
  if (hexText.length === 0 || hexText.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hexText))
    return refuse(-22, 'TX decode failed. Make sure the tx has at least one input.');
  try {
    return text(chain.accept(hex.decode(hexText.toLowerCase())));
  } catch (error) {
    if (error instanceof Rejection) return refuse(error.code, error.reason);
    throw error;
  }
}

/** sat/vB by confirmation target, from the rates a test set. */
function feeEstimates(chain: BitcoinChain): Json {
  const { fastestFee, halfHourFee, hourFee, economyFee } = chain.fees.rates;
  const estimates: Json = {};
  for (let target = 1; target <= 25; target++) estimates[target] = target <= 2 ? fastestFee : target <= 3 ? halfHourFee : target <= 6 ? hourFee : economyFee;
  for (const target of [144, 504, 1008]) estimates[target] = economyFee;
  return estimates;
}

function mempoolJson(chain: BitcoinChain): Json {
  const entries = chain.mempool().map((txid) => chain.txs.get(txid)!);
  const histogram = new Map<number, number>();
  for (const e of entries) {
    const rate = Math.round((Number(e.fee) / e.tx.vsize) * 100) / 100;
    histogram.set(rate, (histogram.get(rate) ?? 0) + e.tx.vsize);
  }
  return {
    count: entries.length,
    vsize: entries.reduce((n, e) => n + e.tx.vsize, 0),
    total_fee: Number(entries.reduce((n, e) => n + e.fee, 0n)),
    fee_histogram: [...histogram.entries()].sort((a, b) => b[0] - a[0]),
  };
}

function scriptOf(address: string): Uint8Array | ChainReply {
  const script = addressScript(address);
  if (script) return script;
  // A well-formed address of another network is told apart from a malformed one, as electrs does.
  return addressScript(address, NETWORK) || addressScript(address, TEST_NETWORK)
    ? badRequest('Address on invalid network')
    : badRequest('Invalid Bitcoin address');
}

/** Esplora's routes for one chain. */
export function esploraRoutes(chain: BitcoinChain): Routes {
  const tx = (txid: string) => chain.txs.get(txid)?.tx;
  const block = (hash: string) => chain.blockAt(hash.toLowerCase());

  const routes = (request: ChainRequest): ChainReply | undefined => {
    const parts = request.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'api') return undefined;
    const [route, a, b, c] = parts.slice(1);
    if (request.method === 'POST') return route === 'tx' && a === undefined ? broadcast(chain, request.body) : undefined;
    if (request.method !== 'GET') return undefined;

    switch (route) {
      case 'blocks': {
        if (a === 'tip' && b === 'height') return text(String(chain.tip.height));
        if (a === 'tip' && b === 'hash') return text(chain.tip.hash);
        const start = number(a) ?? chain.tip.height;
        if (start > chain.tip.height) return notFound('Block not found');
        const list: JsonValue[] = [];
        for (let h = start; h >= 0 && list.length < 10; h--) list.push(blockJson(chain.blockAt(h)!));
        return json(list);
      }
      case 'block-height': {
        const height = number(a);
        if (height === undefined) return badRequest('Invalid number');
        const found = chain.blockAt(height);
        return found ? text(found.hash) : notFound('Block not found');
      }
      case 'block': {
        if (!isHash(a)) return badRequest('Invalid hex string');
        const found = block(a);
        if (b === 'status') {
          if (!found) return json({ in_best_chain: false, height: null, next_best: null });
          return json({ in_best_chain: true, height: found.height, next_best: chain.blockAt(found.height + 1)?.hash ?? null });
        }
        if (!found) return notFound('Block not found');
        if (b === undefined) return json(blockJson(found));
        if (b === 'txids') return json(found.txids);
        if (b === 'header') return text(hex.encode(found.header));
        if (b === 'raw') return { status: 200, bytes: blockRaw(chain, found) };
        if (b === 'txid') {
          const index = number(c);
          if (index === undefined) return badRequest('Invalid number');
          return index < found.txids.length ? text(found.txids[index]!) : notFound('tx index out of range');
        }
        if (b === 'txs') {
          const start = number(c) ?? 0;
          if (start >= found.txids.length) return notFound('start index out of range');
          if (start % 25 !== 0) return badRequest('start index must be a multipication of 25');
          return json(found.txids.slice(start, start + 25).map((txid) => txJson(chain, tx(txid)!)));
        }
        return undefined;
      }
      case 'tx': {
        if (!isHash(a)) return badRequest('Invalid hex string');
        const txid = a.toLowerCase();
        if (b === 'status') return json(statusJson(chain, txid));
        if (b === 'outspend') {
          const vout = number(c);
          if (vout === undefined) return badRequest('Invalid number');
          return json(outspendJson(chain, txid, vout));
        }
        const found = tx(txid);
        if (!found) return notFound('Transaction not found');
        if (b === undefined) return json(txJson(chain, found));
        if (b === 'hex') return text(hex.encode(found.raw));
        if (b === 'raw') return { status: 200, bytes: found.raw };
        if (b === 'outspends') return json(found.outputs.map((_, vout) => outspendJson(chain, txid, vout)));
        return undefined;
      }
      case 'address':
      case 'scripthash': {
        if (a === undefined) return undefined;
        // A script hash is Electrum's: SHA-256 of the output script, bytes reversed; one never seen has no history.
        const script =
          route === 'address' ? scriptOf(a) : isHash(a) ? (chain.scriptByHash(a.toLowerCase()) ?? new Uint8Array()) : badRequest('Invalid hex string');
        if (!(script instanceof Uint8Array)) return script;
        if (b === undefined)
          return json(route === 'address' ? { address: a, ...addressStats(chain, script) } : { ...addressStats(chain, script), scripthash: a });
        if (b === 'utxo') return json(chain.utxosOf(script).map((coin) => utxoJson(chain, coin)));
        // mempool.space pages /txs with ?after_txid= (what @mempool/mempool.js sends): the confirmed ones after it.
        const after = request.query.get('after_txid');
        if (b === 'txs' && c === undefined) return json(after === null ? addressTxs(chain, script, 'all') : addressTxs(chain, script, 'chain', after));
        if (b === 'txs' && c === 'mempool') return json(addressTxs(chain, script, 'mempool'));
        if (b === 'txs' && c === 'chain') return json(addressTxs(chain, script, 'chain', parts[5]));
        return undefined;
      }
      case 'mempool': {
        if (a === undefined) return json(mempoolJson(chain));
        if (a === 'txids') return json(chain.mempool());
        if (a === 'recent') {
          return json(
            chain
              .mempool()
              .reverse()
              .slice(0, 10)
              .map((txid) => {
                const e = chain.txs.get(txid)!;
                return { txid, fee: Number(e.fee), vsize: Math.floor(e.tx.weight / 4), value: Number(e.prevouts.reduce((n, p) => n + p.value, 0n)) };
              }),
          );
        }
        return undefined;
      }
      case 'fee-estimates':
        return json(feeEstimates(chain));
      case 'v1':
        return mempoolSpace(chain, parts.slice(2));
      default:
        return undefined;
    }
  };
  // electrs' answer to a path it does not serve (src/rest.rs: the path as Rust's Debug writes a string).
  return (request) =>
    routes(request) ?? (request.path.startsWith('/api/') ? text(`endpoint does not exist ${JSON.stringify(request.path.slice(4))}`, 404) : undefined);
}

function outspendJson(chain: BitcoinChain, txid: string, vout: number): Json {
  const spender = chain.spends.get(outpoint(txid, vout));
  if (!spender) return { spent: false };
  return { spent: true, txid: spender.txid, vin: spender.vin, status: statusJson(chain, spender.txid) };
}

/** mempool.space's own routes that @mempool/mempool.js calls (its fees and blocks). */
function mempoolSpace(chain: BitcoinChain, parts: string[]): ChainReply | undefined {
  const [route, a, b] = parts;
  if (route === 'fees' && a === 'recommended') {
    const { fastestFee, halfHourFee, hourFee, economyFee, minimumFee } = chain.fees.rates;
    return json({ fastestFee, halfHourFee, hourFee, economyFee, minimumFee });
  }
  if (route === 'fees' && a === 'mempool-blocks') {
    const entries = chain.mempool().map((txid) => chain.txs.get(txid)!);
    if (entries.length === 0) return json([]);
    const rates = entries.map((e) => Number(e.fee) / e.tx.vsize).sort((x, y) => x - y);
    return json([
      {
        blockSize: entries.reduce((n, e) => n + e.tx.size, 0),
        blockVSize: entries.reduce((n, e) => n + e.tx.weight / 4, 0),
        nTx: entries.length,
        totalFees: Number(entries.reduce((n, e) => n + e.fee, 0n)),
        medianFee: rates[Math.floor(rates.length / 2)]!,
        feeRange: [rates[0]!, rates[rates.length - 1]!],
      },
    ]);
  }
  if (route === 'block' && b === undefined) {
    if (!isHash(a)) return badRequest('Invalid block hash');
    const found = chain.blockAt(a.toLowerCase());
    return found ? json(blockJson(found)) : notFound('Block not found');
  }
  if (route === 'blocks') {
    const start = number(a) ?? chain.tip.height;
    if (start > chain.tip.height) return notFound('Block not found');
    const list: JsonValue[] = [];
    for (let h = start; h >= 0 && list.length < 15; h--) list.push(blockJson(chain.blockAt(h)!));
    return json(list);
  }
  return undefined;
}
