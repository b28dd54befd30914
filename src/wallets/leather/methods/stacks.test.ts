// The Stacks methods: transactions decoded and verified, message signatures checked with
// @stacks/encryption and libsecp256k1 (test/stacks-reference.ts), results against @leather.io/rpc.
import { test, expect } from '@playwright/test';
import {
  stxCallContract,
  stxDeployContract,
  stxSignMessage as leatherStxSignMessage,
  stxSignStructuredMessage,
  stxSignTransaction,
  stxTransferStx,
  supportedMethods,
} from '@leather.io/rpc';
import {
  AuthType,
  Cl,
  ClarityVersion,
  Pc,
  PayloadType,
  makeUnsignedSTXTokenTransfer,
  postConditionToHex,
  publicKeyFromSignatureRsv,
  serializeCV,
  type ClarityValue,
} from '@stacks/transactions';
import { bytesToHex } from '@noble/hashes/utils.js';
import { decodeStacksTransaction, verifySip018, verifyStacksMessage } from '../../../../test/stacks-reference.ts';
import { reference } from '../../../../test/reference.ts';
import { KeyRing } from '../../../core/keyring.ts';
import type { Settings } from '../../../core/settings.ts';
import { defaultSettings } from '../../settings.ts';
import { stacksMessageHash } from '../../../core/stacks/message.ts';
import { respond } from '../../../core/wallet.ts';
import { approvedResponse, prepareCall } from '../../answer.ts';

const ring = new KeyRing();
const settings: Settings = { ...defaultSettings(), missingEntries: [] };
const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
type TxResult = { txid: string; transaction: string };

async function answer(method: string, params: unknown, wallet: Settings = settings) {
  return approvedResponse(ring, wallet, 'id-1', method, params as never);
}
async function ok<T>(method: string, params: unknown, schema: { safeParse(v: unknown): { success: boolean } }, wallet: Settings = settings): Promise<T> {
  const response = await answer(method, params, wallet);
  if (!('result' in response)) throw new Error(JSON.stringify(response));
  expect(schema.safeParse(response).success, `${method} valid against @leather.io/rpc`).toBe(true);
  return response.result as T;
}
const stxKey = async (account: number) => (await reference('mainnet', account)).stx!;

test("stx_transferStx: a token transfer signed by the acting account; txid is the transaction's; fee and nonce defaults", async () => {
  const result = await ok<TxResult>('stx_transferStx', { recipient: BOB, amount: '1000000', memo: 'thanks' }, stxTransferStx.response);
  const tx = decodeStacksTransaction(result.transaction, (await stxKey(0)).publicKey);
  expect(result.txid).toBe(tx.txid());
  expect(result.txid).toMatch(/^[0-9a-f]{64}$/);
  expect(tx.payload).toMatchObject({ payloadType: PayloadType.TokenTransfer, amount: 1000000n, memo: { content: 'thanks' } });
  expect(Cl.prettyPrint((tx.payload as { recipient: ClarityValue }).recipient)).toBe(`'${BOB}`);
  expect(tx.auth.spendingCondition).toMatchObject({ fee: 10000n, nonce: 0n });
  expect(tx.chainId).toBe(1);
  // The checks can fail: another key's hash, or a changed byte, is caught.
  const [zero, one] = [await stxKey(0), await stxKey(1)];
  expect(() => decodeStacksTransaction(result.transaction, one.publicKey)).toThrow(/not by the hash/);
  const tampered = result.transaction.replace(/000000000f4240/, '000000000f4241'); // amount 1000000 → 1000001
  expect(tampered).not.toBe(result.transaction);
  expect(() => decodeStacksTransaction(tampered, zero.publicKey)).toThrow();
  const explicit = await ok<TxResult>('stx_transferStx', { recipient: BOB, amount: 5, fee: '250', nonce: 9 }, stxTransferStx.response);
  expect(decodeStacksTransaction(explicit.transaction, (await stxKey(0)).publicKey).auth.spendingCondition).toMatchObject({ fee: 250n, nonce: 9n });
  // The wallet's own counter, as the worker hands it in (background/request/nonces.ts).
  const counted = await respond(ring, settings, await prepareCall(ring, 'stx_transferStx', { recipient: BOB, amount: 5 }, settings), 4);
  expect(decodeStacksTransaction((counted.result as TxResult).transaction, (await stxKey(0)).publicKey).auth.spendingCondition.nonce).toBe(4n);
});

