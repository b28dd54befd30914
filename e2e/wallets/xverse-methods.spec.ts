// Every Xverse method that opens a window, through its real window: approve gives Xverse's result shape,
// reject and close give -32000 with Xverse's words for that method (docs/reference/xverse.md §3, §10).
import { test, expect, expectedAddresses, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { Cl, makeUnsignedSTXTokenTransfer, serializeCV } from '@stacks/transactions';
import { decodeStacksTransaction, verifySip018, verifyStacksMessage } from '../../test/stacks-reference.ts';

test.use({ identities: ['xverse'] });

const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ALICE = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';
const DOMAIN = Cl.tuple({ name: Cl.stringAscii('Test App'), version: Cl.stringAscii('1.0.0'), 'chain-id': Cl.uint(1) });
const MESSAGE = Cl.stringAscii('Hello World');

type Envelope = { jsonrpc: '2.0'; id: string; result?: any; error?: { code: number; message: string; data?: unknown } };
const xverse = (page: Page, method: string, params?: unknown): Promise<Envelope> =>
  page.evaluate(
    ([m, p]) =>
      (
        window as unknown as { XverseProviders: { BitcoinProvider: { request(m: string, p?: unknown): Promise<Envelope> } } }
      ).XverseProviders.BitcoinProvider.request(m, p),
    [method, params] as const,
  );

async function connected(page: Page, wallet: Wallet): Promise<void> {
  await page.goto('/sats.html');
  const connecting = xverse(page, 'wallet_connect');
  await wallet.approveNext();
  expect(await connecting).toHaveProperty('result');
}

interface Case {
  method: string;
  params: () => Promise<unknown> | unknown;
  rejected: string;
  closed: string;
  /** Checks an approved result against Xverse's shape, signatures with libraries the wallet does not use. */
  check: (result: any) => Promise<void> | void;
}

const stacks = async () => (await expectedAddresses({ identity: 'xverse', purposes: ['stacks'] })).addresses[0]!;

const CASES: Case[] = [
  {
    method: 'getAccounts',
    params: () => ({ purposes: ['payment', 'stacks'] }),
    rejected: 'User rejected getAccounts request.',
    closed: 'User closed the wallet popup.',
    check: async (result) => expect(result).toEqual((await expectedAddresses({ identity: 'xverse', purposes: ['payment', 'stacks'] })).addresses),
  },
  {
    method: 'wallet_changeNetwork',
    params: () => ({ name: 'Testnet' }),
    rejected: 'User rejected the request.',
    closed: 'User closed the wallet popup.',
    check: (result) => expect(result).toBeNull(),
  },
  {
    method: 'stx_getAccounts',
    params: () => null,
    rejected: 'User rejected the request.',
    closed: 'User rejected request to get accounts',
    check: async (result) =>
      expect(result.addresses).toEqual([
        {
          address: (await stacks()).address,
          publicKey: (await stacks()).publicKey,
          gaiaHubUrl: 'https://hub.hiro.so',
          gaiaAppKey: expect.stringMatching(/^0488ade4[0-9a-f]{156}$/),
        },
      ]),
  },
  {
    method: 'signMessage',
    params: async () => ({ address: (await expectedAddresses({ identity: 'xverse', purposes: ['payment'] })).addresses[0]!.address, message: 'hi' }),
    rejected: 'User rejected the request.',
    closed: 'User rejected request to sign Message',
    check: (result) => expect(result).toMatchObject({ protocol: 'ECDSA', signature: expect.any(String) }),
  },
  {
    method: 'sendTransfer',
    params: () => ({ recipients: [{ address: ALICE, amount: 1000 }] }),
    rejected: 'User rejected request to send transfer',
    closed: 'User rejected request to send transfer',
    check: (result) => expect(result).toEqual({ txid: expect.stringMatching(/^[0-9a-f]{64}$/) }),
  },
  {
    method: 'stx_transferStx',
    params: () => ({ recipient: BOB, amount: 1000, memo: 'hi' }),
    rejected: 'User rejected the request.',
    closed: 'User rejected the Stacks transaction signing request',
    check: async (result) => expect(decodeStacksTransaction(result.transaction, (await stacks()).publicKey).txid()).toBe(result.txid),
  },
  {
    method: 'stx_callContract',
    params: () => ({ contract: `${BOB}.counter`, functionName: 'add', arguments: [serializeCV(Cl.uint(2))] }),
    rejected: 'User rejected the request.',
    closed: 'User rejected the Stacks transaction signing request',
    check: async (result) => expect(decodeStacksTransaction(result.transaction, (await stacks()).publicKey).txid()).toBe(result.txid),
  },
  {
    method: 'stx_deployContract',
    params: () => ({ name: 'hello', clarityCode: '(define-read-only (hi) (ok u1))' }),
    rejected: 'User rejected the request.',
    closed: 'User rejected the Stacks transaction signing request',
    check: async (result) => expect(decodeStacksTransaction(result.transaction, (await stacks()).publicKey).txid()).toBe(result.txid),
  },
  {
    method: 'stx_signTransaction',
    params: async () => ({
      transaction: (
        await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 42n, fee: 300n, nonce: 1n, publicKey: (await stacks()).publicKey, network: 'mainnet' })
      ).serialize(),
    }),
    rejected: 'User rejected the request.',
    closed: 'User closed the wallet popup.',
    check: async (result) => {
      expect(Object.keys(result)).toEqual(['transaction']); // no txid, as Xverse
      decodeStacksTransaction(result.transaction, (await stacks()).publicKey);
    },
  },
  {
    method: 'stx_signTransactions',
    params: async () => {
      const make = async (nonce: bigint) =>
        (
          await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 42n, fee: 300n, nonce, publicKey: (await stacks()).publicKey, network: 'mainnet' })
        ).serialize();
      return { transactions: [await make(1n), await make(2n)] };
    },
    rejected: 'User rejected the request.',
    closed: 'User closed the wallet popup.',
    check: async (result) => {
      expect(result.transactions).toHaveLength(2);
      const key = (await stacks()).publicKey;
      const nonces = result.transactions.map((hex: string) => decodeStacksTransaction(hex, key).auth.spendingCondition.nonce);
      expect(nonces).toEqual([1n, 2n]);
    },
  },
  {
    method: 'stx_signMessage',
    params: () => ({ message: 'Hello World' }),
    rejected: 'User rejected the request.',
    closed: 'User rejected the message signing request',
    check: async (result) => expect(verifyStacksMessage('Hello World', result.signature, (await stacks()).publicKey)).toBe(true),
  },
  {
    method: 'stx_signStructuredMessage',
    params: () => ({ domain: serializeCV(DOMAIN), message: serializeCV(MESSAGE) }),
    rejected: 'User rejected the request.',
    closed: 'User rejected the structured message signing request',
    check: async (result) => expect(verifySip018(MESSAGE, DOMAIN, result.signature, (await stacks()).publicKey)).toBe(true),
  },
];

