// The chain's verdicts on transactions built by another library (bitcoinjs-lib with libsecp256k1
// through tiny-secp256k1): exactly the valid ones enter, the others with Bitcoin Core's reasons.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { Regtest, type ChainError } from './regtest.ts';
import { Faucet } from './faucet.ts';
import { encodeHeader, mineHeader } from './block.ts';
import { GENESIS } from './params.ts';
import { scriptAsm } from './script.ts';

bitcoin.initEccLib(ecc);
const network = bitcoin.networks.regtest;
const keyOf = (label: string) => createHash('sha256').update(label).digest();
const xOnly = (pub: Uint8Array) => pub.subarray(1, 33);
const tapTweak = (x: Uint8Array, merkle?: Uint8Array) => bitcoin.crypto.taggedHash('TapTweak', merkle ? Buffer.concat([x, merkle]) : Buffer.from(x));

interface Spendable {
  txid: string;
  vout: number;
  value: number;
  script: Uint8Array;
}

/** A P2WPKH key a test owns: its address and a spend of one of its outputs, signed by bitcoinjs-lib. */
function p2wpkhWallet(label: string) {
  const priv = keyOf(label);
  const pubkey = ecc.pointFromScalar(priv, true)!;
  const pay = bitcoin.payments.p2wpkh({ pubkey, network });
  const signer = { publicKey: pubkey, sign: (hash: Uint8Array) => ecc.sign(hash, priv) };
  return {
    address: pay.address!,
    script: pay.output!,
    /** One input to outputs that may pay more than it holds (bitcoinjs-lib's PSBT refuses to): signed by hand with its sighash. */
    overspend(coin: Spendable, outputs: { script: Uint8Array; value: number }[]) {
      const tx = new bitcoin.Transaction();
      tx.version = 2;
      tx.addInput(Buffer.from(coin.txid, 'hex').reverse(), coin.vout);
      for (const o of outputs) tx.addOutput(o.script, BigInt(o.value));
      const hash = tx.hashForWitnessV0(0, bitcoin.payments.p2pkh({ pubkey }).output!, BigInt(coin.value), bitcoin.Transaction.SIGHASH_ALL);
      tx.setWitness(0, [bitcoin.script.signature.encode(ecc.sign(hash, priv), bitcoin.Transaction.SIGHASH_ALL), pubkey]);
      return tx;
    },
    spend(coins: Spendable[], outputs: { script: Uint8Array; value: number }[], tweak?: (psbt: bitcoin.Psbt) => void, sequence?: number) {
      const psbt = new bitcoin.Psbt({ network });
      for (const c of coins)
        psbt.addInput({ hash: c.txid, index: c.vout, witnessUtxo: { script: c.script, value: BigInt(c.value) }, ...(sequence !== undefined && { sequence }) });
      for (const o of outputs) psbt.addOutput({ script: o.script, value: BigInt(o.value) });
      tweak?.(psbt);
      psbt.signAllInputs(signer);
      psbt.finalizeAllInputs();
      return psbt.extractTransaction(true);
    },
  };
}

/** A chain with one confirmed 1 BTC output to each of two test keys. */
function setup() {
  const alice = p2wpkhWallet('alice');
  const regtest = new Regtest({ funding: [{ address: alice.address, sats: 100_000_000n }] });
  const coin = async (address: string): Promise<Spendable> => {
    const [utxo] = (await regtest.read(`/address/${address}/utxo`)) as { txid: string; vout: number; value: number }[];
    const tx = regtest.chain.txs.get(utxo!.txid)!.tx;
    return { txid: utxo!.txid, vout: utxo!.vout, value: utxo!.value, script: tx.outputs[utxo!.vout]!.script };
  };
  return { regtest, alice, coin };
}

/** Alice pays Bob half her coin and keeps the rest, less a 10 000 sat fee. */
async function payHalf(
  regtest: Regtest,
  alice: ReturnType<typeof p2wpkhWallet>,
  bob: ReturnType<typeof p2wpkhWallet>,
  coin: (address: string) => Promise<Spendable>,
): Promise<void> {
  const half = [
    { script: bob.script, value: 50_000_000 },
    { script: alice.script, value: 49_990_000 },
  ];
  regtest.broadcast(alice.spend([await coin(alice.address)], half).toHex());
}