test('address picks the signer among the listed accounts; absent, the active account; a foreign one is refused (docs/reference/contract.md §4.2)', async () => {
  const two = await stxKey(2);
  const chosen = await ok<TxResult>('stx_transferStx', { recipient: BOB, amount: 1, address: two.address }, stxTransferStx.response);
  decodeStacksTransaction(chosen.transaction, two.publicKey);
  const active = await ok<TxResult>('stx_transferStx', { recipient: BOB, amount: 1 }, stxTransferStx.response, { ...settings, activeAccount: 3 });
  decodeStacksTransaction(active.transaction, (await stxKey(3)).publicKey);
  expect(await answer('stx_transferStx', { recipient: BOB, amount: 1, address: BOB })).toMatchObject({
    error: { code: -32602, message: expect.stringContaining(`address ${BOB} is not the STX address of any of this wallet's accounts`) },
  });
  // accountRule 'site': as the real wallet, address is ignored; the site's account signs.
  const site = await prepareCall(ring, 'stx_transferStx', { recipient: BOB, amount: 1, address: two.address }, { ...settings, accountRule: 'site' }, 1);
  expect(site.target).toMatchObject({ account: 1, source: 'site' });
});

test('testnet: ST addresses and the testnet chain id', async () => {
  const one = await reference('testnet', 1);
  const result = await ok<TxResult>(
    'stx_transferStx',
    { recipient: one.stx!.address, amount: 1, network: 'testnet', address: one.stx!.address },
    stxTransferStx.response,
  );
  const tx = decodeStacksTransaction(result.transaction, one.stx!.publicKey);
  expect(tx.chainId).toBe(0x80000000);
});

test('stx_callContract: the arguments and post conditions travel as hex and come back decoded in the transaction', async () => {
  const zero = await stxKey(0);
  const pc = postConditionToHex(Pc.principal(zero.address).willSendLte(1000n).ustx());
  const args = [Cl.uint(7), Cl.stringAscii('hi'), Cl.tuple({ a: Cl.int(-1) })];
  const result = await ok<TxResult>(
    'stx_callContract',
    {
      contract: `${BOB}.counter`,
      functionName: 'add-many',
      functionArgs: args.map((a) => `0x${serializeCV(a)}`),
      postConditions: [pc],
      postConditionMode: 'deny',
    },
    stxCallContract.response,
  );
  const tx = decodeStacksTransaction(result.transaction, zero.publicKey);
  const payload = tx.payload as unknown as { functionName: { content: string }; contractName: { content: string }; functionArgs: ClarityValue[] };
  expect(payload.contractName.content).toBe('counter');
  expect(payload.functionName.content).toBe('add-many');
  expect(payload.functionArgs.map((a) => Cl.prettyPrint(a))).toEqual(args.map((a) => Cl.prettyPrint(a)));
  expect(tx.postConditions.values).toHaveLength(1);
  expect(tx.postConditionMode).toBe(2); // deny
});

test('stx_deployContract: Clarity 3 by default, as the real wallet', async () => {
  const code = '(define-read-only (hello) (ok "world"))';
  const result = await ok<TxResult>('stx_deployContract', { name: 'hello-world', clarityCode: code }, stxDeployContract.response);
  const tx = decodeStacksTransaction(result.transaction, (await stxKey(0)).publicKey);
  expect(tx.payload).toMatchObject({
    payloadType: PayloadType.VersionedSmartContract,
    clarityVersion: ClarityVersion.Clarity3,
    contractName: { content: 'hello-world' },
    codeBody: { content: code },
  });
  const v2 = await ok<TxResult>('stx_deployContract', { name: 'v2', clarityCode: code, clarityVersion: '2' }, stxDeployContract.response);
  expect(decodeStacksTransaction(v2.transaction, (await stxKey(0)).publicKey).payload).toMatchObject({ clarityVersion: ClarityVersion.Clarity2 });
});

test('sponsored: a sponsored transaction, signed by the origin, answered with txid ""', async () => {
  const result = await ok<TxResult>('stx_transferStx', { recipient: BOB, amount: 1, sponsored: true }, stxTransferStx.response);
  expect(result.txid).toBe('');
  expect(decodeStacksTransaction(result.transaction, (await stxKey(0)).publicKey).auth.authType).toBe(AuthType.Sponsored);
});

