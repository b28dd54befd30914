// Each wallet's sends and reads on the embedded regtest chain: the coins it picks and the fee it pays
// worked out by hand from the real wallet's code (cited in each wallet's coin-selection.ts), the
// signatures checked by bitcoinjs-lib + libsecp256k1, and the chain's own interpreter accepting them.
import { test, expect } from '@playwright/test';
import { decodeTransaction, verifyP2wpkhSpend } from '../../test/bitcoin-reference.ts';
import * as bitcoin from 'bitcoinjs-lib';
import { BIP32Factory } from 'bip32';
import * as bip39 from 'bip39';
import * as ecc from 'tiny-secp256k1';
import { NETWORK, TEST_MNEMONIC, reference } from '../../test/reference.ts';
import { startChain, type LocalChain } from '../chain/index.ts';
import { KeyRing } from '../core/keyring.ts';
import { RpcError } from '../core/rpc.ts';
import type { Settings } from '../core/settings.ts';
import { defaultSettings } from './settings.ts';
import { methodContext, respond } from '../core/wallet.ts';
import { approvedResponse, prepareCall } from './answer.ts';
import type { IdentityName } from '../core/choices.ts';

test.describe.configure({ mode: 'serial' });

const ring = new KeyRing();
const CONNECTED = { origin: 'https://app.example', grant: { accounts: [], readNetwork: false } };
/** Account 1: not funded at start (accounts: 1), so each test gives it exactly the coins it needs. */
const ACCOUNT = 1;

let chain: LocalChain;
let settings: Settings;
/** Account 0's p2wpkh address on regtest: somewhere to pay. */
let PAY_TO: string;

test.beforeAll(async () => {
  chain = await startChain({ accounts: 1, stacks: false });
  PAY_TO = chain.accounts[0]!.p2wpkh;
  settings = { ...defaultSettings(), network: 'regtest', activeAccount: ACCOUNT, bitcoinBroadcastUrl: chain.bitcoin.url };
});
test.afterAll(async () => chain?.close());
test.beforeEach(async () => {
  await chain.reset();
  await chain.bitcoin.setFeeRates({ halfHourFee: 7 });
});

async function send(method: string, params: unknown, as?: IdentityName) {
  const call = await prepareCall(ring, method, params as never, settings, undefined, as, as ? CONNECTED.grant : undefined);
  const outcome = await respond(ring, settings, call, undefined, as ? CONNECTED : undefined);
  return outcome.transaction!;
}

const root = () => BIP32Factory(ecc).fromSeed(bip39.mnemonicToSeedSync(TEST_MNEMONIC));
/** UniSat's one address: m/84'/0'/0'/0/<account> on every network (docs/reference/unisat.md §4), derived with bip32 + bitcoinjs-lib. */
const unisatAddress = (): string =>
  bitcoin.payments.p2wpkh({ pubkey: Buffer.from(root().derivePath(`m/84'/0'/0'/0/${ACCOUNT}`).publicKey), network: NETWORK.regtest }).address!;

/** The address holds exactly these coins, confirmed. */
async function holds(address: string, values: number[]): Promise<void> {
  for (const v of values) await chain.bitcoin.fund(address, v, { confirm: false });
  await chain.bitcoin.mine();
}

test("Leather's sendTransfer: the largest coin first, its size estimate at the half-hour rate, change above 294, sequence 0; the chain accepts it", async () => {
  const account = await reference('regtest', ACCOUNT);
  await holds(account.p2wpkh.address, [50_000, 1_000_000, 20_000]);
  const sent = await send('sendTransfer', { recipients: [{ address: PAY_TO, amount: '30000' }], network: 'devnet' });
  const tx = decodeTransaction(sent.hex, 'regtest');
  // One input of 1 000 000: size 4+1+1+4+0.5+0.25 + 67.75 + 31 + 31 (change counted) = 140.5 vB; fee ceil(140.5 × 7) = 984.
  expect(tx.outputs).toEqual([
    { address: PAY_TO, value: 30_000n },
    { address: account.p2wpkh.address, value: 1_000_000n - 30_000n - 984n },
  ]);
  const utxo = (await chain.bitcoin.utxos(account.p2wpkh.address)).find((u) => u.txid === tx.inputs[0]!.txid && u.vout === tx.inputs[0]!.index);
  expect(utxo?.value).toBe(1_000_000);
  expect(verifyP2wpkhSpend(sent.hex, 0, account.p2wpkh.publicKey, 1_000_000n)).toBe(true);
  expect(bitcoin.Transaction.fromHex(sent.hex).ins[0]!.sequence).toBe(0); // the input's sequence
  expect(await chain.bitcoin.broadcast(sent.hex)).toBe(tx.txid);

  // 1 040 000 needs the two largest: 2 × 67.75 + 72.75 = 208.25 vB, fee ceil(1457.75) = 1458.
  await chain.reset();
  await chain.bitcoin.setFeeRates({ halfHourFee: 7 });
  await holds(account.p2wpkh.address, [50_000, 1_000_000, 20_000]);
  const two = decodeTransaction((await send('sendTransfer', { recipients: [{ address: PAY_TO, amount: '1040000' }], network: 'devnet' })).hex, 'regtest');
  expect(two.inputs).toHaveLength(2);
  expect(two.outputs[1]).toEqual({ address: account.p2wpkh.address, value: 1_050_000n - 1_040_000n - 1458n });
});

