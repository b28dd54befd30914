// The Stacks methods through the real approval window: transactions decoded and verified,
// signatures checked with @stacks/encryption and libsecp256k1, results against @leather.io/rpc.
import { test, expect } from 'mock-wallet-provider/testing';
import type { Page } from '@playwright/test';
import { stxCallContract, stxSignMessage, stxTransferStx } from '@leather.io/rpc';
import { Cl, ClarityVersion, Pc, makeUnsignedSTXTokenTransfer, postConditionToHex, serializeCV } from '@stacks/transactions';
import { createServer, type Server } from 'node:http';
import { reference } from '../../test/reference.ts';
import { decodeStacksTransaction, verifySip018, verifyStacksMessage } from '../../test/stacks-reference.ts';
import { request } from '../support/support.ts';

const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
type TxResult = { txid: string; transaction: string };
const stxKey = async (account: number) => (await reference('mainnet', account)).stx!;
const resultOf = <T>(settled: { response: { result?: unknown } }): T => settled.response.result as T;

async function connect(page: Page, wallet: { approveNext(o?: { account?: number }): Promise<void> }, account?: number): Promise<void> {
  const call = request(page, 'getAddresses');
  await wallet.approveNext(account === undefined ? {} : { account });
  expect((await call).ok).toBe(true);
}

test('stx_transferStx: the window shows recipient, STX amount, memo, fee and nonce; the nonce advances with each transaction', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const zero = await stxKey(0);
  const first = request(page, 'stx_transferStx', { recipient: BOB, amount: '1000000', memo: 'coffee' });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({
    title: 'Send STX',
    account: 0,
    accountSource: 'active',
    fields: {
      From: zero.address,
      Recipient: BOB,
      Amount: '1 STX',
      Memo: 'coffee',
      Fee: "0.01 STX (the wallet's default)",
      Nonce: "0 (the wallet's next, held for this request)",
      'Post-condition mode': 'deny',
    },
  });
  await prompt.approve();
  const settled = await first;
  expect(stxTransferStx.response.safeParse(settled.response).success).toBe(true);
  const tx = decodeStacksTransaction(resultOf<TxResult>(settled).transaction, zero.publicKey);
  expect(resultOf<TxResult>(settled).txid).toBe(tx.txid());
  expect(tx.auth.spendingCondition.nonce).toBe(0n);

  const second = request(page, 'stx_transferStx', { recipient: BOB, amount: 5 });
  await wallet.approveNext();
  expect(decodeStacksTransaction(resultOf<TxResult>(await second).transaction, zero.publicKey).auth.spendingCondition.nonce).toBe(1n);
  expect(await wallet.stacksNonce()).toBe(2);
  await wallet.setStacksNonce(40);
  await wallet.setApprovalPolicy('approve');
  // A signature moves the nonce counter, never the settings (nothing reruns what a settings change sets off).
  const settingsBefore = await wallet.settings();
  const third = await request(page, 'stx_transferStx', { recipient: BOB, amount: 5 });
  expect(decodeStacksTransaction(resultOf<TxResult>(third).transaction, zero.publicKey).auth.spendingCondition.nonce).toBe(40n);
  expect(await wallet.settings()).toEqual(settingsBefore);
  expect(await wallet.stacksNonce()).toBe(41);
  await expect(wallet.setStacksNonce(-1)).rejects.toThrow(/the Stacks nonce must be a whole number from 0/);
  await expect(wallet.setSettings({ stacksNonces: { 'mainnet:0': 3 } } as never)).rejects.toThrow(
    /stacksNonces is no longer a setting: set a counter with wallet\.setStacksNonce/,
  );
  const logged = (await wallet.calls()).map((c) => c.transaction);
  expect(logged.map((t) => [t?.chain, t?.nonce, t?.sentTo])).toEqual([
    ['stacks', 0, undefined],
    ['stacks', 1, undefined],
    ['stacks', 40, undefined],
  ]);
  // Reset forgets the counter.
  await wallet.reset();
  expect(await wallet.stacksNonce()).toBe(0);
});