test('regtest genesis: the header encoder gives its published hash, and a mined header meets the target', () => {
  const header = encodeHeader({
    version: 1,
    prev: '0'.repeat(64),
    merkleRoot: Buffer.from(GENESIS.merkleRoot, 'hex').reverse(),
    time: GENESIS.time,
    bits: GENESIS.bits,
    nonce: GENESIS.nonce,
  });
  // bitcoinjs-lib reads our header and hashes it to the chain's genesis hash.
  expect(bitcoin.Block.fromBuffer(Buffer.from(header)).getId()).toBe('0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206');
  const mined = mineHeader({ version: 0x20000000, prev: GENESIS.hash, merkleRoot: new Uint8Array(32), time: GENESIS.time + 1 });
  expect(bitcoin.Block.fromBuffer(Buffer.from(mined.header)).checkProofOfWork()).toBe(true);
});

test('blocks are ones bitcoinjs-lib accepts: merkle root and witness commitment', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  await payHalf(regtest, alice, bob, coin);
  const [hash] = regtest.mine();
  const block = regtest.chain.blockAt(hash!)!;
  const raw = Buffer.concat([
    Buffer.from(block.header),
    Buffer.from([block.txids.length]),
    ...block.txids.map((id) => Buffer.from(regtest.chain.txs.get(id)!.tx.raw)),
  ]);
  const parsed = bitcoin.Block.fromBuffer(raw);
  expect(parsed.getId()).toBe(hash);
  expect(parsed.checkTxRoots()).toBe(true);
  expect(parsed.weight()).toBe(block.weight);
  expect(raw.length).toBe(block.size);
});

test('P2WPKH: a valid spend enters with its own txid; the same with an output changed after signing is refused by the interpreter', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  const utxo = await coin(alice.address);
  const tx = alice.spend([utxo], [{ script: bob.script, value: 99_990_000 }]);
  const tampered = bitcoin.Transaction.fromHex(tx.toHex());
  tampered.outs[0]!.value = 99_990_001n;
  expect(() => regtest.broadcast(tampered.toHex())).toThrow(
    'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
  );
  expect(regtest.broadcast(tx.toHex())).toBe(tx.getId());
  expect(regtest.chain.mempool()).toEqual([tx.getId()]);
});

