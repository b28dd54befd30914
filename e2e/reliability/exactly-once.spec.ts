// Never twice: a transaction is signed once and sent once whatever stops the worker or presses
// Approve again, and Stacks nonces are reserved one approval at a time, from any tab or frame.
import { test, expect, type Page } from 'mock-wallet-provider/testing';
import { loopbackNode, type LoopbackNode } from '../support/loopback-node.ts';
import { request, testHook } from '../support/support.ts';

const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ALICE_BTC = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let node: LoopbackNode;
test.beforeEach(async () => {
  node = await loopbackNode();
});
test.afterEach(async () => {
  await node.close();
});

/** stx_transferStx and sendTransfer, each with the node's endpoint set. */
const CASES = [
  { method: 'stx_transferStx', params: { recipient: BOB, amount: '5' }, settings: () => ({ stacksNodeUrl: node.url }) },
  { method: 'sendTransfer', params: { recipients: [{ address: ALICE_BTC, amount: '15000' }] }, settings: () => ({ bitcoinBroadcastUrl: `${node.url}/api` }) },
] as const;

for (const { method, params, settings } of CASES) {
  test(`${method}: the worker stops between signing and sending; the restarted worker sends the same bytes once and the page gets that txid`, async ({
    page,
    wallet,
    walletBrowser,
  }) => {
    await wallet.setSettings(settings());
    await page.goto('/blank.html');
    await testHook(walletBrowser, 'holdSending', true);
    // The hook is this project's own: the kits' control object has none.
    expect(await (await walletBrowser.worker()).evaluate(() => Object.keys(globalThis.mockWallet).filter((name) => name.startsWith('hold')))).toEqual([]);
    const call = request(page, method, params);
    const prompt = await wallet.nextPrompt();
    await prompt.approve(); // returns once the decision (the signed transaction) is stored
    expect(node.posts).toEqual([]);
    const [decided] = await wallet.calls();
    // A second press, from the kit, while it waits to be sent: nothing new is signed or sent.
    await wallet.approve(decided!.id);
    await testHook(walletBrowser, 'holdSending', false);
    await wallet.stopServiceWorker();
    const settled = await call;
    expect(settled.ok, JSON.stringify(settled.response)).toBe(true);
    await sleep(500); // a second POST would come now
    expect(node.posts).toHaveLength(1);
    const logged = (await wallet.calls()).filter((c) => c.id === decided!.id);
    expect(logged.map((c) => c.outcome)).toEqual(['approved']);
    expect((settled.response.result as unknown as { txid: string }).txid).toBe(logged[0]!.transaction!.txid);
    expect(logged[0]!.transaction!.hex.length).toBeGreaterThan(0);
  });
}

test('pressing Approve in the window and from the kit at once signs and sends one transaction', async ({ page, wallet }) => {
  await wallet.setSettings({ stacksNodeUrl: node.url });
  await page.goto('/blank.html');
  for (let round = 0; round < 4; round++) {
    const call = request(page, 'stx_transferStx', { recipient: BOB, amount: String(round + 1) });
    const prompt = await wallet.nextPrompt();
    await prompt.ready();
    const [pending] = await wallet.pending();
    await Promise.all([prompt.approve().catch(() => undefined), wallet.approve(pending!.id)]);
    expect((await call).ok).toBe(true);
  }
  await sleep(300);
  expect(node.nonces).toEqual([0, 1, 2, 3]);
  expect(await wallet.stacksNonce()).toBe(4);
});

/** Starts `count` transfers from a frame at once; resolves to their settled answers. */
function burst(page: Page | import('@playwright/test').Frame, count: number): Promise<{ ok: boolean }[]> {
  return page.evaluate(
    `Promise.all(Array.from({ length: ${count} }, (_, i) => window.WalletProvider.request('stx_transferStx', { recipient: '${BOB}', amount: String(i + 1) }).then(
      (r) => ({ ok: true, hex: r.result.transaction }),
      (r) => ({ ok: false, error: r.error }),
    )))`,
  ) as Promise<{ ok: boolean }[]>;
}

