// The extension in a real Chromium: provider, relay, background, approval windows.
import { test, expect, Wallet, WalletBrowser } from 'mock-wallet-provider/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstVariant, reference, secondVariant } from '../../test/reference.ts';
import { byKind, request, isPromptPage, letGo } from '../support/support.ts';
import { startWalletWorker } from '../../src/playwright/browser.ts';
import { extensionPath, unpackedExtensionId } from '../../src/kit/setup.ts';

// Published vectors for account 0 of "abandon ×11 about" (BIP-84, BIP-86, DESIGN.md's Stacks vector).
const ACCOUNT0 = {
  p2wpkh: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  p2tr: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
  // BIP-86 vector: internal key cc8a4bc6…, output key a60869f0… (the address's witness program).
  internal: 'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
  output: 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
  stx: 'SPC5KHM41H6WHAST7MWWDD807YSPRQKJ69FSH54J',
};

test("the provider exists, frozen, before the page's first inline script", async ({ page, wallet }) => {
  await page.goto('/inline.html');
  expect(await page.evaluate(() => (window as unknown as { __seenAtFirstScript: boolean }).__seenAtFirstScript)).toBe(true);
  await wallet.approveNext();
  const early = await page.evaluate(() => (window as unknown as { __earlyCall: Promise<{ result: { addresses: { address: string }[] } }> }).__earlyCall);
  expect(early.result.addresses.map((a) => a.address)).toEqual([ACCOUNT0.p2wpkh, ACCOUNT0.p2tr, ACCOUNT0.stx]);
  const [call] = await wallet.calls();
  expect(call).toMatchObject({ method: 'getAddresses', outcome: 'approved', userActivation: false, origin: new URL(page.url()).origin });
});

test('approve: first variant answers the published vectors of the active account', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  await expect(prompt.page.getByText('Test wallet — public mnemonic, never use real funds')).toBeVisible();
  expect(await prompt.origin()).toBe(new URL(page.url()).origin);
  expect(await prompt.method()).toBe('getAddresses');
  expect(await prompt.addresses()).toEqual({ p2wpkh: ACCOUNT0.p2wpkh, p2tr: ACCOUNT0.p2tr, stx: ACCOUNT0.stx });
  await prompt.approve();
  const settled = await call;
  expect(settled.ok).toBe(true);
  expect(settled.response).toMatchObject({ jsonrpc: '2.0' });
  expect(settled.response.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const entries = byKind(settled);
  expect(entries['p2wpkh']).toEqual({
    symbol: 'BTC',
    type: 'p2wpkh',
    address: ACCOUNT0.p2wpkh,
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    derivationPath: "m/84'/0'/0'/0/0",
  });
  expect(entries['p2tr']).toMatchObject({ address: ACCOUNT0.p2tr, tweakedPublicKey: ACCOUNT0.internal, derivationPath: "m/86'/0'/0'/0/0" });
  expect(entries['STX']).toEqual({ symbol: 'STX', address: ACCOUNT0.stx });
});

test('approve: second variant adds descriptors, fingerprint, STX kind and publicKey; honours chains and network', async ({ page, wallet }) => {
  await wallet.setVariant('second');
  await wallet.setActiveAccount(6);
  await page.goto('/blank.html');
  const all = request(page, 'getAddresses');
  await wallet.approveNext();
  expect((await all).response.result?.addresses).toEqual(secondVariant(await reference('mainnet', 6)));
  const stx = byKind(await all)['STX']!;
  expect(stx).toMatchObject({ symbol: 'STX', kind: 'single-sig' });
  expect(byKind(await all)['p2wpkh']).toMatchObject({ fingerprint: '73c5da0a', derivationPath: "m/84'/0'/6'/0/0" });

  const bitcoinOnTestnet = request(page, 'getAddresses', { chains: ['bitcoin'], network: 'testnet' });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.network()).toBe('testnet');
  await prompt.approve();
  const testnet = await bitcoinOnTestnet;
  expect(testnet.response.result?.addresses).toEqual(secondVariant(await reference('testnet', 6)).slice(0, 2));

  // The { method, params } single-object form some clients use.
  const objectForm = page.evaluate(() =>
    (window as unknown as { WalletProvider: { request(r: unknown): Promise<{ result: { addresses: { symbol: string }[] } }> } }).WalletProvider.request({
      method: 'getAddresses',
      params: { chains: ['stacks'] },
    }),
  );
  await wallet.approveNext();
  expect((await objectForm).result.addresses.map((a) => a.symbol)).toEqual(['STX']);
});

