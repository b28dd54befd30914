// Xverse's keys, ids and signatures for the default mnemonic against docs/reference/xverse.md §6 (computed there with
// other libraries), and the signatures verified again here with bitcoinjs-message and bip322-js.
import { test, expect } from '@playwright/test';
import { createRequire } from 'node:module';
import { Verifier } from 'bip322-js';
import { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse } from '../answer.ts';
import { grantKey, type SiteGrant } from '../../core/site-grant.ts';
import type { NetworkName } from '../../core/networks.ts';

const bitcoinMessage = createRequire(import.meta.url)('bitcoinjs-message') as {
  verify(message: string, address: string, signature: string, prefix?: null, checkSegwitAlways?: boolean): boolean;
};
const ring = new KeyRing();
const wallet = (patch: Partial<Settings> = {}): Settings => ({ ...defaultSettings(), ...patch });
const connected = (network: NetworkName = 'mainnet', account = 0): SiteGrant => ({ accounts: [grantKey(network, account)], readNetwork: true });

async function xverse(method: string, params: unknown, settings = wallet(), given: SiteGrant | 'none' = connected(settings.network, settings.activeAccount)) {
  const grant = given === 'none' ? undefined : given;
  return approvedResponse(ring, settings, 'x1', method, params as never, undefined, {
    identity: 'xverse',
    site: { origin: 'https://app.example', ...(grant && { grant }) },
  });
}
const result = async (method: string, params: unknown, settings?: Settings): Promise<any> => {
  const response = await xverse(method, params, settings);
  if ('error' in response) throw new Error(JSON.stringify(response.error));
  return response.result;
};

const MAINNET = {
  ordinals: {
    address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    publicKey: 'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
    purpose: 'ordinals',
    addressType: 'p2tr',
    walletType: 'software',
  },
  payment: {
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    purpose: 'payment',
    addressType: 'p2wpkh',
    walletType: 'software',
  },
  stacks: {
    address: 'SPC5KHM41H6WHAST7MWWDD807YSPRQKJ69FSH54J',
    publicKey: '03d5d038bce81b3965314dba54f636f093c7dbdd6617cded013a53474fbccb100c',
    purpose: 'stacks',
    addressType: 'stacks',
    walletType: 'software',
  },
};

test('wallet_connect on Mainnet is docs/reference/xverse.md §5 to the byte: id, order, x-only ordinals key, capitalised network', async () => {
  expect(await result('wallet_connect', null)).toEqual({
    id: 'e2233b89362ebfc2966fb58083c3d697fa65fa5b18618e4444febfca37b6289a',
    walletType: 'software',
    addresses: [MAINNET.ordinals, MAINNET.payment, MAINNET.stacks],
    network: { bitcoin: { name: 'Mainnet' }, stacks: { name: 'Mainnet' } },
  });
});

test('docs/reference/xverse.md §6.1 and docs/reference/xverse.md §6.2: every network, both payment types, and the account ids', async () => {
  const ids: Record<string, string> = {
    Testnet: 'ccc1a02b419f66b24b44b0b22d0abb0b6c8a21aca76aaba62cef15a32bf7dea0',
    Signet: '128b4957df2023dd1368ad354b03f8297fd0b505c2f0551960199f03eff48824',
    Regtest: 'ab4038b36d468a663eeaf55def7540ff69e8c646c5a0893283afcb10390633c7',
  };
  const testnet = await result('wallet_getAccount', null, wallet({ network: 'testnet' }));
  expect(testnet.id).toBe(ids['Testnet']);
  expect(testnet.addresses.map((a: { address: string }) => a.address)).toEqual([
    'tb1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqlqt9zj',
    'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    'STC5KHM41H6WHAST7MWWDD807YSPRQKJ68T330BQ',
  ]);
  expect(testnet.addresses[0].publicKey).toBe('55355ca83c973f1d97ce0e3843c85d78905af16b4dc531bc488e57212d230116');
  expect(testnet.addresses[1].publicKey).toBe('02e7ab2537b5d49e970309aae06e9e49f36ce1c9febbd44ec8e0d1cca0b4f9c319');
  expect((await result('wallet_getAccount', null, wallet({ network: 'signet' }))).id).toBe(ids['Signet']);
  const regtest = await result('wallet_getAccount', null, wallet({ network: 'regtest' }));
  expect(regtest.id).toBe(ids['Regtest']);
  expect(regtest.addresses.map((a: { address: string }) => a.address).slice(0, 2)).toEqual([
    'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg',
    'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk',
  ]);
  const nested = await result('getAddresses', { purposes: ['payment'] }, wallet({ xversePaymentType: 'nested' }));
  expect(nested.addresses).toEqual([
    {
      address: '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf',
      publicKey: '039b3b694b8fc5b5e07fb069c783cac754f5d38c3e08bed1960e31fdb1dda35c24',
      purpose: 'payment',
      addressType: 'p2sh',
      walletType: 'software',
    },
  ]);
  const nestedTest = await result('getAddresses', { purposes: ['payment'] }, wallet({ xversePaymentType: 'nested', network: 'testnet' }));
  expect(nestedTest.addresses[0]).toMatchObject({
    address: '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2',
    publicKey: '03a1af804ac108a8a51782198c2d034b28bf90c8803f5a53f76276fa69a4eae77f',
  });
});