test('address picks the account; without it the ACTIVE account signs after a switch, and the window warns; a foreign address is refused', async ({
  page,
  wallet,
}) => {
  await page.goto('/blank.html');
  await connect(page, wallet); // connected with Account 1
  await wallet.setActiveAccount(2);
  const [zero, two] = [await stxKey(0), await stxKey(2)];
  const careless = request(page, 'stx_transferStx', { recipient: BOB, amount: 1 });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ account: 2, accountSource: 'active', notice: 'This site connected with Account 1, but Account 3 will sign.' });
  await prompt.approve();
  decodeStacksTransaction(resultOf<TxResult>(await careless).transaction, two.publicKey);

  const careful = request(page, 'stx_transferStx', { recipient: BOB, amount: 1, address: zero.address });
  const second = await wallet.nextPrompt();
  expect(await second.details()).toMatchObject({ account: 0, accountSource: 'request' });
  await second.approve();
  decodeStacksTransaction(resultOf<TxResult>(await careful).transaction, zero.publicKey);

  const foreign = await request(page, 'stx_transferStx', { recipient: BOB, amount: 1, address: BOB });
  expect(foreign.response.error).toMatchObject({ code: -32602, message: expect.stringContaining(`address ${BOB} is not the STX address`) });
});

test('stx_callContract and stx_deployContract: arguments, post conditions and code shown decoded', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const zero = await stxKey(0);
  const pc = postConditionToHex(Pc.principal(zero.address).willSendLte(1000n).ustx());
  const call = request(page, 'stx_callContract', {
    contract: `${BOB}.counter`,
    functionName: 'add',
    functionArgs: [serializeCV(Cl.uint(7)), serializeCV(Cl.stringAscii('hi'))],
    postConditions: [pc],
    postConditionMode: 'deny',
    fee: 2000,
  });
  const prompt = await wallet.nextPrompt();
  const details = await prompt.details();
  expect(details).toMatchObject({ title: 'Call contract', fields: { Contract: `${BOB}.counter`, Function: 'add', Fee: '0.002 STX' } });
  expect(details.tables['Arguments']).toEqual([
    { '#': '0', Value: 'u7' },
    { '#': '1', Value: '"hi"' },
  ]);
  expect(details.tables['Post conditions']).toEqual([{ '#': '0', Condition: `${zero.address} lte 1000 µSTX` }]);
  await prompt.approve();
  expect(stxCallContract.response.safeParse((await call).response).success).toBe(true);
  decodeStacksTransaction(resultOf<TxResult>(await call).transaction, zero.publicKey);

  const code = ';; a greeting\n(define-read-only (hello) (ok "world"))';
  const deploy = request(page, 'stx_deployContract', { name: 'hello', clarityCode: code });
  const second = await wallet.nextPrompt();
  expect((await second.details()).fields).toMatchObject({
    Contract: `${zero.address}.hello`,
    'Clarity version': '3',
    'Code size': `${code.length} bytes, 2 lines`,
    'First lines': code,
  });
  await second.approve();
  expect(decodeStacksTransaction(resultOf<TxResult>(await deploy).transaction, zero.publicKey).payload).toMatchObject({
    clarityVersion: ClarityVersion.Clarity3,
  });
});