test("stx_signTransaction: signs the origin of the app's transaction, keeps its fee and nonce; { transaction, txHex } the same", async () => {
  const one = await stxKey(1);
  const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 42n, fee: 321n, nonce: 7n, publicKey: one.publicKey, network: 'mainnet' });
  const hex = bytesToHex(unsigned.serializeBytes());
  for (const params of [
    { transaction: hex, address: one.address },
    { txHex: hex, stxAddress: one.address },
  ]) {
    const result = await ok<{ transaction: string; txHex: string }>('stx_signTransaction', params, stxSignTransaction.response);
    expect(result.txHex).toBe(result.transaction);
    expect(decodeStacksTransaction(result.transaction, one.publicKey).auth.spendingCondition).toMatchObject({ fee: 321n, nonce: 7n });
  }
  // Both given: the real wallet reads txHex first, and so does this wallet.
  const other = bytesToHex(
    (await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 1n, fee: 1n, nonce: 1n, publicKey: one.publicKey, network: 'mainnet' })).serializeBytes(),
  );
  const both = await ok<{ transaction: string }>('stx_signTransaction', { txHex: hex, transaction: other, address: one.address }, stxSignTransaction.response);
  expect(decodeStacksTransaction(both.transaction, one.publicKey).auth.spendingCondition).toMatchObject({ fee: 321n, nonce: 7n });
  expect(await answer('stx_signTransaction', { transaction: 'deadbeef' })).toMatchObject({
    error: { code: -32602, message: expect.stringMatching(/transaction is not a serialized Stacks transaction/) },
  });
});

test('stx_signMessage (utf8): RSV that @stacks/encryption verifies; docs/reference/leather.md §9 vector recovers with this hashing', async () => {
  const zero = await stxKey(0);
  const result = await ok<{ signature: string; publicKey: string }>('stx_signMessage', { message: 'Hello Stacks' }, leatherStxSignMessage.response);
  expect(result.publicKey).toBe(zero.publicKey);
  expect(result.signature).toMatch(/^[0-9a-f]{128}0[01]$/);
  expect(verifyStacksMessage('Hello Stacks', result.signature, zero.publicKey)).toBe(true);
  expect(verifyStacksMessage('Hello stacks', result.signature, zero.publicKey)).toBe(false);
  // docs/reference/leather.md §9: the real wallet's signature of "test" by 0329b076…
  const vector = {
    publicKey: '0329b076bc20f7b1592b2a1a5cb91dfefe8c966e50e256458e23dd2c5d63f8f1af',
    signature: '6d9040912574f9a8128ada79968e9b09e9d469fe84cda063701be0fefb8c3bdc21a309456a78929347a095a4a856271bde9cb327132edad7730d29404dba5e9300',
  };
  expect(verifyStacksMessage('test', vector.signature, vector.publicKey)).toBe(true);
  expect(publicKeyFromSignatureRsv(bytesToHex(stacksMessageHash('test')), vector.signature)).toBe(vector.publicKey);
  // address picks the account here too; the network changes neither key nor signature.
  const two = await ok<{ signature: string; publicKey: string }>(
    'stx_signMessage',
    { message: 'x', address: (await stxKey(2)).address, network: 'mainnet' },
    leatherStxSignMessage.response,
  );
  expect(two.publicKey).toBe((await stxKey(2)).publicKey);
  expect(await answer('stx_signMessage', { message: 'x', network: 'regtest' })).toMatchObject({ error: { code: -32602 } });
});

test('SIP-018: the docs/reference/leather.md §9 vector verifies with the test\'s own hashing; stx_signStructuredMessage and messageType "structured" sign the same', async () => {
  const domain = Cl.tuple({ name: Cl.stringAscii('leather.io'), version: Cl.stringAscii('1.0.0'), 'chain-id': Cl.uint(1) });
  const message = Cl.tuple({ a: Cl.int(-1), b: Cl.stringUtf8('this is a structured message') });
  const vector = '9ed8ab4861d5e99f410ac57692feba7f78336602df80908f11c71c400faad03327c3009daf0b4ee4f05c966197ba0ad92d0e0879b6399c3532c148c32fb4e07c01';
  expect(verifySip018(message, domain, vector, '0329b076bc20f7b1592b2a1a5cb91dfefe8c966e50e256458e23dd2c5d63f8f1af')).toBe(true);
  const params = { message: serializeCV(message), domain: `0x${serializeCV(domain)}` };
  const structured = await ok<{ signature: string; publicKey: string }>('stx_signStructuredMessage', params, stxSignStructuredMessage.response);
  expect(verifySip018(message, domain, structured.signature, (await stxKey(0)).publicKey)).toBe(true);
  const viaSignMessage = await ok<{ signature: string }>('stx_signMessage', { ...params, messageType: 'structured' }, leatherStxSignMessage.response);
  expect(viaSignMessage.signature).toBe(structured.signature);
  expect(await answer('stx_signStructuredMessage', { message: params.message, domain: serializeCV(Cl.tuple({ name: Cl.stringAscii('x') })) })).toMatchObject({
    error: { code: -32602, message: expect.stringMatching(/domain must be a SIP-018 domain/) },
  });
});