test('getAddresses follows the order of purposes; a purpose Xverse lacks is -32602 Invalid parameters.', async () => {
  const { addresses } = await result('getAddresses', { purposes: ['stacks', 'payment'] });
  expect(addresses).toEqual([MAINNET.stacks, MAINNET.payment]);
  const bad = await xverse('getAddresses', { purposes: ['spark'] });
  expect(bad).toMatchObject({ error: { code: -32602, message: 'Invalid parameters.' } });
});

test('gated methods answer -32002 Access denied. before their params are read', async () => {
  for (const method of ['getAddresses', 'wallet_getAccount', 'wallet_getWalletType', 'wallet_getCurrentPermissions', 'stx_getAddresses', 'wallet_getNetwork']) {
    expect(await xverse(method, { purposes: 42 }, wallet(), 'none')).toEqual({ jsonrpc: '2.0', id: 'x1', error: { code: -32002, message: 'Access denied.' } });
  }
  // getAccounts grants account read only: network read is still refused.
  expect(await xverse('wallet_getNetwork', null, wallet(), { accounts: [grantKey('mainnet', 0)], readNetwork: false })).toMatchObject({
    error: { code: -32002 },
  });
  // Permission is per account: connected on account 0, account 1 is not readable.
  expect(await xverse('getAddresses', { purposes: ['payment'] }, wallet({ activeAccount: 1 }), connected('mainnet', 0))).toMatchObject({
    error: { code: -32002 },
  });
  // Methods Xverse lacks, and those this mock leaves out, are -32601 in Xverse's words.
  expect(await xverse('wallet_addNetwork', null)).toMatchObject({ error: { code: -32601, message: '"wallet_addNetwork" is not supported.' } });
  expect(await xverse('runes_getBalance', null)).toMatchObject({
    error: { code: -32601, data: { reason: expect.stringContaining('this mock wallet does not') } },
  });
});