test("Xverse's sendTransfer: RBF sequence, its dummy-signature size (141 vB), change above 546; the chain accepts it", async () => {
  const account = await reference('regtest', ACCOUNT);
  await holds(account.p2wpkh.address, [20_000, 1_000_000]);
  const sent = await send('sendTransfer', { recipients: [{ address: PAY_TO, amount: 30_000 }] }, 'xverse');
  const tx = decodeTransaction(sent.hex, 'regtest');
  // 1 input, 2 p2wpkh outputs: 113 bytes + 110 witness = 562 WU = 141 vB (rounded up); fee 141 × 7 = 987.
  expect(tx.outputs).toEqual([
    { address: PAY_TO, value: 30_000n },
    { address: account.p2wpkh.address, value: 1_000_000n - 30_000n - 987n },
  ]);
  expect(tx.vsize).toBeLessThanOrEqual(141); // a real signature is at most the dummy's size
  expect(verifyP2wpkhSpend(sent.hex, 0, account.p2wpkh.publicKey, 1_000_000n)).toBe(true);
  expect(bitcoin.Transaction.fromHex(sent.hex).ins[0]!.sequence).toBe(0xfffffffd);
  expect(await chain.bitcoin.broadcast(sent.hex)).toBe(tx.txid);
});

test("Xverse's nested payment address pays too (p2sh-p2wpkh, its redeem script), and the chain accepts it", async () => {
  settings = { ...settings, xversePaymentType: 'nested' };
  try {
    // Derived here with bip32 + bitcoinjs-lib: Xverse's nested payment key is m/49'/1'/<account>'/0/0 on regtest.
    const key = root().derivePath(`m/49'/1'/${ACCOUNT}'/0/0`);
    const payment = bitcoin.payments.p2sh({
      redeem: bitcoin.payments.p2wpkh({ pubkey: Buffer.from(key.publicKey), network: NETWORK.regtest }),
      network: NETWORK.regtest,
    }).address!;
    expect(payment.startsWith('2')).toBe(true);
    await holds(payment, [500_000]);
    const sent = await send('sendTransfer', { recipients: [{ address: PAY_TO, amount: 10_000 }] }, 'xverse');
    expect(await chain.bitcoin.broadcast(sent.hex)).toBe(decodeTransaction(sent.hex, 'regtest').txid);
  } finally {
    settings = { ...settings, xversePaymentType: 'native' };
  }
});

test("UniSat's sendBitcoin: coins in the API's order, its per-input estimate, change above 546, an app's fee rate; the chain accepts it", async () => {
  const address = unisatAddress();
  await holds(address, [400_000]);
  const sent = await send('sendBitcoin', [PAY_TO, 25_000], 'unisat');
  const tx = decodeTransaction(sent.hex, 'regtest');
  // 1 input, recipient + change: 141 vB at 7 = 987.
  expect(tx.outputs).toEqual([
    { address: PAY_TO, value: 25_000n },
    { address, value: 400_000n - 25_000n - 987n },
  ]);
  expect(bitcoin.Transaction.fromHex(sent.hex).ins[0]!.sequence).toBe(0xffffffff);
  expect(await chain.bitcoin.broadcast(sent.hex)).toBe(tx.txid);
  // The fee rate the app names wins over the chain's.
  await chain.bitcoin.mine();
  const paid = decodeTransaction((await send('sendBitcoin', [PAY_TO, 10_000, { feeRate: 3 }], 'unisat')).hex, 'regtest');
  expect(paid.inputs[0]!.txid).toBe(tx.txid); // the change it just made
  expect(400_000n - 25_000n - 987n - paid.outputs.reduce((s, o) => s + o.value, 0n)).toBe(141n * 3n);
});