test("supportedMethods answers the real wallet's shape, listing exactly what this mock implements", async () => {
  const result = await ok<{ documentation: string; methods: { name: string }[] }>('supportedMethods', undefined, supportedMethods.response);
  expect(result.methods.map((m) => m.name).sort()).toEqual(
    [
      'getAddresses',
      'sendTransfer',
      'signMessage',
      'signPsbt',
      'stx_callContract',
      'stx_deployContract',
      'stx_getAddresses',
      'stx_signMessage',
      'stx_signStructuredMessage',
      'stx_signTransaction',
      'stx_transferStx',
      'supportedMethods',
    ].sort(),
  );
});

test('bad params answer -32602 naming the field', async () => {
  const cases: [string, unknown, RegExp][] = [
    ['stx_transferStx', { amount: 1 }, /recipient must be a Stacks principal/],
    [
      'stx_transferStx',
      { recipient: 'SPnotanaddress', amount: 1 },
      /recipient "SPnotanaddress" is not a valid Stacks address: .*on mainnet addresses start with SP/,
    ],
    [
      'stx_transferStx',
      { recipient: 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPX', amount: 1, network: 'testnet' },
      /bad checksum .*on testnet addresses start with ST/,
    ],
    [
      'stx_callContract',
      { contract: `SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.${'a'.repeat(129)}`, functionName: 'f' },
      /contract's contract name is 129 characters; Clarity names are at most 128/,
    ],
    ['stx_callContract', { contract: `${BOB}.c`, functionName: 'f'.repeat(129) }, /functionName must be a Clarity name \(at most 128 characters\)/],
    ['stx_deployContract', { name: 'n'.repeat(129), clarityCode: '(ok u1)' }, /name must be a contract name/],
    // u64 bounds: one more would be signed as another number.
    ['stx_transferStx', { recipient: BOB, amount: '18446744073709551616' }, /amount 18446744073709551616 is more than a Stacks transaction can carry \(u64/],
    ['stx_transferStx', { recipient: BOB, amount: 1, fee: '99999999999999999999' }, /fee 99999999999999999999 is more than a Stacks transaction can carry/],
    ['stx_transferStx', { recipient: BOB, amount: 1, nonce: '18446744073709551616' }, /nonce 18446744073709551616 is more than/],
    // Clarity's own bounds, refused by name instead of a library failure.
    [
      'stx_callContract',
      { contract: `${BOB}.c`, functionName: 'f', functionArgs: [`${'0a'.repeat(33)}09`] },
      /functionArgs\[0\] nests 34 levels deep; Clarity allows at most 32/,
    ],
    [
      'stx_callContract',
      { contract: `${BOB}.c`, functionName: 'f', functionArgs: [`0b${(100_000).toString(16).padStart(8, '0')}${'09'.repeat(100_000)}`] },
      /functionArgs\[0\] holds more than 10000 values/,
    ],
    ['stx_transferStx', { recipient: BOB, amount: 1.5 }, /amount must be a whole number/],
    ['stx_transferStx', { recipient: BOB, amount: '-1' }, /amount must be a whole number/],
    ['stx_transferStx', { recipient: BOB, amount: 1, memo: 'x'.repeat(35) }, /memo must be a string of at most 34 bytes/],
    ['stx_transferStx', { recipient: BOB, amount: 1, fee: 'cheap' }, /fee must be a whole number/],
    ['stx_transferStx', { recipient: BOB, amount: 1, postConditionMode: 'originator' }, /postConditionMode must be "allow" or "deny"/],
    ['stx_transferStx', { recipient: BOB, amount: 1, postConditions: ['zz'] }, /postConditions\[0\] is not a hex-serialized post condition/],
    ['stx_callContract', { contract: BOB, functionName: 'f' }, /contract must name a contract/],
    ['stx_callContract', { contract: `${BOB}.c`, functionName: 'f', functionArgs: ['0xff'] }, /functionArgs\[0\] is not a hex-serialized Clarity value/],
    ['stx_deployContract', { name: '1bad', clarityCode: '(ok)' }, /name must be a contract name/],
    ['stx_deployContract', { name: 'ok', clarityCode: '(ok)', clarityVersion: 9 }, /clarityVersion must be one of/],
    ['stx_signMessage', { message: 'x', messageType: 'json' }, /messageType must be "utf8" or "structured"/],
  ];
  for (const [method, params, message] of cases) {
    expect(await answer(method, params), `${method} ${JSON.stringify(params).slice(0, 60)}`).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(message) },
    });
  }
});