test('messages: reject says "User denied signing", close "User rejected request"; approved signatures verify', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const zero = await stxKey(0);
  const rejected = request(page, 'stx_signMessage', { message: 'no' });
  await wallet.rejectNext();
  expect((await rejected).response.error).toMatchObject({ code: 4001, message: 'User denied signing' });
  const closed = request(page, 'stx_signMessage', { message: 'no' });
  await wallet.closeNextPrompt();
  expect((await closed).response.error).toMatchObject({ code: 4001, message: 'User rejected request' });

  const signed = request(page, 'stx_signMessage', { message: 'Sign in to example.com' });
  const prompt = await wallet.nextPrompt();
  expect((await prompt.details()).fields).toMatchObject({ Message: 'Sign in to example.com', 'Signing address': zero.address });
  await prompt.approve();
  expect(stxSignMessage.response.safeParse((await signed).response).success).toBe(true);
  expect(verifyStacksMessage('Sign in to example.com', resultOf<{ signature: string }>(await signed).signature, zero.publicKey)).toBe(true);

  const domain = Cl.tuple({ name: Cl.stringAscii('example.com'), version: Cl.stringAscii('1'), 'chain-id': Cl.uint(1) });
  const message = Cl.tuple({ action: Cl.stringAscii('login'), nonce: Cl.uint(5) });
  const structured = request(page, 'stx_signStructuredMessage', { message: serializeCV(message), domain: serializeCV(domain) });
  const second = await wallet.nextPrompt();
  const shown = await second.details();
  expect(shown.title).toBe('Sign structured data');
  expect(shown.fields['Domain']).toBe('{ chain-id: u1, name: "example.com", version: "1" }'); // Clarity sorts tuple keys
  expect(shown.fields['Message']).toContain('action: "login"');
  await second.approve();
  expect(verifySip018(message, domain, resultOf<{ signature: string }>(await structured).signature, zero.publicKey)).toBe(true);
});