test('P2TR: key-path and script-path spends enter; a leaf signed by another key is refused', async () => {
  const { regtest, alice, coin } = setup();
  const internal = keyOf('taproot-internal');
  const internalPub = ecc.pointFromScalar(internal, true)!;
  const leafKey = keyOf('leaf');
  const leafPub = xOnly(ecc.pointFromScalar(leafKey, true)!);
  const leaf = { output: bitcoin.script.compile([Buffer.from(leafPub), bitcoin.opcodes.OP_CHECKSIG]) };
  const keyPay = bitcoin.payments.p2tr({ internalPubkey: xOnly(internalPub), network });
  const scriptPay = bitcoin.payments.p2tr({ internalPubkey: xOnly(internalPub), scriptTree: leaf, redeem: leaf, network });
  const fundTx = alice.spend(
    [await coin(alice.address)],
    [
      { script: keyPay.output!, value: 40_000_000 },
      { script: scriptPay.output!, value: 40_000_000 },
      { script: alice.script, value: 19_990_000 },
    ],
  );
  regtest.broadcast(fundTx.toHex());
  regtest.mine();

  // Key path: the tweaked key signs (BIP-86 style, with no script tree).
  const keyPsbt = new bitcoin.Psbt({ network });
  keyPsbt.addInput({ hash: fundTx.getId(), index: 0, witnessUtxo: { script: keyPay.output!, value: 40_000_000n }, tapInternalKey: xOnly(internalPub) });
  keyPsbt.addOutput({ script: alice.script, value: 39_990_000n });
  const tweaked = ecc.privateAdd(ecc.pointFromScalar(internal, true)![0] === 3 ? ecc.privateNegate(internal) : internal, tapTweak(xOnly(internalPub)))!;
  keyPsbt.signInput(0, {
    publicKey: Buffer.concat([Buffer.from([2]), Buffer.from(ecc.xOnlyPointFromScalar(tweaked))]),
    signSchnorr: (h: Uint8Array) => ecc.signSchnorr(h, tweaked),
  } as unknown as bitcoin.Signer);
  keyPsbt.finalizeAllInputs();
  const keySpend = keyPsbt.extractTransaction(true);
  expect(regtest.broadcast(keySpend.toHex())).toBe(keySpend.getId());

  // Script path: the leaf's key signs; then the same spend signed by another key.
  const leafSpend = (priv: Uint8Array) => {
    const psbt = new bitcoin.Psbt({ network });
    psbt.addInput({
      hash: fundTx.getId(),
      index: 1,
      witnessUtxo: { script: scriptPay.output!, value: 40_000_000n },
      tapLeafScript: [{ leafVersion: 0xc0, script: leaf.output, controlBlock: scriptPay.witness![scriptPay.witness!.length - 1]! }],
    });
    psbt.addOutput({ script: alice.script, value: 39_990_000n });
    psbt.signInput(0, {
      publicKey: Buffer.concat([Buffer.from([2]), Buffer.from(leafPub)]),
      signSchnorr: (h: Uint8Array) => ecc.signSchnorr(h, priv),
    } as unknown as bitcoin.Signer);
    psbt.finalizeAllInputs();
    return psbt.extractTransaction(true);
  };
  expect(() => regtest.broadcast(leafSpend(keyOf('mallory')).toHex())).toThrow('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
  const good = leafSpend(leafKey);
  expect(regtest.broadcast(good.toHex())).toBe(good.getId());
});

test('refusals carry Bitcoin Core reasons: values, fees, dust, spent and missing inputs, coinbase maturity, lock-times', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  const utxo = await coin(alice.address);
  const refusal = (hex: string) => {
    try {
      regtest.broadcast(hex);
    } catch (error) {
      return (error as ChainError).message.replace(/^the chain refused the transaction: /, '');
    }
    return 'accepted';
  };
  expect(refusal(alice.overspend(utxo, [{ script: bob.script, value: 100_000_001 }]).toHex())).toBe(
    'bad-txns-in-belowout, value in (1.00) < value out (1.00000001) (bitcoind code -26)',
  );
  // One input, one P2WPKH output: 110 vB, so 109 sats of fee is below the 1 sat/vB floor.
  const thin = alice.spend([utxo], [{ script: bob.script, value: 100_000_000 - 109 }]);
  expect(thin.virtualSize()).toBe(110);
  expect(refusal(thin.toHex())).toBe('min relay fee not met, 109 < 110 (bitcoind code -26)');
  expect(
    refusal(
      alice
        .spend(
          [utxo],
          [
            { script: bob.script, value: 293 },
            { script: alice.script, value: 99_000_000 },
          ],
        )
        .toHex(),
    ),
  ).toBe('dust, tx with dust output must be 0-fee (bitcoind code -26)');
  // Two dust outputs are not standard at all (MAX_DUST_OUTPUTS_PER_TX is one).
  const twoDust = alice.spend(
    [utxo],
    [
      { script: bob.script, value: 293 },
      { script: bob.script, value: 100 },
      { script: alice.script, value: 99_000_000 },
    ],
  );
  expect(refusal(twoDust.toHex())).toBe('dust (bitcoind code -26)');
  expect(refusal(alice.spend([{ ...utxo, txid: 'ab'.repeat(32) }], [{ script: bob.script, value: 1000 }]).toHex())).toBe(
    'bad-txns-inputs-missingorspent (bitcoind code -25)',
  );
  const locked = alice.spend([utxo], [{ script: bob.script, value: 99_000_000 }], (psbt) => psbt.setLocktime(regtest.chain.tip.height + 5), 0xfffffffd);
  expect(refusal(locked.toHex())).toBe('non-final (bitcoind code -26)');
  const relative = alice.spend([utxo], [{ script: bob.script, value: 99_000_000 }], (psbt) => psbt.setVersion(2), 5);
  expect(refusal(relative.toHex())).toBe('non-BIP68-final (bitcoind code -26)');
  regtest.mine(4);
  expect(refusal(relative.toHex())).toBe('accepted');
  regtest.mine();
  // Sent again once mined: its output is in the UTXO set; once that is spent, its input is missing.
  expect(refusal(relative.toHex())).toBe('Transaction outputs already in utxo set (bitcoind code -27)');
  regtest.broadcast(
    bob.spend([{ txid: relative.getId(), vout: 0, value: 99_000_000, script: bob.script }], [{ script: alice.script, value: 98_000_000 }]).toHex(),
  );
  regtest.mine();
  expect(refusal(relative.toHex())).toBe('bad-txns-inputs-missingorspent (bitcoind code -25)');
  // The faucet's newest reward is 0 blocks deep.
  const reward = regtest.chain.utxosOf(regtest.faucet.script).find((c) => c.coinbase && c.height === regtest.chain.tip.height)!;
  const faucetKey = Buffer.from(Faucet.privateKeyHex, 'hex');
  const psbt = new bitcoin.Psbt({ network });
  psbt.addInput({ hash: reward.txid, index: 0, witnessUtxo: { script: reward.script, value: reward.value } });
  psbt.addOutput({ script: bob.script, value: reward.value - 1000n });
  psbt.signAllInputs({ publicKey: ecc.pointFromScalar(faucetKey, true)!, sign: (h: Uint8Array) => ecc.sign(h, faucetKey) });
  psbt.finalizeAllInputs();
  expect(refusal(psbt.extractTransaction(true).toHex())).toBe('bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1 (bitcoind code -26)');
  expect(refusal('00')).toBe('TX decode failed. Make sure the tx has at least one input. (bitcoind code -22)');
});