// Two tests, each connecting once and taking every method of its side through three windows: a test
// per method paid a connect and a fresh tab twelve times over. wallet_changeNetwork goes last, as its
// approval moves the site to Testnet.
const SIDES: [string, (c: Case) => boolean][] = [
  ['Bitcoin and wallet methods', (c) => !c.method.startsWith('stx_')],
  ['Stacks methods', (c) => c.method.startsWith('stx_')],
];
for (const [side, mine] of SIDES) {
  test(`${side}: each, approved in its window, answers Xverse's shape; rejected and closed, -32000 in Xverse's words`, async ({ page, wallet }) => {
    await connected(page, wallet);
    const cases = CASES.filter(mine).sort((a, b) => Number(a.method === 'wallet_changeNetwork') - Number(b.method === 'wallet_changeNetwork'));
    for (const c of cases) {
      await test.step(c.method, async () => {
        const params = await c.params();
        const rejecting = xverse(page, c.method, params);
        const prompt = await wallet.nextPrompt();
        expect(await prompt.details()).toMatchObject({ title: expect.stringMatching(/ — via Xverse$/) });
        await prompt.reject();
        expect(await rejecting, c.method).toMatchObject({ error: { code: -32000, message: c.rejected } });
        const closing = xverse(page, c.method, params);
        await wallet.closeNextPrompt();
        expect(await closing, c.method).toMatchObject({ error: { code: -32000, message: c.closed } });
        const approving = xverse(page, c.method, params);
        await wallet.approveNext();
        const answer = await approving;
        expect(answer.error, c.method).toBeUndefined();
        await c.check(answer.result);
      });
    }
    expect(cases.length).toBeGreaterThan(3);
  });
}