test('switching account in the prompt answers with that account and makes it active', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.account()).toBe(0);
  await prompt.selectAccount(3);
  await expect.poll(() => prompt.addresses().then((a) => a.p2wpkh)).toBe((await reference('mainnet', 3)).p2wpkh.address);
  await prompt.approve();
  expect((await call).response.result?.addresses).toEqual(firstVariant(await reference('mainnet', 3)));
  expect((await wallet.settings()).activeAccount).toBe(3);

  // The next prompt opens on the account chosen last time.
  const next = request(page, 'getAddresses');
  const again = await wallet.nextPrompt();
  expect(await again.account()).toBe(3);
  await again.approve();
  expect(byKind(await next)['p2wpkh']!['derivationPath']).toBe("m/84'/0'/3'/0/0");
});

test('reject and close both answer 4001; the code is configurable', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const rejected = request(page, 'getAddresses');
  await wallet.rejectNext();
  expect(await rejected).toMatchObject({ ok: false, response: { jsonrpc: '2.0', error: { code: 4001, message: 'User rejected the request.' } } });

  const closed = request(page, 'getAddresses');
  await wallet.closeNextPrompt();
  expect(await closed).toMatchObject({ ok: false, response: { error: { code: 4001, data: { reason: 'closed' } } } });

  await wallet.setSettings({ rejectionCode: -32000 });
  const other = request(page, 'getAddresses');
  await wallet.rejectNext();
  expect((await other).response.error?.code).toBe(-32000);
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(['rejected', 'closed', 'rejected']);
});

test('every call opens its own window, even from the same origin just approved', async ({ page, wallet, context }) => {
  await page.goto('/blank.html');
  const first = request(page, 'getAddresses');
  const second = request(page, 'getAddresses');
  const [a, b] = [await wallet.nextPrompt(), await wallet.nextPrompt()];
  expect(a.page).not.toBe(b.page);
  expect(context.pages().filter(isPromptPage)).toHaveLength(2);
  await a.approve();
  await b.approve({ account: 1 });
  const answers = await Promise.all([first, second]);
  expect(answers.map((s) => s.ok)).toEqual([true, true]);
  expect(new Set(answers.map((s) => s.response.id)).size).toBe(2);
  // Approved a moment ago, same origin: still a new prompt.
  const third = request(page, 'getAddresses');
  await wallet.approveNext();
  expect((await third).ok).toBe(true);
  expect((await wallet.calls()).filter((c) => c.outcome === 'approved')).toHaveLength(3);
});

test('the approval window is a real window placed inside the screen', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  const bounds = await prompt.page.evaluate(() => ({ x: screenX, y: screenY, w: outerWidth, h: outerHeight, sw: screen.availWidth, sh: screen.availHeight }));
  expect(bounds.w).toBeGreaterThan(300);
  expect(bounds.x).toBeGreaterThanOrEqual(0);
  expect(bounds.y).toBeGreaterThanOrEqual(0);
  await prompt.approve();
  // approve() returns once the decision is stored; the page's answer may still be on its way when the test would end.
  expect((await call).ok).toBe(true);
});