test('mempool: unconfirmed outputs spend; a conflict replaces only with a higher fee (full RBF), or is refused without RBF', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  const utxo = await coin(alice.address);
  const first = alice.spend([utxo], [{ script: bob.script, value: 99_990_000 }]);
  regtest.broadcast(first.toHex());
  // A child of the unconfirmed payment.
  const child = bob.spend([{ txid: first.getId(), vout: 0, value: 99_990_000, script: bob.script }], [{ script: alice.script, value: 99_980_000 }]);
  expect(regtest.broadcast(child.toHex())).toBe(child.getId());
  // Re-sending what the mempool holds answers its txid, as bitcoind does.
  expect(regtest.broadcast(first.toHex())).toBe(first.getId());
  const cheaper = alice.spend([utxo], [{ script: bob.script, value: 99_995_000 }]);
  expect(() => regtest.broadcast(cheaper.toHex())).toThrow(
    `insufficient fee, rejecting replacement ${cheaper.getId()}; new feerate 0.00045454 BTC/kvB <= old feerate 0.00090909 BTC/kvB`,
  );
  // Replacing the parent must out-pay parent and child together (20 000 sats).
  const replacement = alice.spend([utxo], [{ script: alice.script, value: 99_970_000 }]);
  expect(regtest.broadcast(replacement.toHex())).toBe(replacement.getId());
  expect(regtest.chain.mempool()).toEqual([replacement.getId()]);
  expect(await regtest.read(`/tx/${child.getId()}/status`)).toEqual({ confirmed: false });
  await expect(regtest.read(`/tx/${child.getId()}`)).rejects.toThrow('404 Transaction not found');

  const strict = new Regtest({ fullRbf: false, funding: [{ address: alice.address, sats: 100_000_000n }] });
  const [own] = (await strict.read(`/address/${alice.address}/utxo`)) as { txid: string; vout: number; value: number }[];
  const spendable = { ...own!, script: alice.script };
  strict.broadcast(alice.spend([spendable], [{ script: bob.script, value: 99_000_000 }], undefined, 0xffffffff).toHex());
  expect(() => strict.broadcast(alice.spend([spendable], [{ script: bob.script, value: 90_000_000 }]).toHex())).toThrow(
    'txn-mempool-conflict (bitcoind code -26)',
  );
});