test('wallet_changeNetwork: the current network is -32602 "Network already active"; approving switches, and the site hears networkChange', async ({
  page,
  wallet,
}) => {
  await connected(page, wallet);
  expect(await xverse(page, 'wallet_changeNetwork', { name: 'Mainnet' })).toMatchObject({
    error: { code: -32602, message: 'Invalid parameters.', data: { error: 'Network already active' } },
  });
  await page.evaluate(() => window.sats.addListener('networkChange' as never, ((e: unknown) => window.sats.events.push(e)) as never));
  const switching = xverse(page, 'wallet_changeNetwork', { name: 'Testnet' });
  await wallet.approveNext();
  expect(await switching).toMatchObject({ result: null });
  expect(await wallet.settings()).toMatchObject({ network: 'testnet' });
  const testnet = await expectedAddresses({ identity: 'xverse', network: 'testnet' });
  await expect
    .poll(() => page.evaluate(() => window.sats.events))
    .toEqual([
      { type: 'networkChange', bitcoin: { name: 'Testnet' }, stacks: { name: 'Testnet' }, addresses: [] },
      { type: 'networkChange', bitcoin: { name: 'Testnet' }, stacks: { name: 'Testnet' }, addresses: testnet.addresses },
    ]);
  // The permission was for Mainnet's account: on Testnet the site connects again.
  expect(await xverse(page, 'getAddresses', { purposes: ['payment'] })).toMatchObject({ error: { code: -32002 } });
  // Testnet4 (AppKit asks for it): a network of its own, with testnet's addresses (tb1).
  const toTestnet4 = xverse(page, 'wallet_changeNetwork', { name: 'Testnet4' });
  await wallet.approveNext();
  expect(await toTestnet4).toMatchObject({ result: null });
  expect(await wallet.settings()).toMatchObject({ network: 'testnet4' });
  const testnet4 = await expectedAddresses({ identity: 'xverse', network: 'testnet4' });
  expect(testnet4.network).toEqual({ bitcoin: { name: 'Testnet4' }, stacks: { name: 'Testnet4' } });
  expect(testnet4.addresses).toEqual(testnet.addresses);
});

test('getAccounts grants account read only; wallet_requestPermissions is wallet_connect; wallet_getCurrentPermissions lists what the site holds', async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  const legacy = xverse(page, 'getAccounts', { purposes: ['ordinals'] });
  await wallet.approveNext();
  expect((await legacy).result).toHaveLength(1);
  expect(await xverse(page, 'wallet_getNetwork')).toMatchObject({ error: { code: -32002 } });
  expect(await xverse(page, 'wallet_getWalletType')).toMatchObject({ result: 'software' });
  const permissions = await xverse(page, 'wallet_getCurrentPermissions');
  expect(permissions.result).toEqual([
    { type: 'account', resourceId: expect.stringMatching(/^[0-9a-f]{64}$/), clientId: 'http://127.0.0.1:5317', actions: { read: true } },
  ]);
  expect(await xverse(page, 'wallet_requestPermissions', [{ type: 'account' }])).toMatchObject({
    error: { code: -32603, message: expect.stringContaining('does not yet support requesting individual permissions') },
  });
  const asking = xverse(page, 'wallet_requestPermissions');
  await wallet.approveNext();
  expect((await asking).result).toMatchObject({ walletType: 'software', addresses: expect.any(Array) });
  expect((await xverse(page, 'wallet_getCurrentPermissions')).result).toHaveLength(2);
  expect(await xverse(page, 'wallet_renouncePermissions')).toMatchObject({ result: null });
  expect(await xverse(page, 'wallet_getCurrentPermissions')).toMatchObject({ error: { code: -32002 } });
});

test("the active account acts, as in Xverse: after a switch, the new account signs; the old account's address is refused with the reason", async ({
  page,
  wallet,
}) => {
  await page.goto('/sats.html');
  await wallet.setActiveAccount(1);
  const [one] = (await expectedAddresses({ identity: 'xverse', account: 1, purposes: ['payment'] })).addresses;
  const [zero] = (await expectedAddresses({ identity: 'xverse', account: 0, purposes: ['payment'] })).addresses;
  const signing = xverse(page, 'signMessage', { address: one!.address, message: 'acct' });
  await wallet.approveNext();
  expect((await signing).result).toMatchObject({ address: one!.address, protocol: 'ECDSA' });
  // Refused when it arrives: no window opens for a request that cannot be approved.
  const refused = xverse(page, 'signMessage', { address: zero!.address, message: 'acct' });
  expect(await refused).toMatchObject({
    error: { code: -32602, message: 'Invalid parameters.', data: { error: expect.stringContaining("not the active account's") } },
  });
  expect(await wallet.pending()).toEqual([]);
});