test('unknown, unsupported and malformed requests get their JSON-RPC errors', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const cases: [unknown, unknown, number, RegExp][] = [
    ['eth_requestAccounts', undefined, -32601, /does not exist/],
    ['signMessage', { message: 'hi', type: 'legacy' }, -32602, /type must be "bip322"/],
    ['signPsbt', undefined, -32602, /signPsbt params must be an object/],
    ['openSwap', undefined, 4002, /not supported/],
    ['getInfo', undefined, -32601, /^"getInfo" is not supported\. Try running \.request\('supportedMethods'\)/],
    [42, undefined, -32600, /method must be a string/],
    [undefined, undefined, -32600, /method is missing/],
    // The first variant ignores params it does not use, but not malformed ones.
    ['getAddresses', { chains: 'bitcoin' }, -32602, /chains must be an array/],
  ];
  for (const [method, params, code, message] of cases) {
    const settled = await request(page, method, params);
    expect(settled.ok, String(method)).toBe(false);
    expect(settled.response.error?.code, String(method)).toBe(code);
    expect(settled.response.error?.message, String(method)).toMatch(message);
  }
  await wallet.setVariant('second');
  for (const [params, message] of [
    [{ chains: [] }, /chains must not be empty/],
    [{ network: 'moon' }, /network must be one of/],
    [{ chain: ['bitcoin'] }, /unknown parameter "chain"/],
    [['bitcoin'], /params must be an object/],
  ] as const) {
    const settled = await request(page, 'getAddresses', params);
    expect(settled.response.error).toMatchObject({ code: -32602, message: expect.stringMatching(message) });
  }
  // Not JSON at all: refused in the page, before anything travels.
  const fn = await page.evaluate(() =>
    (window as unknown as { WalletProvider: { request(m: string, p: unknown): Promise<unknown> } }).WalletProvider.request('getAddresses', {
      chains: () => 1,
    }).catch((e: unknown) => e),
  );
  expect(fn).toMatchObject({ error: { code: -32602, message: 'params.chains is a function, which JSON cannot carry' } });
  // Refused calls are still in the call log, with their codes.
  expect((await wallet.calls()).filter((c) => c.errorCode === 4002).map((c) => c.method)).toEqual(['openSwap']);
  expect((await wallet.calls()).filter((c) => c.method.startsWith('sign')).map((c) => c.errorCode)).toEqual([-32602, -32602]);
  expect(await wallet.pending()).toEqual([]);
});

test('approval policies answer without a window, and are logged', async ({ page, wallet, context }) => {
  await page.goto('/blank.html');
  await wallet.setApprovalPolicy('approve');
  const approved = await request(page, 'getAddresses');
  expect(byKind(approved)['p2wpkh']!['address']).toBe(ACCOUNT0.p2wpkh);
  await wallet.setApprovalPolicy('reject');
  expect((await request(page, 'getAddresses')).response.error?.code).toBe(4001);
  // Polled: a window the last test's request left goes back to the warm pool moments after the reset.
  await expect.poll(() => context.pages().some(isPromptPage)).toBe(false);
  expect(await wallet.pending()).toEqual([]);
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(['approved', 'rejected']);
});

test('a click in the window returns once the wallet has decided; the window lets the request go after', async ({ page, wallet, walletBrowser }) => {
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  const key = new URL(prompt.page.url()).searchParams.get('key')!;
  expect(await walletBrowser.control('decided', key, 300)).toBe(false); // still waiting for its person
  await prompt.approve();
  // Decided already: the log has the outcome and the page its answer, whatever the window is doing.
  expect(await walletBrowser.control('decided', key, 2_000)).toBe(true);
  expect((await wallet.calls()).map((c) => c.outcome)).toEqual(['approved']);
  expect((await call).ok).toBe(true);
  await expect.poll(() => letGo(prompt.page)).toBe(true);
  // A request withdrawn by a reset counts as decided too: a window's click has nothing left to wait for.
  void request(page, 'getAddresses');
  const next = new URL((await wallet.nextPrompt()).page.url()).searchParams.get('key')!;
  const waiting = walletBrowser.control('decided', next, 5_000);
  await wallet.reset();
  expect(await waiting).toBe(true);
});

test('code-driven approval sits beside the window', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  await expect.poll(async () => (await wallet.pending()).length).toBe(1);
  const [pending] = await wallet.pending();
  expect(pending).toMatchObject({ method: 'getAddresses', origin: new URL(page.url()).origin });
  await wallet.approve(pending!.id, { account: 4 });
  expect(byKind(await call)['p2tr']!['derivationPath']).toBe("m/86'/0'/4'/0/0");
  await expect(wallet.approve('no-such-id')).rejects.toThrow('no pending request with id "no-such-id" (pending: none)');
});