test("UniSat's balance and UTXO reads come from the chain: confirmed and not, in its shapes", async () => {
  const address = unisatAddress();
  await holds(address, [70_000]);
  const pending = await chain.bitcoin.fund(address, 5_000, { confirm: false });
  const read = async (method: string) =>
    ((await approvedResponse(ring, settings, 'r', method, [], undefined, { identity: 'unisat', site: CONNECTED })) as { result: unknown }).result;
  expect(await read('getBalance')).toEqual({ confirmed: 70_000, unconfirmed: 5_000, total: 75_000 });
  expect(await read('getBalanceV2')).toEqual({ available: 75_000, unavailable: 0, total: 75_000 });
  const utxos = (await read('getBitcoinUtxos')) as { txid: string; satoshis: number; addressType: number; scriptPk: string }[];
  expect(utxos.map((u) => u.satoshis).sort()).toEqual([5_000, 70_000]);
  expect(utxos.find((u) => u.satoshis === 5_000)?.txid).toBe(pending);
  expect(new Set(utxos.map((u) => u.addressType))).toEqual(new Set([1])); // P2WPKH in @unisat/wallet-sdk's enum
  expect(utxos[0]!.scriptPk).toBe(Buffer.from(bitcoin.address.toOutputScript(address, NETWORK.regtest)).toString('hex'));
});

test('coins that cannot pay: each wallet answers as its window does (Leather 4001 on close, Xverse -32603 at once, UniSat 4001 on close)', async () => {
  await holds((await reference('regtest', ACCOUNT)).p2wpkh.address, [5_000]);
  await holds(unisatAddress(), [5_000]);
  const refusal = async (method: string, params: unknown, as?: IdentityName) => {
    try {
      await send(method, params, as);
    } catch (error) {
      if (error instanceof RpcError) return { code: error.code, message: error.message };
      throw error;
    }
    return 'sent';
  };
  expect(await refusal('sendTransfer', { recipients: [{ address: PAY_TO, amount: '4900' }], network: 'devnet' })).toEqual({
    code: 4001,
    message: 'User rejected request',
  });
  expect(await refusal('sendTransfer', { recipients: [{ address: PAY_TO, amount: 4_900 }] }, 'xverse')).toEqual({
    code: -32603,
    message: 'Insufficient balance',
  });
  expect(await refusal('sendBitcoin', [PAY_TO, 4_900], 'unisat')).toEqual({ code: 4001, message: 'User rejected the request.' });
  // 4 000 leaves room for the fee: all three pay it.
  expect(await refusal('sendTransfer', { recipients: [{ address: PAY_TO, amount: '4000' }], network: 'devnet' })).toBe('sent');
});

test("a PSBT's window says what the chain holds for each of the account's inputs: unspent and its value, a value the PSBT misstates, an outpoint not unspent; others are not the account's", async () => {
  const account = await reference('regtest', ACCOUNT);
  const a = await chain.bitcoin.fund(account.p2wpkh.address, 40_000);
  const b = await chain.bitcoin.fund(account.p2wpkh.address, 25_000);
  const own = bitcoin.address.toOutputScript(account.p2wpkh.address, NETWORK.regtest);
  const psbt = new bitcoin.Psbt({ network: NETWORK.regtest });
  psbt.addInput({ hash: a, index: 0, witnessUtxo: { script: own, value: 40_000n } });
  psbt.addInput({ hash: b, index: 0, witnessUtxo: { script: own, value: 99_000n } }); // claims more than the coin holds
  psbt.addInput({ hash: 'aa'.repeat(32), index: 0, witnessUtxo: { script: own, value: 1_000n } });
  psbt.addInput({ hash: 'bb'.repeat(32), index: 1, witnessUtxo: { script: bitcoin.address.toOutputScript(PAY_TO, NETWORK.regtest), value: 5_000n } });
  psbt.addOutput({ address: PAY_TO, value: 60_000n });
  const call = await prepareCall(ring, 'signPsbt', { hex: psbt.toHex(), network: 'devnet' } as never, settings);
  const view = await call.method.view(call.params, await methodContext(ring, settings, call.target));
  const inputs = view.tables.find((t) => t.caption === 'Inputs')!;
  expect(inputs.columns.at(-1)).toBe('On the chain');
  expect(inputs.rows.map((row) => row.at(-1))).toEqual([
    'unspent, 0.0004 BTC',
    'unspent, 0.00025 BTC; the PSBT says 0.00099 BTC',
    'not unspent (spent, or never made)',
    '— (not this account’s)',
  ]);
});
