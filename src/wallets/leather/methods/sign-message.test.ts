// signMessage: BIP-322 signatures checked by bip322-js, which the wallet does not use.
import { test, expect } from '@playwright/test';
import { Signer } from 'bip322-js';
import { signMessage as leatherSignMessage } from '@leather.io/rpc';
import { base64 } from '@scure/base';
import { verifyBip322 } from '../../../../test/bitcoin-reference.ts';
import { reference, referenceWif } from '../../../../test/reference.ts';
import { KeyRing } from '../../../core/keyring.ts';
import type { Settings } from '../../../core/settings.ts';
import { defaultSettings } from '../../settings.ts';
import { approvedResponse } from '../../answer.ts';

const ring = new KeyRing();
const settings: Settings = { ...defaultSettings(), missingEntries: [] };
type Result = { signature: string; address: string; message: string };

async function call(params: unknown, wallet: Settings = settings) {
  return approvedResponse(ring, wallet, 'id-1', 'signMessage', params as never);
}
async function sign(params: unknown, wallet: Settings = settings): Promise<Result> {
  const response = await call(params, wallet);
  if (!('result' in response)) throw new Error(JSON.stringify(response));
  expect(leatherSignMessage.response.safeParse(response).success).toBe(true);
  return response.result as Result;
}

test("docs/reference/leather.md §9's BIP-322 vector verifies with the test's verifier", () => {
  const vector =
    'AkcwRAIgBt6EMsCmR5Wy3NL1mDhviAddDFFSVK7EMNV4Z6fOfsECIGsXBBT2x8sMtBJFvjQwuf5BFMQqbFqGZzQRWy0/V2IhASEDA0e+UAqLJwegDnV2wMUnokfN3G6DY+5RFHuOQ7WQuqk=';
  expect(verifyBip322('bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', 'test', vector)).toBe(true);
  expect(verifyBip322('bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', 'test!', vector)).toBe(false);
});

test('p2wpkh (the default): verifies, and is byte-identical to bip322-js signing with the same key', async () => {
  for (const account of [0, 3]) {
    const wallet = { ...settings, activeAccount: account };
    const result = await sign({ message: 'Hello, Bitcoin' }, wallet);
    const want = await reference('mainnet', account);
    expect(result).toEqual({ signature: result.signature, address: want.p2wpkh.address, message: 'Hello, Bitcoin' });
    expect(verifyBip322(want.p2wpkh.address, 'Hello, Bitcoin', result.signature)).toBe(true);
    expect(verifyBip322(want.p2wpkh.address, 'Hello, bitcoin', result.signature)).toBe(false);
    const independent = Signer.sign(referenceWif(want.p2wpkh.derivationPath), want.p2wpkh.address, 'Hello, Bitcoin');
    expect(result.signature).toBe(independent);
  }
});

test('p2tr: a 64-byte key-path signature as the real wallet emits, deterministic, verifies', async () => {
  const first = await sign({ message: 'gm', paymentType: 'p2tr', account: 2 });
  const again = await sign({ message: 'gm', paymentType: 'p2tr', account: 2 });
  const want = await reference('mainnet', 2);
  expect(first.address).toBe(want.p2tr.address);
  expect(again.signature).toBe(first.signature);
  expect(base64.decode(first.signature)).toHaveLength(66); // 01 40 ‖ sig64
  expect(first.signature).toMatch(/^AU[A-D]/);
  expect(verifyBip322(want.p2tr.address, 'gm', first.signature)).toBe(true);
});

test('network: mainnet by default whatever the wallet is on; testnet ids sign with testnet keys', async () => {
  const onTestnet = { ...settings, network: 'testnet' as const };
  expect((await sign({ message: 'x' }, onTestnet)).address).toBe((await reference('mainnet', 0)).p2wpkh.address);
  for (const network of ['testnet', 'testnet4']) {
    const result = await sign({ message: 'x', network });
    expect(result.address).toBe((await reference('testnet', 0)).p2wpkh.address);
    expect(verifyBip322(result.address, 'x', result.signature)).toBe(true);
  }
});

test('bad params answer -32602 naming the field', async () => {
  const cases: [unknown, RegExp][] = [
    [undefined, /params must be an object/],
    [{}, /message must be a string/],
    [{ message: 1 }, /message must be a string, got number 1/],
    [{ message: 'x', type: 'legacy' }, /type must be "bip322"/],
    [{ message: 'x', paymentType: 'p2sh' }, /paymentType must be "p2wpkh" or "p2tr"/],
    [{ message: 'x', network: 'regtest' }, /network must be one of/],
    [{ message: 'x', account: -1 }, /account must be an integer/],
    [{ message: 'x', account: 1.5 }, /account must be an integer/],
    [{ message: 'x', account: '1' }, /account must be an integer/],
    [{ message: 'x', account: 5 }, /account 5 is not one of this wallet's accounts/],
  ];
  for (const [params, message] of cases) {
    const response = await call(params);
    expect(response, JSON.stringify(params)).toMatchObject({ jsonrpc: '2.0', id: 'id-1', error: { code: -32602, message: expect.stringMatching(message) } });
  }
});