test("each frame gets its own origin's answer and prompt", async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/frames.html');
  const cross = page.frames().find((f) => f.url().includes('localhost'));
  await expect
    .poll(() =>
      page
        .frames()
        .find((f) => f.url().includes('localhost'))
        ?.url(),
    )
    .toContain('localhost');
  const frames = page.frames();
  const answers = await Promise.all(
    frames.map((f) =>
      f.evaluate(() =>
        (window as unknown as { WalletProvider: { request(m: string): Promise<{ id: string }> } }).WalletProvider.request('getAddresses').then((r) => r.id),
      ),
    ),
  );
  expect(new Set(answers).size).toBe(frames.length);
  const origins = (await wallet.calls()).map((c) => c.origin).sort();
  expect(origins).toContain('http://localhost:5317');
  expect(origins.filter((o) => o === 'http://127.0.0.1:5317').length).toBe(frames.length - 1); // main, same-origin and about:blank frames
  void cross;
});

test('a page cannot reach the control surface or forge an approval', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const exposed = await page.evaluate(() => ({
    mockWallet: typeof (window as unknown as Record<string, unknown>)['mockWallet'],
    keys: Object.keys((window as unknown as { WalletProvider: object }).WalletProvider),
    runtime: typeof (window as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
  }));
  expect(exposed).toEqual({ mockWallet: 'undefined', keys: ['request', 'isLeather'], runtime: 'undefined' });

  const call = request(page, 'getAddresses');
  await expect.poll(async () => (await wallet.pending()).length).toBe(1);
  const [pending] = await wallet.pending();
  // Everything a page could post to itself: fake answers, fake approvals, a second port.
  await page.evaluate((id) => {
    const fake = { id, response: { jsonrpc: '2.0', id, result: { addresses: [{ symbol: 'BTC', address: 'forged' }] } } };
    window.postMessage(fake, '*');
    window.postMessage({ type: 'rpc/response', response: fake.response }, '*');
    window.postMessage({ type: 'prompt/approve', key: id, account: 0 }, '*');
    const channel = new MessageChannel();
    window.postMessage({ 'mock-wallet-provider/port': true }, '*', [channel.port2]);
    channel.port1.postMessage(fake);
  }, pending!.id);
  await page.waitForTimeout(200);
  expect(await wallet.pending()).toHaveLength(1);
  await wallet.rejectNext();
  expect((await call).response.error?.code).toBe(4001);
  // Overwriting the provider does nothing.
  const swapped = await page.evaluate(() => {
    const w = window as unknown as { WalletProvider: unknown };
    try {
      w.WalletProvider = { request: () => 'evil' };
    } catch {
      /* strict mode would throw */
    }
    return typeof (w.WalletProvider as { request: () => unknown }).request() === 'object';
  });
  expect(swapped).toBe(true);
});

// The restarted browser also serves the extension's reload (under automation Chromium does not bring a reloaded
// unpacked extension back, so the reload needs a browser of its own, and this one closes after it).
test('settings persist across a browser restart; a launch starts a worker Chromium left stopped; a request waiting when the extension is reloaded is answered -32603, not left hanging', async ({
  baseURL,
}) => {
  const profile = await mkdtemp(join(tmpdir(), 'mock-wallet-profile-'));
  try {
    const first = await WalletBrowser.launch({ userDataDir: profile });
    await first.control('setSettings', { activeAccount: 6, network: 'signet', variant: 'second', approvalPolicy: 'approve' });
    await first.close();
    const second = await WalletBrowser.launch({ userDataDir: profile });
    try {
      expect(await second.control('getSettings')).toMatchObject({ activeAccount: 6, network: 'signet', variant: 'second', approvalPolicy: 'approve' });
      // The launch's nudge: the origin it computes is the extension's, and it starts a worker no one else would.
      expect(second.origin).toBe(`chrome-extension://${unpackedExtensionId(extensionPath())}/`);
      const page = second.context.pages()[0]!;
      const cdp = await second.context.newCDPSession(page);
      const status: string[] = [];
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) if (v.scriptURL.startsWith(second.origin)) status.push(v.runningStatus);
      });
      await cdp.send('ServiceWorker.enable');
      await second.stopServiceWorker(page);
      await expect.poll(() => status.at(-1)).toBe('stopped');
      await startWalletWorker(second.context, second.origin);
      await expect.poll(() => status.at(-1)).toBe('running');

      await second.control('setSettings', { approvalPolicy: 'prompt' });
      const app = await second.context.newPage();
      await app.goto(`${baseURL}/blank.html`);
      const call = request(app, 'getAddresses');
      await new Wallet(second).nextPrompt();
      // The worker goes away mid-call, as when a developer reloads or removes the extension.
      await (await second.worker())
        .evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload())
        .catch(() => undefined);
      expect(await call).toMatchObject({
        ok: false,
        response: { error: { code: -32603, message: 'the wallet extension was reloaded or removed; reload the page' } },
      });
    } finally {
      await second.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
});

