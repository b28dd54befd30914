// signPsbt, signMessage and sendTransfer through the real approval window, checked with
// libraries the wallet does not sign with (bitcoinjs-lib + libsecp256k1, bip322-js).
import { test, expect } from 'mock-wallet-provider/testing';
import type { Page } from '@playwright/test';
import { signMessage as leatherSignMessage, signPsbt as leatherSignPsbt, sendTransfer as leatherSendTransfer } from '@leather.io/rpc';
import { createServer, type Server } from 'node:http';
import { buildPsbt, decodeTransaction, extract, psbtFromHex, signerOf, verifyBip322, verifyP2wpkhSpend } from '../../test/bitcoin-reference.ts';
import { answerReads } from '../support/loopback-node.ts';
import { reference } from '../../test/reference.ts';
import { request } from '../support/support.ts';

const PAY_TO = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq';

async function connect(page: Page, wallet: { approveNext(o?: { account?: number }): Promise<void> }, account?: number): Promise<void> {
  const call = request(page, 'getAddresses');
  await wallet.approveNext(account === undefined ? {} : { account });
  expect((await call).ok).toBe(true);
}

/** A stand-in for an Esplora API on this machine: records what it is sent, answers as told. */
async function esplora(answer: { status: number; body: (tx: string) => string }): Promise<{ url: string; received: string[]; server: Server }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (answerReads(req, res)) return;
      if (req.method === 'POST' && req.url === '/api/tx') received.push(body);
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/api`, received, server };
}

test('signMessage: the window shows the message and signing address; the signature verifies (bip322-js)', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'signMessage', { message: 'Sign in to example.com', account: 1 });
  const prompt = await wallet.nextPrompt();
  const one = await reference('mainnet', 1);
  expect(await prompt.details()).toMatchObject({
    title: 'Sign message',
    method: 'signMessage',
    origin: new URL(page.url()).origin,
    account: 1,
    accountSource: 'request',
    fields: { Message: 'Sign in to example.com', 'Signing address': one.p2wpkh.address },
  });
  await prompt.approve();
  const settled = await call;
  expect(settled.ok).toBe(true);
  expect(leatherSignMessage.response.safeParse(settled.response).success).toBe(true);
  const result = settled.response.result as unknown as { signature: string; address: string };
  expect(result.address).toBe(one.p2wpkh.address);
  expect(verifyBip322(one.p2wpkh.address, 'Sign in to example.com', result.signature)).toBe(true);
  const [entry] = await wallet.calls();
  expect(entry).toMatchObject({ method: 'signMessage', outcome: 'approved', account: 1, accountSource: 'request', result });
});

test('signPsbt after the user switched account: without account the ACTIVE account signs, and the window warns', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await connect(page, wallet); // the app connected with Account 1
  await wallet.setActiveAccount(2); // then the user switched in the wallet
  const [zero, two] = [await reference('mainnet', 0), await reference('mainnet', 2)];
  const hex = buildPsbt(
    [
      { address: zero.p2wpkh.address, value: 20_000n },
      { address: two.p2wpkh.address, value: 20_000n },
    ],
    [{ address: PAY_TO, value: 39_000n }],
  ).toHex();

  const careless = request(page, 'signPsbt', { hex });
  const prompt = await wallet.nextPrompt();
  const details = await prompt.details();
  expect(details).toMatchObject({
    title: 'Sign PSBT',
    account: 2,
    accountSource: 'active',
    notice: 'This site connected with Account 1, but Account 3 will sign.',
  });
  expect(details.tables['Inputs']!.map((row) => [row['Owner'], row['Signed']])).toEqual([
    ['not this account', 'no'],
    ['this account (Native SegWit)', 'yes'],
  ]);
  expect(details.tables['Outputs']).toEqual([{ '#': '0', Address: PAY_TO, Amount: '0.00039 BTC' }]);
  expect(details.fields['Fee']).toBe('0.00001 BTC');
  await prompt.approve();
  const signedByActive = psbtFromHex(((await careless).response.result as unknown as { hex: string }).hex);
  expect(leatherSignPsbt.response.safeParse((await careless).response).success).toBe(true);
  expect(signerOf(signedByActive, 0)).toBeUndefined();
  expect(signerOf(signedByActive, 1)).toBe(two.p2wpkh.publicKey);

  // The careful app passes the connected account: that account signs, no warning.
  const careful = request(page, 'signPsbt', { hex, account: 0 });
  const second = await wallet.nextPrompt();
  const shown = await second.details();
  expect(shown).toMatchObject({ account: 0, accountSource: 'request' });
  expect(shown.notice).toBeUndefined();
  await second.approve();
  expect(signerOf(psbtFromHex(((await careful).response.result as unknown as { hex: string }).hex), 0)).toBe(zero.p2wpkh.publicKey);
});

test("reject and close answer 4001 with the real wallet's messages; the code follows rejectionCode", async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const account = await reference('mainnet', 0);
  const hex = buildPsbt([{ address: account.p2wpkh.address, value: 10_000n }], [{ address: PAY_TO, value: 9_000n }]).toHex();
  const rejected = request(page, 'signPsbt', { hex });
  await wallet.rejectNext();
  expect((await rejected).response.error).toMatchObject({ code: 4001, message: 'User rejected signing PSBT request' });
  const closed = request(page, 'signMessage', { message: 'x' });
  await wallet.closeNextPrompt();
  expect((await closed).response.error).toMatchObject({ code: 4001, message: 'User rejected request' });
  await wallet.setSettings({ rejectionCode: -32000 });
  const transfer = request(page, 'sendTransfer', { recipients: [{ address: PAY_TO, amount: '1000' }] });
  await wallet.rejectNext();
  expect((await transfer).response.error).toMatchObject({ code: -32000, message: 'User rejected request' });
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(['rejected', 'closed', 'rejected']);
});

test('sendTransfer: the window shows recipients in BTC, fee and change; the signed transaction is in the call log, sent nowhere', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const account = await reference('mainnet', 0);
  const call = request(page, 'sendTransfer', { recipients: [{ address: PAY_TO, amount: '250000' }] });
  const prompt = await wallet.nextPrompt();
  const details = await prompt.details();
  expect(details.title).toBe('Send bitcoin');
  expect(details.tables['Recipients']).toEqual([{ Address: PAY_TO, Amount: '0.0025 BTC' }]);
  expect(details.fields['Fee']).toMatch(/^0\.00001\d+ BTC \(10 sat\/vB\)$/);
  expect(details.fields['Change']).toMatch(new RegExp(`^999\\.99\\d+ BTC back to ${account.p2wpkh.address}$`));
  await prompt.approve();
  const settled = await call;
  expect(leatherSendTransfer.response.safeParse(settled.response).success).toBe(true);
  const [entry] = await wallet.calls();
  const tx = decodeTransaction(entry!.transaction!.hex);
  expect(entry!.transaction).toEqual({ chain: 'bitcoin', hex: entry!.transaction!.hex, txid: tx.txid });
  expect(settled.response.result).toEqual({ txid: tx.txid });
  expect(tx.outputs[0]).toEqual({ address: PAY_TO, value: 250_000n });
  expect(verifyP2wpkhSpend(entry!.transaction!.hex, 0, account.p2wpkh.publicKey, 100_000_000_000n)).toBe(true);
});

test('bitcoinBroadcastUrl: a local Esplora stand-in receives the exact raw transaction; its refusal reaches the page', async ({ page, wallet }) => {
  const good = await esplora({ status: 200, body: (tx) => decodeTransaction(tx).txid });
  const bad = await esplora({ status: 400, body: () => 'sendrawtransaction RPC error: bad-txns-inputs-missingorspent' });
  try {
    await page.goto('/blank.html');
    await wallet.setSettings({ bitcoinBroadcastUrl: good.url, approvalPolicy: 'approve' });
    const account = await reference('mainnet', 0);
    const hex = buildPsbt(
      [
        { address: account.p2wpkh.address, value: 50_000n },
        { address: account.p2tr.address, value: 30_000n },
      ],
      [{ address: PAY_TO, value: 79_000n }],
    ).toHex();
    const sent = await request(page, 'signPsbt', { hex, broadcast: true });
    const result = sent.response.result as unknown as { hex: string; txid: string };
    const independent = extract(psbtFromHex(result.hex));
    expect(good.received).toEqual([independent.hex]);
    expect(result.txid).toBe(independent.txid);
    expect((await wallet.calls())[0]!.transaction).toEqual({ chain: 'bitcoin', hex: independent.hex, txid: independent.txid, sentTo: `${good.url}/tx` });

    await wallet.setSettings({ bitcoinBroadcastUrl: bad.url });
    const refusedPsbt = await request(page, 'signPsbt', { hex, broadcast: true });
    expect(refusedPsbt.response.error).toEqual({
      code: 4002,
      message: 'Failed to broadcast transaction',
      data: { reason: '400 sendrawtransaction RPC error: bad-txns-inputs-missingorspent' },
    });
    const refusedTransfer = await request(page, 'sendTransfer', { recipients: [{ address: PAY_TO, amount: '1000' }] });
    // Leather shows the node's words in its window only; the page gets 4001 (leather-io/extension 05d24d70, rpc-request-utils.ts).
    expect(refusedTransfer.response.error).toEqual({
      code: 4001,
      message: 'User rejected request',
      data: { reason: '400 sendrawtransaction RPC error: bad-txns-inputs-missingorspent' },
    });
    expect(bad.received).toHaveLength(2);
    expect((await wallet.calls()).slice(1).map((c) => c.transaction?.error)).toEqual([
      expect.stringContaining('bad-txns'),
      expect.stringContaining('bad-txns'),
    ]);
  } finally {
    good.server.close();
    bad.server.close();
  }
});

test('approval policies answer signing methods without a window', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await wallet.setApprovalPolicy('approve');
  const signed = await request(page, 'signMessage', { message: 'auto', paymentType: 'p2tr' });
  const result = signed.response.result as unknown as { signature: string; address: string };
  expect(verifyBip322(result.address, 'auto', result.signature)).toBe(true);
  await wallet.setApprovalPolicy('reject');
  expect((await request(page, 'signMessage', { message: 'auto' })).response.error).toMatchObject({ code: 4001, message: 'User rejected request' });
});

test("accountRule 'site': the account the site connected with signs, whatever the request says", async ({ page, wallet }) => {
  await wallet.setSettings({ accountRule: 'site' });
  await page.goto('/blank.html');
  await connect(page, wallet, 1);
  await wallet.setActiveAccount(0);
  const call = request(page, 'signMessage', { message: 'x', account: 3 });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ account: 1, accountSource: 'site' });
  await prompt.approve();
  expect((await call).response.result).toMatchObject({ address: (await reference('mainnet', 1)).p2wpkh.address });
});

test("taprootKeyField: the internal key by default, as the real wallet; the BIP-341 output key when set to 'output'", async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const account = await reference('mainnet', 0);
  const p2tr = async () =>
    ((await request(page, 'getAddresses')).response.result!.addresses as { type?: string; tweakedPublicKey?: string }[]).find((e) => e.type === 'p2tr')!
      .tweakedPublicKey;
  expect(await p2tr()).toBe(account.p2tr.publicKey.slice(2));
  await wallet.setSettings({ taprootKeyField: 'output' });
  expect(await p2tr()).toBe(account.taprootOutputKey);
});

test('a large PSBT (40 inputs with their whole previous transactions) travels from the page and is signed whole', async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const account = await reference('mainnet', 0);
  const inputs = Array.from({ length: 40 }, () => ({ address: account.p2wpkh.address, value: 5_000n, nonWitness: true }));
  const hex = buildPsbt(inputs, [{ address: PAY_TO, value: 190_000n }]).toHex();
  expect(hex.length).toBeGreaterThan(8_000);
  const settled = await request(page, 'signPsbt', { hex });
  const signed = psbtFromHex((settled.response.result as unknown as { hex: string }).hex);
  expect(inputs.map((_, i) => signerOf(signed, i))).toEqual(inputs.map(() => account.p2wpkh.publicKey));
});