test('a snapshot puts back blocks, mempool, spends and fee rates; a restore costs what the test changed', async () => {
  const { regtest, alice, coin } = setup();
  const before = JSON.stringify(await regtest.read(`/address/${alice.address}`));
  const tip = regtest.chain.tip.hash;
  const snapshot = regtest.snapshot();
  const bob = p2wpkhWallet('bob');
  await payHalf(regtest, alice, bob, coin);
  regtest.mine(3);
  regtest.fund(bob.address, 12_345);
  regtest.setFeeRates({ fastestFee: 99 });
  regtest.restore(snapshot);
  expect(regtest.chain.tip.hash).toBe(tip);
  expect(regtest.chain.mempool()).toEqual([]);
  expect(JSON.stringify(await regtest.read(`/address/${alice.address}`))).toBe(before);
  expect(await regtest.read(`/address/${bob.address}/utxo`)).toEqual([]);
  expect(regtest.chain.fees.rates.fastestFee).toBe(10);
  // The same snapshot again, after more changes.
  regtest.mine();
  regtest.restore(snapshot);
  expect(regtest.chain.tip.hash).toBe(tip);
});

test('controls refuse bad input with a readable message', () => {
  const { regtest } = setup();
  expect(() => regtest.fund('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 1000)).toThrow(
    '"bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" is not a regtest address',
  );
  expect(() => regtest.fund('bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zhk7tq7'.replace('7tq7', '7tq8'), 1000)).toThrow(/is not a regtest address/);
  expect(() => regtest.mine(0)).toThrow('the number of blocks must be a whole number from 1 to 10000, got 0');
  expect(() => regtest.broadcast('xyz')).toThrow('the transaction must be hex');
  expect(() => regtest.setFeeRates({ fastestFee: -1 })).toThrow('fee rate fastestFee must be a number of sat/vB above 0');
});

test('script assembly as electrs prints it', () => {
  const hex = (s: string) => Buffer.from(s, 'hex');
  expect(scriptAsm(hex('0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2'))).toBe('OP_0 OP_PUSHBYTES_20 c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2');
  expect(scriptAsm(hex('76a914c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e288ac'))).toBe(
    'OP_DUP OP_HASH160 OP_PUSHBYTES_20 c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2 OP_EQUALVERIFY OP_CHECKSIG',
  );
  expect(scriptAsm(hex('6a04deadbeef'))).toBe('OP_RETURN OP_PUSHBYTES_4 deadbeef');
  expect(scriptAsm(hex('51024e73'))).toBe('OP_PUSHNUM_1 OP_PUSHBYTES_2 4e73');
  expect(scriptAsm(hex(''))).toBe('');
});

test('what sendrawtransaction itself decides: a legacy P2PKH spend, the fee cap, burnt value, a held transaction with another witness', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  const legacyKey = keyOf('legacy');
  const legacyPub = ecc.pointFromScalar(legacyKey, true)!;
  const legacy = bitcoin.payments.p2pkh({ pubkey: legacyPub, network });
  const fundingTxid = regtest.fund(legacy.address!, 50_000);
  const funding = bitcoin.Transaction.fromHex((await regtest.read(`/tx/${fundingTxid}/hex`)) as string);
  const vout = funding.outs.findIndex((o) => Buffer.from(o.script).equals(Buffer.from(legacy.output!)));
  // A pre-segwit spend: no witness at all, the signature in the scriptSig.
  const psbt = new bitcoin.Psbt({ network });
  psbt.addInput({ hash: fundingTxid, index: vout, nonWitnessUtxo: funding.toBuffer() });
  psbt.addOutput({ script: bob.script, value: 49_000n });
  psbt.signAllInputs({ publicKey: legacyPub, sign: (h: Uint8Array) => ecc.sign(h, legacyKey) });
  psbt.finalizeAllInputs();
  const spend = psbt.extractTransaction(true);
  expect(spend.hasWitnesses()).toBe(false);
  expect(regtest.broadcast(spend.toHex())).toBe(spend.getId());

  const utxo = await coin(alice.address);
  // 0.5 BTC of fee on 110 vB is over sendrawtransaction's 0.10 BTC/kvB cap.
  expect(() => regtest.broadcast(alice.spend([utxo], [{ script: bob.script, value: 50_000_000 }]).toHex())).toThrow(
    'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate) (bitcoind code -25)',
  );
  const burn = bitcoin.payments.embed({ data: [Buffer.from('gone')] }).output!;
  expect(() =>
    regtest.broadcast(
      alice
        .spend(
          [utxo],
          [
            { script: burn, value: 1_000 },
            { script: bob.script, value: 99_990_000 },
          ],
        )
        .toHex(),
    ),
  ).toThrow('Unspendable output exceeds maximum configured by user (maxburnamount) (bitcoind code -25)');
  // The same transaction signed again with other nonces: the txid the mempool holds is the answer.
  const first = alice.spend([utxo], [{ script: bob.script, value: 99_990_000 }]);
  expect(regtest.broadcast(first.toHex())).toBe(first.getId());
  const resigned = bitcoin.Transaction.fromHex(first.toHex());
  const hash = resigned.hashForWitnessV0(
    0,
    bitcoin.payments.p2pkh({ pubkey: Buffer.from(first.ins[0]!.witness[1]!) }).output!,
    100_000_000n,
    bitcoin.Transaction.SIGHASH_ALL,
  );
  resigned.setWitness(0, [
    bitcoin.script.signature.encode(ecc.sign(hash, keyOf('alice'), Buffer.alloc(32, 7)), bitcoin.Transaction.SIGHASH_ALL),
    first.ins[0]!.witness[1]!,
  ]);
  expect(resigned.getHash(true)).not.toEqual(first.getHash(true));
  expect(regtest.broadcast(resigned.toHex())).toBe(first.getId());
});

