// The Esplora API read over HTTP by the client apps use (@mempool/mempool.js) and by plain fetch:
// what a broadcast changes, the documented fields, and the error statuses electrs gives.
import { test, expect } from '@playwright/test';
import mempoolJS from '@mempool/mempool.js';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { startBitcoin, type BitcoinServer } from './server.ts';

bitcoin.initEccLib(ecc);
const network = bitcoin.networks.regtest;
const priv = createHash('sha256').update('esplora-test').digest();
const pubkey = ecc.pointFromScalar(priv, true)!;
const own = bitcoin.payments.p2wpkh({ pubkey, network });
const other = bitcoin.payments.p2tr({ internalPubkey: pubkey.subarray(1), network });

let server: BitcoinServer;
test.beforeAll(async () => {
  server = await startBitcoin({ funding: [{ address: own.address!, sats: 50_000_000n }] });
});
test.afterAll(async () => server.close());

const client = () => {
  const { host } = new URL(server.url);
  return mempoolJS({ hostname: host, protocol: 'http', network: 'regtest' }).bitcoin;
};

test('mempool.js reads a broadcast, its mining and the address it paid, as an app would', async () => {
  const { addresses, transactions, blocks, fees } = client();
  const [utxo] = await addresses.getAddressTxsUtxo({ address: own.address! });
  expect(utxo).toMatchObject({ vout: expect.any(Number), value: 50_000_000, status: { confirmed: true } });
  const psbt = new bitcoin.Psbt({ network });
  psbt.addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: own.output!, value: 50_000_000n } });
  psbt.addOutput({ address: other.address!, value: 20_000_000n });
  psbt.addOutput({ address: own.address!, value: 29_990_000n });
  psbt.signAllInputs({ publicKey: pubkey, sign: (h: Uint8Array) => ecc.sign(h, priv) });
  psbt.finalizeAllInputs();
  const tx = psbt.extractTransaction(true);
  expect(await transactions.postTx({ txhex: tx.toHex() })).toBe(tx.getId());

  const pending = await transactions.getTx({ txid: tx.getId() });
  expect(pending).toMatchObject({
    txid: tx.getId(),
    version: 2,
    locktime: 0,
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: 10_000,
    status: { confirmed: false },
  });
  expect(pending.vin[0]).toMatchObject({
    txid: utxo!.txid,
    vout: utxo!.vout,
    is_coinbase: false,
    scriptsig: '',
    prevout: { scriptpubkey_address: own.address, scriptpubkey_type: 'v0_p2wpkh', value: 50_000_000 },
  });
  expect(pending.vout.map((o) => [o.scriptpubkey_address, o.scriptpubkey_type, o.value])).toEqual([
    [other.address, 'v1_p2tr', 20_000_000],
    [own.address, 'v0_p2wpkh', 29_990_000],
  ]);
  expect((await addresses.getAddressTxsMempool({ address: other.address! })).map((t) => t.txid)).toEqual([tx.getId()]);
  expect(await addresses.getAddress({ address: own.address! })).toEqual({
    address: own.address,
    chain_stats: { funded_txo_count: 1, funded_txo_sum: 50_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 },
    mempool_stats: { funded_txo_count: 1, funded_txo_sum: 29_990_000, spent_txo_count: 1, spent_txo_sum: 50_000_000, tx_count: 1 },
  });
  const outspends = await transactions.getTxOutspends({ txid: utxo!.txid });
  expect(outspends[utxo!.vout]).toEqual({ spent: true, txid: tx.getId(), vin: 0, status: { confirmed: false } });

  const height = await blocks.getBlocksTipHeight();
  server.regtest.mine();
  const status = await transactions.getTxStatus({ txid: tx.getId() });
  const tip = await blocks.getBlocksTipHash();
  expect(status).toEqual({ confirmed: true, block_height: height + 1, block_hash: tip, block_time: expect.any(Number) });
  expect(await blocks.getBlockHeight({ height: height + 1 })).toBe(tip);
  expect(await blocks.getBlockTxids({ hash: tip })).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), tx.getId()]);
  expect(await blocks.getBlock({ hash: tip })).toMatchObject({
    id: tip,
    height: height + 1,
    tx_count: 2,
    bits: 0x207fffff,
    previousblockhash: expect.any(String),
  });
  expect((await addresses.getAddressTxsUtxo({ address: own.address! })).map((u) => u.value)).toEqual([29_990_000]);
  expect(await transactions.getTxHex({ txid: tx.getId() })).toBe(tx.toHex());

  server.regtest.setFeeRates({ fastestFee: 25, halfHourFee: 20, hourFee: 15, economyFee: 5, minimumFee: 1 });
  expect(await fees.getFeesRecommended()).toEqual({ fastestFee: 25, halfHourFee: 20, hourFee: 15, economyFee: 5, minimumFee: 1 });
});