test("stx_signTransaction through the window: the app's transaction comes back signed, fee and nonce kept", async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const one = await stxKey(1);
  const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 42n, fee: 321n, nonce: 7n, publicKey: one.publicKey, network: 'mainnet' });
  const call = request(page, 'stx_signTransaction', { transaction: unsigned.serialize(), address: one.address });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Sign transaction', account: 1, fields: { Transaction: `send 0.000042 STX to '${BOB}`, Nonce: '7' } });
  await prompt.approve();
  const result = resultOf<{ transaction: string; txHex: string }>(await call);
  expect(result.txHex).toBe(result.transaction);
  expect(decodeStacksTransaction(result.transaction, one.publicKey).auth.spendingCondition).toMatchObject({ fee: 321n, nonce: 7n });
});

test('discovery: stx_getAddresses prompts and answers { addresses }; supportedMethods answers at once; getInfo is -32601', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'stx_getAddresses');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.method()).toBe('stx_getAddresses');
  await prompt.approve();
  expect(resultOf<{ addresses: { symbol: string }[] }>(await call).addresses.map((a) => a.symbol)).toEqual(['BTC', 'BTC', 'STX']);
  await wallet.setApprovalPolicy('reject'); // a query asks nothing of the person
  const supported = await request(page, 'supportedMethods');
  expect(resultOf<{ methods: { name: string }[] }>(supported).methods.map((m) => m.name)).toContain('stx_transferStx');
  for (const method of ['getInfo', 'stx_getNetworks', 'stx_getAccounts']) {
    expect((await request(page, method)).response.error, method).toMatchObject({
      code: -32601,
      message: expect.stringMatching(new RegExp(`^"${method}" is not supported`)),
    });
  }
});

test('approveNext returns once the page has its answer, also when the node takes its time to accept the transaction', async ({ page, wallet }) => {
  const zero = await stxKey(0);
  const server: Server = createServer((req, res) => {
    req.resume().on('end', () => {
      if (req.method === 'GET' && req.url === `/v2/accounts/${zero.address}?proof=0`)
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ balance: '0x0', nonce: 3 }));
      // A slow node: the answer reaches the page 400 ms after the person approved.
      if (req.method === 'POST' && req.url === '/v2/transactions')
        return void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify('0'.repeat(64))), 400);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await wallet.setSettings({ stacksNodeUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
    await page.goto('/blank.html');
    // The page keeps each answer as it arrives; read once right after the helper returns, never polled.
    const ask = (method: string, params: Record<string, unknown>) =>
      page.evaluate(
        ([m, p]) => {
          const w = window as unknown as { WalletProvider: { request(m: string, p: unknown): Promise<unknown> }; answers: Record<string, unknown> };
          w.answers ??= {};
          void w.WalletProvider.request(m, p).then((answer) => void (w.answers[m] = answer));
        },
        [method, params] as const,
      );
    const answered = (method: string) => page.evaluate((m) => (window as unknown as { answers: Record<string, unknown> }).answers[m] ?? null, method);
    await ask('getAddresses', {});
    await wallet.approveNext();
    expect(await answered('getAddresses')).toMatchObject({ result: { addresses: expect.any(Array) } });
    await ask('stx_transferStx', { recipient: BOB, amount: 1 });
    await wallet.approveNext();
    expect(await answered('stx_transferStx')).toMatchObject({ result: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  } finally {
    server.close();
  }
});

test('stacksNodeUrl: the nonce comes from the node, which receives the exact bytes; its refusal reaches the page; sponsored is not sent', async ({
  page,
  wallet,
}) => {
  const received: Buffer[] = [];
  let refuse = false;
  const zero = await stxKey(0);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === `/v2/accounts/${zero.address}?proof=0`)
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ balance: '0x0', nonce: 17 }));
      if (req.method === 'POST' && req.url === '/v2/transactions') {
        received.push(Buffer.concat(chunks));
        if (refuse)
          return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'transaction rejected', reason: 'BadNonce' }));
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify('0'.repeat(64)));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await wallet.setSettings({ stacksNodeUrl: url, approvalPolicy: 'approve' });
    await page.goto('/blank.html');
    const sent = resultOf<TxResult>(await request(page, 'stx_transferStx', { recipient: BOB, amount: 1 }));
    expect(received.map((b) => b.toString('hex'))).toEqual([sent.transaction]);
    expect(decodeStacksTransaction(sent.transaction, zero.publicKey).auth.spendingCondition.nonce).toBe(17n);
    expect((await wallet.calls())[0]!.transaction).toMatchObject({ chain: 'stacks', sentTo: `${url}/v2/transactions`, nonce: 17 });

    const sponsored = resultOf<TxResult>(await request(page, 'stx_transferStx', { recipient: BOB, amount: 1, sponsored: true }));
    expect(sponsored.txid).toBe('');
    expect(received).toHaveLength(1);

    refuse = true;
    const refused = await request(page, 'stx_transferStx', { recipient: BOB, amount: 1 });
    expect(refused.response.error).toEqual({
      code: -32603,
      message: 'Failed to broadcast transaction: 400 transaction rejected: BadNonce',
      data: { reason: '400 transaction rejected: BadNonce' },
    });
  } finally {
    server.close();
  }
});

test('two transfer windows at once each show the nonce they sign; one rejected gives its nonce back to the next request', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const zero = await stxKey(0);
  const nonceOf = (settled: { response: { result?: unknown } }): bigint =>
    decodeStacksTransaction(resultOf<TxResult>(settled).transaction, zero.publicKey).auth.spendingCondition.nonce;
  const first = request(page, 'stx_transferStx', { recipient: BOB, amount: 1 });
  const one = await wallet.nextPrompt();
  const second = request(page, 'stx_transferStx', { recipient: BOB, amount: 2 });
  const two = await wallet.nextPrompt();
  expect((await one.details()).fields['Nonce']).toBe("0 (the wallet's next, held for this request)");
  expect((await two.details()).fields['Nonce']).toBe("1 (the wallet's next, held for this request)");
  // The second is approved first: it signs the 1 it showed.
  await two.approve();
  expect(nonceOf(await second)).toBe(1n);
  // The first is rejected: 0 is given back, and the next request's window shows and signs it.
  await one.reject();
  expect((await first).ok).toBe(false);
  const third = request(page, 'stx_transferStx', { recipient: BOB, amount: 3 });
  const three = await wallet.nextPrompt();
  expect((await three.details()).fields['Nonce']).toBe("0 (the wallet's next, held for this request)");
  await three.approve();
  expect(nonceOf(await third)).toBe(0n);
  expect(await wallet.stacksNonce()).toBe(2);
  // A window closed unsigned when its nonce was the last handed out: the counter comes back.
  const fourth = request(page, 'stx_transferStx', { recipient: BOB, amount: 4 });
  const four = await wallet.nextPrompt();
  expect((await four.details()).fields['Nonce']).toBe("2 (the wallet's next, held for this request)");
  await four.close();
  expect((await fourth).ok).toBe(false);
  await expect.poll(() => wallet.stacksNonce()).toBe(2);
});