test('docs/reference/xverse.md §6.4 signMessage: ECDSA byte for byte (bitcoinjs-message verifies), BIP-322 verified by bip322-js, messageHash per protocol', async () => {
  const ecdsa = await result('signMessage', { address: MAINNET.payment.address, message: 'Hello World' });
  expect(ecdsa).toEqual({
    address: MAINNET.payment.address,
    messageHash: 'p68LqtWumbl/xps6DRq88+8X8THMR3bhvBGTPshVD0k=',
    protocol: 'ECDSA',
    signature: 'Jw662OPAokgnLvuNSV411BpOkZ7KcwqDuvw/rJZ3z87jFLtKXgFUJMhy05G8xIiT69/tzvq7bVQV49jWixD3XSg=',
  });
  expect(bitcoinMessage.verify('Hello World', MAINNET.payment.address, ecdsa.signature)).toBe(true);
  const nested = await result(
    'signMessage',
    { address: '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', message: 'Hello World' },
    wallet({ xversePaymentType: 'nested' }),
  );
  expect(nested.signature).toBe('I7aaSq5gTs1cXkbDGvlTDkp1PpZrwJ5nzOYfBiVgOr4wMzbZJv4ZqAHQiDJSTGg8LpN8Ln7f1RYdJjqXhgA+Mlk=');
  expect(bitcoinMessage.verify('Hello World', nested.address, nested.signature, null, true)).toBe(true);
  const bip322 = await result('signMessage', { address: MAINNET.payment.address, message: 'Hello World', protocol: 'BIP322' });
  expect(bip322).toMatchObject({ protocol: 'BIP322', messageHash: 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a' });
  expect(bip322.signature).toBe(
    'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
  );
  // Taproot defaults to BIP-322, but messageHash stays the legacy hash unless BIP322 was asked for (docs/reference/xverse.md §8.6).
  const taproot = await result('signMessage', { address: MAINNET.ordinals.address, message: 'Hello World' });
  expect(taproot).toMatchObject({ protocol: 'BIP322', messageHash: 'p68LqtWumbl/xps6DRq88+8X8THMR3bhvBGTPshVD0k=' });
  expect(Verifier.verifySignature(MAINNET.ordinals.address, 'Hello World', taproot.signature)).toBe(true);
  expect(Verifier.verifySignature(MAINNET.payment.address, 'Hello World', bip322.signature)).toBe(true);
  expect(await xverse('signMessage', { address: MAINNET.ordinals.address, message: 'x', protocol: 'ECDSA' })).toMatchObject({
    error: { code: -32602, data: { error: 'ECDSA is not supported for Taproot Addresses' } },
  });
});

test('docs/reference/xverse.md §6.4 stx_signMessage and stx_signStructuredMessage to the byte; docs/reference/xverse.md §6.3 gaiaAppKey', async () => {
  expect(await result('stx_signMessage', { message: 'Hello World', publicKey: 'ignored' })).toEqual({
    signature: '0bdbf7403a8dc9d774f5e85270a4d2672115cff1c03dcce2997067e50efdf8430be10c2b3eca408aa32ac39cb20698cead6eb9eab9def2486c6897efe0d481a001',
    publicKey: MAINNET.stacks.publicKey,
  });
  const structured = await result('stx_signStructuredMessage', {
    domain: '0c0000000308636861696e2d69640100000000000000000000000000000001046e616d650d0000000854657374204170700776657273696f6e0d00000005312e302e30',
    message: '0d0000000b48656c6c6f20576f726c64',
  });
  expect(structured.signature).toBe(
    'd41b9cfa7dbe3e0d7effed669a25c4246aba150ef311808a154b12f9e4cbaf4808b8b3c8684046cabc7d79500c20ec3861ce58c47f1ae6fa1c58aedd1410dd2200',
  );
  const accounts = await result('stx_getAccounts', null);
  expect(accounts.addresses[0].gaiaAppKey).toBe(
    '0488ade404e869319b80000000056c7d52d52e991f40e4368185aefd48bcad2cff29da40345953276bf39f3b41008892da3882997397c209fb849a7d3d2e5e7591f6ca3e42ad1ad89328606802515bc9f0c8',
  );
});

test("account 1's Stacks key is Xverse's m/44'/5757'/1'/0/0, not the contract's m/44'/5757'/0'/0/1", async () => {
  const xverse1 = (await result('stx_getAddresses', null, wallet({ activeAccount: 1 }))).addresses[0];
  const leather1 = await approvedResponse(ring, wallet({ activeAccount: 1 }), 'l', 'getAddresses', undefined);
  const leatherStx = (
    (leather1 as { result: { addresses: { symbol: string; address: string }[] } }).result.addresses.find((a) => a.symbol === 'STX') ?? { address: '' }
  ).address;
  expect(xverse1.address).toMatch(/^SP/);
  expect(xverse1.address).not.toBe(leatherStx);
});

test("stx_callContract and stx_deployContract take only what Xverse forwards: `arguments` before `functionArgs`, no network, fee or clarityVersion of the app's", async () => {
  const { deserializeTransaction, Cl, serializeCV, PayloadType } = await import('@stacks/transactions');
  const call = await result('stx_callContract', {
    contract: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.counter',
    functionName: 'add',
    arguments: [serializeCV(Cl.uint(2))],
    functionArgs: [serializeCV(Cl.uint(9))],
    network: 'testnet',
    fee: 1,
  });
  const tx = deserializeTransaction(call.transaction);
  expect(tx.chainId).toBe(0x00000001); // mainnet, the wallet's network
  expect(Number(tx.auth.spendingCondition.fee)).toBe(10_000); // the wallet's fee, not the app's
  expect(tx.payload.payloadType === PayloadType.ContractCall && tx.payload.functionArgs.map((a) => Cl.prettyPrint(a))).toEqual(['u2']);
  const deploy = deserializeTransaction(
    (await result('stx_deployContract', { name: 'hello', clarityCode: '(define-read-only (hi) (ok u1))', clarityVersion: 1 })).transaction,
  );
  expect(deploy.payload.payloadType === PayloadType.VersionedSmartContract && deploy.payload.clarityVersion).toBe(3);
});