test('errors as electrs answers them, CORS open, a refused broadcast in bitcoind words', async () => {
  const get = (path: string) => fetch(`${server.url}${path}`);
  const answer = async (path: string) => {
    const res = await get(path);
    return [res.status, await res.text()];
  };
  expect(await answer(`/tx/${'ab'.repeat(32)}`)).toEqual([404, 'Transaction not found']);
  expect(await answer('/tx/xyz')).toEqual([400, 'Invalid hex string']);
  expect(await answer(`/tx/${'ab'.repeat(32)}/status`)).toEqual([200, '{"confirmed":false}']);
  expect(await answer('/block-height/99999')).toEqual([404, 'Block not found']);
  expect(await answer('/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toEqual([400, 'Address on invalid network']);
  expect(await answer('/address/nonsense')).toEqual([400, 'Invalid Bitcoin address']);
  const cors = await get('/blocks/tip/height');
  expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  const refused = await fetch(`${server.url}/tx`, { method: 'POST', body: '0200000000' });
  expect([refused.status, await refused.text()]).toEqual([
    400,
    'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed. Make sure the tx has at least one input."}',
  ]);
  const missing = new bitcoin.Transaction();
  missing.addInput(Buffer.alloc(32, 7), 0);
  missing.addOutput(own.output!, 10_000n);
  missing.setWitness(0, [Buffer.alloc(72, 1), pubkey]);
  const spent = await fetch(`${server.url}/tx`, { method: 'POST', body: missing.toHex() });
  expect([spent.status, await spent.text()]).toEqual([400, 'sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}']);
});

test('a plain fetch gets every documented field in electrs order: a block, a coinbase, the genesis block, the mempool, fee estimates', async () => {
  const get = async (path: string) => (await fetch(`${server.url}${path}`)).json() as Promise<Record<string, unknown>>;
  const tip = await (await fetch(`${server.url}/blocks/tip/hash`)).text();
  const block = await get(`/block/${tip}`);
  expect(Object.keys(block)).toEqual([
    'id',
    'height',
    'version',
    'timestamp',
    'tx_count',
    'size',
    'weight',
    'merkle_root',
    'previousblockhash',
    'mediantime',
    'nonce',
    'bits',
    'difficulty',
  ]);
  // Regtest's difficulty: bitcoin-cli getblockchaininfo prints it to 16 digits (UniValue's precision).
  expect((block['difficulty'] as number).toPrecision(16)).toBe('4.656542373906925e-10');
  const [coinbaseId] = (await (await fetch(`${server.url}/block/${tip}/txids`)).json()) as string[];
  const coinbase = await get(`/tx/${coinbaseId}`);
  expect(Object.keys(coinbase)).toEqual(['txid', 'version', 'locktime', 'vin', 'vout', 'size', 'weight', 'fee', 'status']);
  const [vin] = coinbase['vin'] as Record<string, unknown>[];
  expect(Object.keys(vin!)).toEqual(['txid', 'vout', 'prevout', 'scriptsig', 'scriptsig_asm', 'witness', 'is_coinbase', 'sequence']);
  expect(vin).toMatchObject({ txid: '0'.repeat(64), vout: 4294967295, prevout: null, witness: ['0'.repeat(64)], is_coinbase: true, sequence: 4294967295 });
  expect(Object.keys((coinbase['vout'] as object[])[0]!)).toEqual(['scriptpubkey', 'scriptpubkey_asm', 'scriptpubkey_type', 'scriptpubkey_address', 'value']);
  expect(coinbase['fee']).toBe(0);
  expect(await get('/blocks/tip/height').catch(() => undefined)).toEqual(block['height']);
  const genesis = await get(`/block/${await (await fetch(`${server.url}/block-height/0`)).text()}`);
  expect(genesis).toMatchObject({ id: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', height: 0, previousblockhash: null, tx_count: 1 });
  expect(await get(`/block/${genesis['id']}/status`)).toEqual({ in_best_chain: true, height: 0, next_best: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect(await get('/mempool')).toMatchObject({
    count: expect.any(Number),
    vsize: expect.any(Number),
    total_fee: expect.any(Number),
    fee_histogram: expect.any(Array),
  });
  // The raw block parses (bitcoinjs-lib) to the header's hash with its witness commitment right.
  const raw = Buffer.from(await (await fetch(`${server.url}/block/${tip}/raw`)).arrayBuffer());
  const parsed = bitcoin.Block.fromBuffer(raw);
  expect([parsed.getId(), parsed.checkTxRoots(), parsed.transactions!.length]).toEqual([tip, true, block['tx_count']]);
  // Electrum's script hash reaches the same history as the address.
  const scripthash = Buffer.from(createHash('sha256').update(own.output!).digest()).reverse().toString('hex');
  expect(await get(`/scripthash/${scripthash}/utxo`)).toEqual(await get(`/address/${own.address}/utxo`));
  expect(Object.keys(await get(`/scripthash/${scripthash}`))).toEqual(['chain_stats', 'mempool_stats', 'scripthash']);
  const unknown = await fetch(`${server.url}/mempool/everything`);
  expect([unknown.status, await unknown.text()]).toEqual([404, 'endpoint does not exist "/mempool/everything"']);
  const estimates = await get('/fee-estimates');
  expect(Object.keys(estimates)).toEqual(expect.arrayContaining(['1', '6', '144', '1008']));
});