test('settings page: a bad mnemonic is refused with a message and nothing is saved; a good change saves', async ({ page, wallet, extensionId }) => {
  await page.goto(`chrome-extension://${extensionId}/popup/settings.html`);
  await expect(page.getByLabel('Mnemonic (12 or 24 words)')).toHaveValue(/^abandon/);
  await page.getByLabel('Mnemonic (12 or 24 words)').fill('abandon abandon zebra');
  await page.getByLabel('Network').selectOption('testnet');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('mnemonic has 3 words; expected 12 or 24');
  expect(await wallet.settings()).toMatchObject({ network: 'mainnet' });

  const words24 =
    'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title';
  await page.getByLabel('Mnemonic (12 or 24 words)').fill(words24);
  await page.getByLabel('Output variant').selectOption('second');
  await page.getByLabel('Active account').fill('2');
  await page.getByLabel('Account that signs').selectOption('site');
  await page.getByLabel('p2tr tweakedPublicKey holds').selectOption('output');
  await page.getByLabel('sendTransfer fee rate (sat/vB)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('bitcoinFeeRate must be an integer from 1 to 10000, got 0');
  await page.getByLabel('sendTransfer fee rate (sat/vB)').fill('25');
  await page.getByLabel(/^Broadcast Bitcoin transactions to/).fill('ftp://example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('bitcoinBroadcastUrl must be an http(s) URL, got ftp:');
  await page.getByLabel(/^Broadcast Bitcoin transactions to/).fill('http://127.0.0.1:3002/api/');
  await page.getByLabel(/^Stacks node for nonces/).fill('http://127.0.0.1:3999');
  await page.getByLabel('Next Stacks nonce (the chosen account, on the chosen chain)').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  expect(await wallet.settings()).toMatchObject({
    mnemonic: words24,
    network: 'testnet',
    variant: 'second',
    activeAccount: 2,
    accountRule: 'site',
    taprootKeyField: 'output',
    bitcoinFeeRate: 25,
    bitcoinBroadcastUrl: 'http://127.0.0.1:3002/api',
    stacksNodeUrl: 'http://127.0.0.1:3999',
  });
  // The nonce is the wallet's running state, not a setting: stored for the form's account and network only.
  expect(await wallet.settings()).not.toHaveProperty('stacksNonces');
  expect(await wallet.stacksNonce()).toBe(12);
  expect(await wallet.stacksNonce({ network: 'mainnet' })).toBe(0);
  await expect(wallet.setSettings({ network: 'moon' as never })).rejects.toThrow(
    'network must be one of "mainnet", "testnet", "testnet4", "signet", "regtest", "devnet", got "moon"',
  );

  await page.getByRole('button', { name: 'Restore defaults' }).click();
  await expect(page.getByRole('status')).toHaveText('Defaults restored.');
  await expect(page.getByLabel('Network')).toHaveValue('mainnet');
  expect(await wallet.settings()).toMatchObject({ network: 'mainnet', variant: 'first', activeAccount: 0, mnemonic: expect.stringMatching(/^abandon/) });
});

test('reset withdraws a waiting request (the page is answered, its window lets it go) and clears the log', async ({ page, wallet, context }) => {
  await wallet.setSettings({ activeAccount: 3, variant: 'second' });
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  await wallet.reset();
  await expect.poll(() => letGo(prompt.page)).toBe(true);
  expect(await call).toMatchObject({ ok: false, response: { error: { code: 4001, data: { reason: 'reset' } } } });
  expect(await wallet.pending()).toEqual([]);
  expect(await wallet.calls()).toEqual([]);
  expect(await wallet.settings()).toMatchObject({ activeAccount: 0, variant: 'first', approvalPolicy: 'prompt' });
  expect(context.pages().some(isPromptPage)).toBe(false);

  await wallet.setApprovalPolicy('approve');
  await request(page, 'getAddresses');
  expect(await wallet.calls()).toHaveLength(1);
  await wallet.clearCalls();
  expect(await wallet.calls()).toEqual([]);
});
