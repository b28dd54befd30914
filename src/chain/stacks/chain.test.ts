// The Stacks chain through its HTTP server, as an app reaches it: transactions built and broadcast with
// @stacks/transactions, signed with keys derived apart from the chain (@stacks/wallet-sdk), and read
// back with its fetch functions and the Hiro API's routes. One simnet for the file (its start is the
// cost); every test starts from the same state, restored from a snapshot.
import { test, expect } from '@playwright/test';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateNewAccount, generateWallet, getStxAddress } from '@stacks/wallet-sdk';
import {
  Cl,
  Pc,
  broadcastTransaction,
  cvToHex,
  deserializeTransaction,
  fetchAbi,
  fetchCallReadOnlyFunction,
  fetchFeeEstimate,
  fetchNonce,
  makeContractCall,
  makeContractDeploy,
  makeSTXTokenTransfer,
  type StacksTransactionWire,
} from '@stacks/transactions';
import type { Served } from '../http.ts';
import { StacksChain, DEFAULT_MICRO_STX, type StacksSnapshot } from './chain.ts';
import { FEE_SINK } from './execute.ts';
import { writeProject } from './project.ts';

test.describe.configure({ mode: 'default' }); // one worker: one simnet start for the file

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const COUNTER = `
(define-data-var counter uint u0)
(define-public (inc (by uint)) (begin (var-set counter (+ (var-get counter) by)) (ok (var-get counter))))
(define-read-only (get-counter) (var-get counter))
(define-public (pay (amount uint) (to principal)) (stx-transfer? amount tx-sender to))
(define-public (fail) (begin (var-set counter u99) (err u7)))
`;

let chain: StacksChain;
let server: Served;
let fresh: StacksSnapshot;
let keys: string[];
let addresses: string[];
let startMs: number;

test.beforeAll(async () => {
  test.setTimeout(120_000); // simnet's first start: ~4 s on an idle machine, far more on a busy one
  let wallet = await generateWallet({ secretKey: MNEMONIC, password: 'x' });
  wallet = generateNewAccount(wallet);
  keys = wallet.accounts.map((a) => a.stxPrivateKey);
  addresses = wallet.accounts.map((account) => getStxAddress({ account, network: 'testnet' }));
  const t = performance.now();
  chain = await StacksChain.start();
  startMs = performance.now() - t;
  server = await chain.serve();
  fresh = chain.snapshot();
});
test.afterAll(async () => server?.close());
test.beforeEach(async () => chain.restore(fresh));

const node = () => ({ network: 'testnet' as const, client: { baseUrl: server.url } });
const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  const text = await response.text();
  return {
    status: response.status,
    body: (response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : { text }) as Record<string, unknown>,
  };
};
const send = (transaction: StacksTransactionWire) => broadcastTransaction({ transaction, ...node() });
const transfer = (nonce: number, amount = 1_000_000n, fee = 1_000n, key = keys[0]!, recipient = addresses[1]!) =>
  makeSTXTokenTransfer({ recipient, amount, senderKey: key, network: 'testnet', nonce, fee });
const deploy = (nonce: number) =>
  makeContractDeploy({ contractName: 'counter', codeBody: COUNTER, senderKey: keys[0]!, network: 'testnet', nonce, fee: 10_000 });

