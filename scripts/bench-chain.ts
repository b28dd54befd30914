// The embedded chain's bench rows (#45), each against a floor measured in this run:
// - accepting a 1-input P2WPKH / P2TR transaction against bitcore-lib's interpreter alone verifying
//   the same input (parse, spent output set, verify with the same flags): what the chain adds;
// - a 100-input transaction against a hundred 1-input ones: verification stays linear;
// - an Esplora read of an address holding 1000 UTXOs, over HTTP;
// - a test's clean chain: the restore after what a typical test does (fund, mine, broadcast);
// - the chain's start, Bitcoin alone and with simnet;
// - a Stacks transfer and a contract call through the HTTP API against simnet's own call of the same.
// Every sample restores the chain to where it was, so each accept meets the same state.
import { createRequire } from 'node:module';
import { Transaction, p2tr, p2wpkh } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type Bitcore from 'bitcore-lib';
import { Regtest } from '../src/chain/bitcoin/regtest.ts';
import { standardFlags } from '../src/chain/bitcoin/interpreter.ts';
import { REGTEST } from '../src/chain/bitcoin/params.ts';
import { startBitcoin } from '../src/chain/bitcoin/server.ts';
import { startChain } from '../src/chain/index.ts';
import { against, figure, stats, underMs, type Row } from './bench-rows.ts';
import { stacksRows } from './bench-stacks.ts';

const bitcore = createRequire(import.meta.url)('bitcore-lib') as typeof Bitcore;
const key = (label: string) => sha256(new TextEncoder().encode(label));
const ms = (start: number) => performance.now() - start;

interface Coin {
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
}

/** Outputs to a key's script, confirmed: one transaction from the faucet with `count` outputs. */
function coins(regtest: Regtest, script: Uint8Array, count: number, value = 100_000n): Coin[] {
  const txid = regtest.faucet.pay(Array.from({ length: count }, () => ({ script, value })));
  regtest.mine();
  return Array.from({ length: count }, (_, vout) => ({ txid, vout, value, script }));
}

function spend(inputs: Coin[], signer: { priv: Uint8Array; tapInternalKey?: Uint8Array }, to: Uint8Array): Uint8Array {
  const tx = new Transaction();
  for (const c of inputs)
    tx.addInput({
      txid: c.txid,
      index: c.vout,
      witnessUtxo: { script: c.script, amount: c.value },
      ...(signer.tapInternalKey && { tapInternalKey: signer.tapInternalKey }),
    });
  const total = inputs.reduce((s, c) => s + c.value, 0n);
  tx.addOutput({ script: to, amount: total - BigInt(100 * inputs.length + 200) });
  tx.sign(signer.priv);
  tx.finalize();
  return tx.extract();
}

/** bitcore-lib alone on one input: what any chain built on its interpreter must pay. */
function interpreterAlone(raw: Uint8Array, input: number, prevouts: Coin[], flags: number): void {
  const tx = new bitcore.Transaction(Buffer.from(raw));
  tx.inputs.forEach((txIn, i) => {
    txIn.output = new bitcore.Transaction.Output({ script: new bitcore.Script(Buffer.from(prevouts[i]!.script)), satoshis: Number(prevouts[i]!.value) });
  });
  const spent = prevouts[input]!;
  const ok = new bitcore.Script.Interpreter().verify(
    tx.inputs[input]!.script,
    new bitcore.Script(Buffer.from(spent.script)),
    tx,
    input,
    flags,
    tx.inputs[input]!.getWitnesses() ?? [],
    Number(spent.value),
  );
  if (!ok) throw new Error('bench: the interpreter refused a valid spend');
}

/** The flags the chain runs first: the same verification, without the chain around it. */
const FLAGS = standardFlags();