test('mempool limits: 25 descendants and one more by the CPFP carve-out; a replacement may spend more outputs of a parent it already spent', async () => {
  const { regtest, alice, coin } = setup();
  const bob = p2wpkhWallet('bob');
  const utxo = await coin(alice.address);
  const outputs = [...Array.from({ length: 27 }, () => ({ script: bob.script, value: 1_000_000 })), { script: alice.script, value: 72_990_000 }];
  const parent = alice.spend([utxo], outputs);
  regtest.broadcast(parent.toHex());
  const spendOf = (vouts: number[], value: number) =>
    bob.spend(
      vouts.map((vout) => ({ txid: parent.getId(), vout, value: 1_000_000, script: bob.script })),
      [{ script: alice.script, value }],
    );
  // The parent and 24 children are 25; a 25th child is the carve-out's one more; a 26th is refused.
  for (let vout = 0; vout < 25; vout++) regtest.broadcast(spendOf([vout], 990_000).toHex());
  expect(() => regtest.broadcast(spendOf([25], 990_000).toHex())).toThrow(`too-long-mempool-chain, too many descendants for tx ${parent.getId()} [limit: 25]`);

  // Rule 2 reads parents, not outputs: replacing a child with one that also spends another output of the same parent is fine.
  const second = setup();
  const other = await second.coin(second.alice.address);
  const base = second.alice.spend(
    [other],
    [
      { script: bob.script, value: 1_000_000 },
      { script: bob.script, value: 1_000_000 },
      { script: second.alice.script, value: 97_990_000 },
    ],
  );
  second.regtest.broadcast(base.toHex());
  const spend = (vouts: number[], value: number) =>
    bob.spend(
      vouts.map((vout) => ({ txid: base.getId(), vout, value: 1_000_000, script: bob.script })),
      [{ script: alice.script, value }],
    );
  second.regtest.broadcast(spend([0], 990_000).toHex());
  const bump = spend([0, 1], 1_970_000);
  expect(second.regtest.broadcast(bump.toHex())).toBe(bump.getId());
});