test('the wallet accounts are funded; the node and the API read them as the real ones do', async () => {
  test.info().annotations.push({ type: 'simnet start', description: `${Math.round(startMs)} ms` });
  expect(chain.accounts.slice(0, 2)).toEqual(addresses);
  expect(chain.accounts[0]).toBe('STC5KHM41H6WHAST7MWWDD807YSPRQKJ68T330BQ');
  expect(chain.accounts).toHaveLength(10);
  const account = await get(`/v2/accounts/${addresses[0]}`);
  expect(account).toEqual({
    status: 200,
    body: {
      balance: `0x${DEFAULT_MICRO_STX.toString(16).padStart(32, '0')}`,
      locked: `0x${'0'.repeat(32)}`,
      unlock_height: 0,
      nonce: 0,
      balance_proof: '',
      nonce_proof: '',
    },
  });
  expect(Object.keys((await get(`/v2/accounts/${addresses[0]}?proof=0`)).body)).toEqual(['balance', 'locked', 'unlock_height', 'nonce']);
  expect((await get(`/extended/v1/address/${addresses[0]}/balances`)).body).toMatchObject({
    stx: { balance: String(DEFAULT_MICRO_STX), locked: '0' },
    fungible_tokens: {},
    non_fungible_tokens: {},
  });
  expect((await get(`/extended/v1/address/${addresses[0]}/nonces`)).body).toEqual({
    last_executed_tx_nonce: null,
    last_mempool_tx_nonce: null,
    possible_next_nonce: 0,
    detected_missing_nonces: [],
    detected_mempool_nonces: [],
  });
  const info = (await get('/v2/info')).body;
  expect(info).toMatchObject({ network_id: 0x80000000, stacks_tip_height: expect.any(Number), burn_block_height: expect.any(Number), is_fully_synced: true });
  // Not a principal by the node's path pattern: no route (404); one by the pattern that does not decode: 400.
  expect(await get('/v2/accounts/not-an-address')).toMatchObject({ status: 404 });
  const badChecksum = `${addresses[0]!.slice(0, -1)}${addresses[0]!.endsWith('Q') ? 'R' : 'Q'}`;
  expect(await get(`/v2/accounts/${badChecksum}`)).toEqual({ status: 400, body: { text: `Failed to decode: Failed to parse principal ${badChecksum}` } });
  expect(await get(`/extended/v1/tx/0x${'ab'.repeat(32)}`)).toEqual({
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: 'could not find transaction by ID' },
  });
});

test('a transfer broadcast with @stacks/transactions is mined: its txid, the tx JSON, balances, fetchNonce', async () => {
  const tx = await transfer(0);
  expect(await send(tx)).toEqual({ txid: tx.txid() });
  expect(await fetchNonce({ address: addresses[0]!, ...node() })).toBe(1n);
  expect(chain.nonce(addresses[0]!)).toBe(1);
  expect(await chain.balance(addresses[0]!)).toBe(DEFAULT_MICRO_STX - 1_001_000n);
  expect(await chain.balance(addresses[1]!)).toBe(DEFAULT_MICRO_STX + 1_000_000n);
  expect(await chain.balance(FEE_SINK)).toBe(1_000n);
  const { status, body } = await get(`/extended/v1/tx/${tx.txid()}`);
  expect(status).toBe(200);
  expect(body).toMatchObject({
    tx_id: `0x${tx.txid()}`,
    tx_status: 'success',
    tx_type: 'token_transfer',
    sender_address: addresses[0],
    nonce: 0,
    fee_rate: '1000',
    sponsored: false,
    tx_result: { hex: '0x0703', repr: '(ok true)' },
    block_height: expect.any(Number),
    canonical: true,
    post_condition_mode: 'deny',
    post_conditions: [],
    token_transfer: { recipient_address: addresses[1], amount: '1000000' },
    events: [
      { event_index: 0, event_type: 'stx_asset', asset: { asset_event_type: 'transfer', sender: addresses[0], recipient: addresses[1], amount: '1000000' } },
    ],
  });
  expect((await get(`/extended/v1/address/${addresses[0]}/stx`)).body).toMatchObject({ total_sent: '1000000', total_fees_sent: '1000' });
  // The same bytes again: the node answers with the txid and does nothing more.
  expect(await send(tx)).toEqual({ txid: tx.txid() });
  expect(chain.nonce(addresses[0]!)).toBe(1);
  // Fee estimates as @stacks/transactions asks for them: 1 µSTX per byte at the middle rate × 2.
  expect(await fetchFeeEstimate({ transaction: await transfer(1), ...node() })).toBeGreaterThan(0);
});