test('approvals at once from two tabs and a cross-origin frame get distinct, increasing nonces; a rejected nonce is taken by the next transaction', async ({
  page,
  context,
  wallet,
}) => {
  await wallet.setSettings({ approvalPolicy: 'approve', stacksNodeUrl: node.url });
  await page.goto('/frames.html');
  const other = await context.newPage();
  await other.goto('/blank.html');
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('http://localhost'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('http://localhost'));
  const answers = (await Promise.all([burst(page, 4), burst(other, 4), burst(frame!, 4)])).flat();
  expect(answers.every((a) => a.ok)).toBe(true);
  await sleep(300);
  expect([...node.nonces].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  await other.close();

  // Under the prompt policy, two windows pressed at once and a third rejected: each window holds the
  // nonce it shows, so the rejected one gives its nonce back, and the next transaction takes it.
  await wallet.setApprovalPolicy('prompt');
  const calls = [0, 1, 2].map((i) => request(page, 'stx_transferStx', { recipient: BOB, amount: String(100 + i) }));
  const prompts = [await wallet.nextPrompt(), await wallet.nextPrompt(), await wallet.nextPrompt()];
  const shown = await Promise.all(prompts.map(async (p) => Number.parseInt((await p.details()).fields['Nonce']!, 10)));
  expect([...shown].sort((a, b) => a - b)).toEqual([12, 13, 14]);
  await Promise.all([prompts[0]!.approve(), prompts[1]!.approve(), prompts[2]!.reject()]);
  const settled = await Promise.all(calls);
  expect(settled.map((s) => s.ok).sort()).toEqual([false, true, true]);
  await sleep(300);
  expect([...node.nonces].sort((a, b) => a - b)).toEqual([...Array(12).keys(), shown[0]!, shown[1]!].sort((a, b) => a - b));
  await wallet.setApprovalPolicy('approve');
  expect((await request(page, 'stx_transferStx', { recipient: BOB, amount: '103' })).ok).toBe(true);
  await sleep(300);
  expect([...node.nonces].sort((a, b) => a - b)).toEqual([...Array(15).keys()]);
  expect(await wallet.stacksNonce()).toBe(15);
});

/**
 * A BIP-174 PSBT of `count` inputs with empty input maps, written byte by byte: the global unsigned
 * transaction (version 2, each input a distinct txid, one output to ALICE_BTC) and nothing else.
 * Only the wallet's bounds read it: @scure/btc-signer's builder took 3 s for 5001 inputs (each
 * addInput checks all those before it).
 */
async function bareWidePsbt(count: number): Promise<string> {
  const { Address, OutScript } = await import('@scure/btc-signer');
  const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
  const le32 = (n: number): string => hex(new Uint8Array(new Uint32Array([n]).buffer));
  const varint = (n: number): string => (n < 0xfd ? hex(Uint8Array.of(n)) : n <= 0xffff ? `fd${hex(Uint8Array.of(n & 0xff, n >> 8))}` : `fe${le32(n)}`);
  const script = OutScript.encode(Address().decode(ALICE_BTC));
  const inputs = Array.from({ length: count }, (_, i) => `${le32(i + 1).padEnd(64, '0')}${le32(0)}00ffffffff`).join('');
  const output = `${hex(new Uint8Array(new BigUint64Array([100_000n]).buffer))}${varint(script.length)}${hex(script)}`;
  const unsigned = `${le32(2)}${varint(count)}${inputs}01${output}${le32(0)}`;
  // magic; the global map: key <0x00> (PSBT_GLOBAL_UNSIGNED_TX) and its value, then the separator; an empty map per input and output
  return `70736274ff0100${varint(unsigned.length / 2)}${unsigned}00${'00'.repeat(count)}00`;
}

/** A PSBT spending `count` outputs of one address, built with @scure/btc-signer (bitcoinjs-lib's builder is quadratic). */
async function widePsbt(address: string, count: number): Promise<string> {
  const { Address, OutScript, Transaction } = await import('@scure/btc-signer');
  const { createHash } = await import('node:crypto');
  const tx = new Transaction();
  const script = OutScript.encode(Address().decode(address));
  for (let i = 0; i < count; i++) tx.addInput({ txid: createHash('sha256').update(`wide ${i}`).digest(), index: 0, witnessUtxo: { script, amount: 1_000n } });
  tx.addOutputAddress(ALICE_BTC, 100_000n);
  return Buffer.from(tx.toPSBT()).toString('hex');
}

// Linear signing is measured by npm run bench (its signPsbt scale row) and the kit's asking again is unit-tested (kit/prompt.test.ts);
// here a PSBT large enough to take seconds in the worker, which answers "still signing" meanwhile.
test('a PSBT with 600 inputs is signed while another origin is answered at once; meanwhile the wallet tells the kit it is still signing', async ({
  page,
  context,
  wallet,
  walletBrowser,
}) => {
  test.setTimeout(120_000);
  const { psbtFromHex, signerOf } = await import('../../test/bitcoin-reference.ts');
  const { reference } = await import('../../test/reference.ts');
  const account = await reference('mainnet', 0);
  const hex = await widePsbt(account.p2wpkh.address, 600);
  await page.goto('/blank.html');
  const call = request(page, 'signPsbt', { hex });
  const prompt = await wallet.nextPrompt({ timeout: 30_000 });
  const key = new URL(prompt.page.url()).searchParams.get('key')!;
  const approving = prompt.approve();
  // Another origin's query, asked while the wallet signs, is answered long before the signature.
  const other = await context.newPage();
  await other.goto('http://localhost:5317/blank.html');
  const started = Date.now();
  const query = await request(other, 'supportedMethods');
  const queryMs = Date.now() - started;
  expect(query.ok).toBe(true);
  // What the kit's press hears once the worker is signing: 'signing', so it asks again rather than give up.
  await expect.poll(() => walletBrowser.control('decided', key, 50), { intervals: [50], timeout: 10_000 }).toBe('signing');
  await approving;
  const settled = await call;
  const signedAt = Date.now() - started;
  expect(settled.ok).toBe(true);
  expect(queryMs, `the query took ${queryMs} ms while signing took ${signedAt} ms`).toBeLessThan(Math.max(2_000, signedAt / 2));
  const psbt = psbtFromHex((settled.response.result as unknown as { hex: string }).hex);
  for (const i of [0, 299, 599]) expect(signerOf(psbt, i)).toBe(account.p2wpkh.publicKey);

  // Past the wallet's bounds: refused at once, naming them.
  const refused = await request(page, 'signPsbt', { hex: await bareWidePsbt(5001) });
  expect(refused.response.error?.message ?? '').toMatch(/5001 inputs and 1 outputs; this wallet signs PSBTs of at most 5000 inputs/);
});
