// sendTransfer: the transaction decoded and its signature checked with bitcoinjs-lib + libsecp256k1.
import { test, expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import { sendTransfer as leatherSendTransfer } from '@leather.io/rpc';
import { decodeTransaction, verifyP2wpkhSpend } from '../../../../test/bitcoin-reference.ts';
import { reference } from '../../../../test/reference.ts';
import { KeyRing } from '../../../core/keyring.ts';
import type { Settings } from '../../../core/settings.ts';
import { defaultSettings } from '../../settings.ts';
import { respond } from '../../../core/wallet.ts';
import { approvedResponse, prepareCall } from '../../answer.ts';

const ring = new KeyRing();
const settings: Settings = { ...defaultSettings(), missingEntries: [] };
const FUNDING = 100_000_000_000n; // README: 1 000 BTC per account
const ALICE = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq';
const BOB = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';

async function transfer(params: unknown, wallet: Settings = settings) {
  const outcome = await respond(ring, wallet, await prepareCall(ring, 'sendTransfer', params as never, wallet));
  return { result: outcome.result as { txid: string }, raw: outcome.transaction!.hex };
}

test("pays the recipients from the account's synthetic funding output, change back to its p2wpkh address, signed", async () => {
  const account = await reference('mainnet', 0);
  const { result, raw } = await transfer({
    recipients: [
      { address: ALICE, amount: '15000' },
      { address: BOB, amount: '2500' },
    ],
  });
  const tx = decodeTransaction(raw);
  expect(result.txid).toBe(tx.txid);
  // README's documented prevout: SHA-256 of "mock-wallet funding <address>", output 0.
  const funding = createHash('sha256').update(`mock-wallet funding ${account.p2wpkh.address}`).digest('hex');
  expect(tx.inputs.map((i) => `${i.txid}:${i.index}`)).toEqual([`${funding}:0`]);
  expect(verifyP2wpkhSpend(raw, 0, account.p2wpkh.publicKey, FUNDING)).toBe(true);
  expect(tx.outputs.slice(0, 2)).toEqual([
    { address: ALICE, value: 15000n },
    { address: BOB, value: 2500n },
  ]);
  expect(tx.outputs[2]!.address).toBe(account.p2wpkh.address);
  const fee = FUNDING - tx.outputs.reduce((sum, o) => sum + o.value, 0n);
  // The fee rate setting (10 sat/vB by default) times the size, give or take a signature byte.
  expect(Number(fee)).toBeGreaterThanOrEqual(10 * tx.vsize - 10);
  expect(Number(fee)).toBeLessThanOrEqual(10 * (tx.vsize + 2));
  const fast = decodeTransaction((await transfer({ recipients: [{ address: ALICE, amount: '15000' }] }, { ...settings, bitcoinFeeRate: 50 })).raw);
  expect(Number(FUNDING - fast.outputs.reduce((sum, o) => sum + o.value, 0n))).toBeGreaterThanOrEqual(50 * fast.vsize - 50);
});

test('the answer is { txid }, valid against @leather.io/rpc, and deterministic', async () => {
  const params = { recipients: [{ address: ALICE, amount: '1000' }] };
  const response = await approvedResponse(ring, settings, 'id-1', 'sendTransfer', params);
  expect(leatherSendTransfer.response.safeParse(response).success).toBe(true);
  expect(response).toEqual(await approvedResponse(ring, settings, 'id-1', 'sendTransfer', params));
  expect(Object.keys((response as { result: object }).result)).toEqual(['txid']);
});

test('account picks whose coins move; the older { address, amount } form and testnet work', async () => {
  const two = await reference('mainnet', 2);
  const { raw } = await transfer({ recipients: [{ address: ALICE, amount: '5000' }], account: 2 });
  expect(verifyP2wpkhSpend(raw, 0, two.p2wpkh.publicKey, FUNDING)).toBe(true);
  const test0 = await reference('testnet', 0);
  const legacy = await transfer({ address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', amount: '5000', network: 'testnet' });
  expect(verifyP2wpkhSpend(legacy.raw, 0, test0.p2wpkh.publicKey, FUNDING)).toBe(true);
  expect(decodeTransaction(legacy.raw, 'testnet').outputs[0]).toEqual({ address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', value: 5000n });
});

test('amounts as numbers (the generic form @stacks/connect passes through) build the same transaction as digit strings', async () => {
  const asString = await transfer({
    recipients: [
      { address: ALICE, amount: '15000' },
      { address: BOB, amount: '2500' },
    ],
  });
  const asNumber = await transfer({
    recipients: [
      { address: ALICE, amount: 15000 },
      { address: BOB, amount: 2500 },
    ],
  });
  expect(asNumber.raw).toBe(asString.raw);
  expect(decodeTransaction(asNumber.raw).outputs.slice(0, 2)).toEqual([
    { address: ALICE, value: 15000n },
    { address: BOB, value: 2500n },
  ]);
});

test("more than the synthetic 1 000 BTC: Leather's error screen, whose close answers 4001", async () => {
  // leather-io/extension 05d24d70, rpc-send-transfer.tsx: "Available balance insufficient", only Close; rpc-request-utils.ts: 4001 on close.
  expect(await approvedResponse(ring, settings, 'id', 'sendTransfer', { recipients: [{ address: ALICE, amount: '200000000000' }] })).toMatchObject({
    error: { code: 4001, message: 'User rejected request' },
  });
});

test('bad params answer -32602 naming the field', async () => {
  const cases: [unknown, RegExp][] = [
    [{}, /needs recipients/],
    [{ recipients: [] }, /recipients must be a non-empty array/],
    [{ recipients: [{ address: ALICE, amount: 1000.5 }] }, /recipients\[0\]\.amount must be whole satoshis/],
    [{ recipients: [{ address: ALICE, amount: 2 ** 53 }] }, /recipients\[0\]\.amount must be whole satoshis/],
    [{ recipients: [{ address: ALICE, amount: -1000 }] }, /must be a positive whole number/],
    [{ recipients: [{ address: ALICE, amount: true }] }, /must be whole satoshis/],
    [{ recipients: [{ address: ALICE, amount: '0' }] }, /recipients\[0\]\.amount must be a positive whole number/],
    [{ recipients: [{ address: ALICE, amount: '1.5' }] }, /must be a positive whole number/],
    [{ recipients: [{ address: ALICE, amount: '-5' }] }, /must be a positive whole number/],
    [{ recipients: [{ address: ALICE, amount: '100' }] }, /below the dust limit of 294/],
    [
      {
        recipients: [
          { address: ALICE, amount: '1000' },
          { address: 'bc1qnotanaddress', amount: '1000' },
        ],
      },
      /recipients\[1\]\.address "bc1qnotanaddress" is not a valid mainnet Bitcoin address/,
    ],
    [{ recipients: [{ address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', amount: '1000' }] }, /not a valid mainnet Bitcoin address/],
    [{ recipients: [{ address: ALICE, amount: '1000' }], network: 'moon' }, /network must be one of/],
    [{ recipients: [{ address: ALICE, amount: '1000' }], account: 1.5 }, /account must be an integer/],
  ];
  for (const [params, message] of cases) {
    expect(await approvedResponse(ring, settings, 'id', 'sendTransfer', params as never), JSON.stringify(params)).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(message) },
    });
  }
});