test('refusals in the node words: a used nonce, a bad signature, too little money, too low a fee, bad bytes', async () => {
  expect(await send(await transfer(0))).toHaveProperty('txid');
  const reused = await transfer(0, 5n);
  expect(await send(reused)).toEqual({
    txid: reused.txid(),
    error: 'transaction rejected',
    reason: 'BadNonce',
    reason_data: { expected: 1, actual: 0, principal: addresses[0], is_origin: true },
  });
  // A byte of the signature flipped (version 1, chain id 4, auth type 1, hash mode 1, signer 20, nonce 8, fee 8, key encoding 1).
  const bytes = (await transfer(1)).serializeBytes();
  bytes[44 + 10]! ^= 0x01;
  const forged = deserializeTransaction(bytes);
  expect(await send(forged)).toMatchObject({ txid: forged.txid(), reason: 'SignatureValidation', reason_data: { message: expect.stringContaining('') } });
  const tooMuch = await transfer(1, DEFAULT_MICRO_STX);
  expect(await send(tooMuch)).toEqual({
    txid: tooMuch.txid(),
    error: 'transaction rejected',
    reason: 'NotEnoughFunds',
    reason_data: {
      expected: `0x${(DEFAULT_MICRO_STX + 1_000n).toString(16).padStart(32, '0')}`,
      actual: `0x${(DEFAULT_MICRO_STX - 1_001_000n).toString(16).padStart(32, '0')}`,
    },
  });
  const cheap = await transfer(1, 1n, 1n);
  expect(await send(cheap)).toMatchObject({ reason: 'FeeTooLow', reason_data: { actual: 1, expected: cheap.serializeBytes().length } });
  const garbage = await fetch(`${server.url}/v2/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([0x80, 1, 2]),
  });
  expect(garbage.status).toBe(400);
  expect(await garbage.text()).toMatch(/^Failed to decode: Failed to deserialize posted transaction/);
  // The raw bytes as the wallet posts them (application/octet-stream) are taken as the JSON form is.
  const raw = await transfer(1);
  const posted = await fetch(`${server.url}/v2/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from(raw.serializeBytes()),
  });
  expect(await posted.json()).toBe(raw.txid());
  expect(chain.nonce(addresses[0]!)).toBe(2);
});

test('a contract deployed and called through the API gives what simnet gives for the same call', async () => {
  const deployed = await deploy(0);
  expect(await send(deployed)).toEqual({ txid: deployed.txid() });
  const id = `${addresses[0]}.counter`;
  expect(chain.tx(deployed.txid())).toMatchObject({ status: 'success' });
  const abi = await fetchAbi({ contractAddress: addresses[0]!, contractName: 'counter', ...node() });
  expect(abi.functions.map((f) => f.name)).toEqual(expect.arrayContaining(['inc', 'get-counter', 'pay']));

  const before = chain.snapshot();
  const call = await makeContractCall({
    contractAddress: addresses[0]!,
    contractName: 'counter',
    functionName: 'inc',
    functionArgs: [Cl.uint(5)],
    senderKey: keys[1]!,
    network: 'testnet',
    nonce: 0,
    fee: 5_000,
  });
  expect(await send(call)).toEqual({ txid: call.txid() });
  const viaApi = (await get(`/extended/v1/tx/${call.txid()}`)).body;
  expect(viaApi).toMatchObject({
    tx_status: 'success',
    tx_type: 'contract_call',
    tx_result: { repr: '(ok u5)' },
    contract_call: {
      contract_id: id,
      function_name: 'inc',
      function_signature: '(define-public (inc (by uint)))',
      function_args: [{ repr: 'u5', name: 'by', type: 'uint' }],
    },
  });
  const readOnly = await fetchCallReadOnlyFunction({
    contractAddress: addresses[0]!,
    contractName: 'counter',
    functionName: 'get-counter',
    functionArgs: [],
    senderAddress: addresses[1]!,
    ...node(),
  });
  expect(readOnly).toEqual(await chain.callReadOnly(id, 'get-counter', [], addresses[1]));
  expect(readOnly).toEqual(Cl.uint(5));

  // The same call on the same state, through simnet's own callPublicFn.
  await chain.restore(before);
  const direct = await chain.callPublic(id, 'inc', [Cl.uint(5)], addresses[1]!);
  expect((viaApi['tx_result'] as { hex: string }).hex).toBe(cvToHex(direct.result));

  // An (err …) response is mined as abort_by_response, its changes undone.
  const failing = await makeContractCall({
    contractAddress: addresses[0]!,
    contractName: 'counter',
    functionName: 'fail',
    functionArgs: [],
    senderKey: keys[1]!,
    network: 'testnet',
    nonce: 1,
    fee: 5_000,
  });
  expect(await send(failing)).toEqual({ txid: failing.txid() });
  expect(chain.tx(failing.txid())).toMatchObject({ status: 'abort_by_response', events: [] });
  expect(await chain.callReadOnly(id, 'get-counter', [])).toEqual(Cl.uint(5));
  // A function that is not there is refused before it is mined.
  const missing = await makeContractCall({
    contractAddress: addresses[0]!,
    contractName: 'counter',
    functionName: 'nope',
    functionArgs: [],
    senderKey: keys[1]!,
    network: 'testnet',
    nonce: 2,
    fee: 5_000,
  });
  expect(await send(missing)).toMatchObject({ reason: 'NoSuchPublicFunction' });
});