export async function chainRows(quick: boolean): Promise<Row[]> {
  const N = quick ? { one: 3, wide: 1, reads: 3, restores: 3, starts: 1 } : { one: 60, wide: 5, reads: 40, restores: 100, starts: 5 };
  const regtest = new Regtest();
  const wpkhKey = key('bench p2wpkh');
  const trKey = key('bench p2tr');
  const wpkh = p2wpkh(pubECDSA(wpkhKey));
  const tr = p2tr(pubSchnorr(trKey));
  const sink = wpkh.script;

  // One input of each kind, accepted then undone, alternating with the interpreter alone.
  const wpkhCoin = coins(regtest, wpkh.script, 1)[0]!;
  const trCoin = coins(regtest, tr.script, 1)[0]!;
  const wpkhTx = spend([wpkhCoin], { priv: wpkhKey }, sink);
  const trTx = spend([trCoin], { priv: trKey, tapInternalKey: pubSchnorr(trKey) }, sink);
  // The first call of each pays bitcore-lib's load and its curve tables.
  interpreterAlone(wpkhTx, 0, [wpkhCoin], FLAGS);
  interpreterAlone(trTx, 0, [trCoin], FLAGS);
  const samples = { wpkhAlone: [] as number[], wpkhAccept: [] as number[], trAlone: [] as number[], trAccept: [] as number[] };
  for (let i = 0; i < N.one; i++) {
    for (const [raw, coin, alone, accept] of [
      [wpkhTx, wpkhCoin, samples.wpkhAlone, samples.wpkhAccept],
      [trTx, trCoin, samples.trAlone, samples.trAccept],
    ] as const) {
      let t = performance.now();
      interpreterAlone(raw, 0, [coin], FLAGS);
      alone.push(ms(t));
      const mark = regtest.snapshot();
      t = performance.now();
      regtest.chain.accept(raw);
      accept.push(ms(t));
      regtest.restore(mark);
    }
  }

  // A hundred inputs at once against a hundred one-input transactions (the same coins).
  const many = coins(regtest, wpkh.script, 100);
  const wideTx = spend(many, { priv: wpkhKey }, sink);
  const narrowTxs = many.map((c) => spend([c], { priv: wpkhKey }, sink));
  const wide: number[] = [];
  const narrow: number[] = [];
  for (let i = 0; i < N.wide; i++) {
    let mark = regtest.snapshot();
    let t = performance.now();
    regtest.chain.accept(wideTx);
    wide.push(ms(t));
    regtest.restore(mark);
    mark = regtest.snapshot();
    t = performance.now();
    for (const raw of narrowTxs) regtest.chain.accept(raw);
    narrow.push(ms(t));
    regtest.restore(mark);
  }

  // An address with 1000 UTXOs, read over HTTP as an app reads it; a one-UTXO address beside it.
  const server = await startBitcoin();
  const rich = p2wpkh(pubECDSA(key('bench rich')), REGTEST);
  server.regtest.faucet.pay(Array.from({ length: 1000 }, () => ({ script: rich.script, value: 1000n })));
  server.regtest.mine();
  const richAddress = rich.address!;
  const lone = p2wpkh(pubECDSA(key('bench lone')), REGTEST).address!;
  server.regtest.fund(lone, 1000);
  const reads = { rich: [] as number[], lone: [] as number[] };
  for (let i = 0; i < N.reads; i++) {
    for (const [address, into] of [
      [richAddress, reads.rich],
      [lone, reads.lone],
    ] as const) {
      const t = performance.now();
      const utxos = (await (await fetch(`${server.url}/address/${address}/utxo`)).json()) as unknown[];
      into.push(ms(t));
      if (utxos.length !== (address === richAddress ? 1000 : 1)) throw new Error(`bench: ${address} has ${utxos.length} UTXOs`);
    }
  }
  await server.close();

  // A test's clean chain: what a typical test changes (fund, mine, a payment in the mempool), undone.
  const restores: number[] = [];
  const fresh = regtest.snapshot();
  for (let i = 0; i < N.restores; i++) {
    const coin = coins(regtest, wpkh.script, 1)[0]!;
    regtest.chain.accept(spend([coin], { priv: wpkhKey }, sink));
    regtest.mine(2);
    const t = performance.now();
    regtest.restore(fresh);
    restores.push(ms(t));
  }

  // Starting: the Bitcoin chain alone (the wallet's 5 accounts funded), and with simnet (the process's first, then again).
  const starts = { bitcoin: [] as number[] };
  for (let i = 0; i < N.starts; i++) {
    const t = performance.now();
    const chain = await startChain({ stacks: false });
    starts.bitcoin.push(ms(t));
    await chain.close();
  }
  let t = performance.now();
  const both = await startChain();
  const firstStart = ms(t);
  await both.close();
  t = performance.now();
  const again = await startChain();
  const secondStart = ms(t);

  const rows: Row[] = [
    figure("chain floor: bitcore-lib's interpreter alone verifying one P2WPKH input (parse, spent output, verify)", stats(samples.wpkhAlone)),
    against(
      'accepting a 1-input P2WPKH transaction (every check, the interpreter, the indexes)',
      stats(samples.wpkhAccept),
      stats(samples.wpkhAlone),
      'interpreter alone',
      2,
    ),
    figure('chain floor: the interpreter alone verifying one P2TR key-path input', stats(samples.trAlone)),
    against('accepting a 1-input P2TR transaction', stats(samples.trAccept), stats(samples.trAlone), 'interpreter alone', 2),
    figure('a hundred 1-input P2WPKH transactions accepted (the scale floor)', stats(narrow)),
    against('one 100-input P2WPKH transaction accepted', stats(wide), stats(narrow), 'a hundred 1-input', 1.2),
    figure('Esplora over HTTP: the UTXOs of an address holding 1 UTXO', stats(reads.lone)),
    against('  the same read of an address holding 1000 UTXOs', stats(reads.rich), stats(reads.lone), '1 UTXO'),
    underMs("a test's clean chain: restore after a funding, a payment and two blocks", stats(restores), 5),
    figure('chain start: Bitcoin regtest alone, 5 accounts funded, Esplora serving', stats(starts.bitcoin)),
    figure("chain start with Stacks: simnet's first start in a process (empty project, 5 accounts)", stats([firstStart])),
    figure("  the next start of the same project in the process (simnet's cached deployment)", stats([secondStart])),
    ...(await stacksRows(again, quick)),
  ];
  await again.close();
  return rows;
}