test('post-conditions: a deny-mode transfer without one that covers it is aborted, with one it goes through', async () => {
  expect(await send(await deploy(0))).toHaveProperty('txid');
  const pay = (nonce: number, postConditions: ReturnType<typeof Pc.principal>[] | []) =>
    makeContractCall({
      contractAddress: addresses[0]!,
      contractName: 'counter',
      functionName: 'pay',
      functionArgs: [Cl.uint(700), Cl.principal(addresses[0]!)],
      senderKey: keys[1]!,
      network: 'testnet',
      nonce,
      fee: 5_000,
      postConditionMode: 'deny',
      postConditions: postConditions.length ? [Pc.principal(addresses[1]!).willSendEq(700).ustx()] : [],
    });
  const start = await chain.balance(addresses[1]!);
  const bare = await pay(0, []);
  expect(await send(bare)).toEqual({ txid: bare.txid() });
  expect((await get(`/extended/v1/tx/${bare.txid()}`)).body).toMatchObject({
    tx_status: 'abort_by_post_condition',
    events: [],
    vm_error: expect.stringContaining('was moved by'),
    tx_result: { repr: '(ok true)' },
  });
  // The fee is paid and the nonce used; the transfer is undone.
  expect(await chain.balance(addresses[1]!)).toBe(start - 5_000n);
  expect(chain.nonce(addresses[1]!)).toBe(1);

  const covered = await pay(1, [Pc.principal(addresses[1]!)]);
  expect(await send(covered)).toEqual({ txid: covered.txid() });
  expect(chain.tx(covered.txid())).toMatchObject({ status: 'success' });
  expect(await chain.balance(addresses[1]!)).toBe(start - 10_000n - 700n);
});

test('a snapshot restored undoes a transfer; a nonce ahead waits in the mempool until the gap fills', async () => {
  const snapshot = chain.snapshot();
  const first = await transfer(0);
  await send(first);
  expect(await chain.balance(addresses[1]!)).toBe(DEFAULT_MICRO_STX + 1_000_000n);
  const t = performance.now();
  await chain.restore(snapshot);
  test.info().annotations.push({ type: 'restore after one transaction', description: `${(performance.now() - t).toFixed(1)} ms` });
  expect(await chain.balance(addresses[1]!)).toBe(DEFAULT_MICRO_STX);
  expect(chain.tx(first.txid())).toBeUndefined();
  expect(chain.nonce(addresses[0]!)).toBe(0);

  const ahead = await transfer(1);
  expect(await send(ahead)).toEqual({ txid: ahead.txid() });
  expect((await get(`/extended/v1/tx/${ahead.txid()}`)).body).toMatchObject({ tx_status: 'pending', replaced_by_tx_id: null });
  expect((await get(`/extended/v1/address/${addresses[0]}/nonces`)).body).toMatchObject({
    possible_next_nonce: 2,
    last_mempool_tx_nonce: 1,
    detected_missing_nonces: [],
  });
  expect(await send(await transfer(0))).toHaveProperty('txid');
  expect(chain.tx(ahead.txid())).toMatchObject({ status: 'success' });
  expect(chain.nonce(addresses[0]!)).toBe(2);
});

test("an app's own Clarinet project: its contracts and deployer, the wallet's accounts minted on top", async () => {
  // Clarinet's default devnet deployer, and nobody else: the wallet's accounts come from the chain.
  const manifest = writeProject(
    { gold: '(define-fungible-token gold)\n(ft-mint? gold u1000 tx-sender)\n(define-read-only (supply) (ft-get-supply gold))\n' },
    { deployerMicroStx: 1_000_000n },
  );
  const dir = dirname(manifest);
  try {
    const app = await StacksChain.start({ project: manifest, accounts: 2, microStx: 5_000_000n });
    expect(app.deployer).toBe('ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM');
    expect(await app.balance(app.accounts[1]!)).toBe(5_000_000n);
    expect(await app.balance(app.deployer)).toBe(1_000_000n);
    expect((await app.info()).epoch).toBe('3.1');
    expect(await app.callReadOnly('gold', 'supply', [])).toEqual(Cl.uint(1000));
    const served = await app.serve();
    try {
      const balances = await (await fetch(`${served.url}/extended/v1/address/${app.deployer}/balances`)).json();
      expect(balances).toMatchObject({ fungible_tokens: { [`${app.deployer}.gold::gold`]: { balance: '1000' } } });
    } finally {
      await served.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
