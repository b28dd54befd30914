// Odd accounts, hostile pages and corrupted storage: each case once broke the wallet, now shown to hold.
import { test, expect, type Page, type Wallet, type WalletBrowser } from 'mock-wallet-provider/testing';
import { byKind, request } from '../support/support.ts';

const HUGE = 2147483647;

/** Serves `html` at a URL of the demo origin, so the wallet's content scripts run in it. */
async function serve(page: Page, path: string, html: string): Promise<void> {
  await page.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(path);
}

test('any account number works like account 0: the window lists the listed accounts plus the active one', async ({ page, wallet, context, extensionId }) => {
  await wallet.setActiveAccount(HUGE);
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  await prompt.ready();
  // Five listed accounts and the active one: not two billion options.
  expect(await prompt.page.locator('#account option').count()).toBe(6);
  expect(await prompt.account()).toBe(HUGE);
  await prompt.approve();
  expect(byKind(await call)['p2wpkh']?.['derivationPath']).toBe(`m/84'/0'/${HUGE}'/0/0`);

  // A person can also type any account in the window.
  const second = request(page, 'getAddresses');
  const typed = await wallet.nextPrompt();
  await typed.approve({ account: 123_456_789 });
  expect(byKind(await second)['p2wpkh']?.['derivationPath']).toBe("m/84'/0'/123456789'/0/0");

  // The settings page shows the active account in a number field and saves at once.
  const settings = await context.newPage();
  await settings.goto(`chrome-extension://${extensionId}/popup/settings.html`);
  await expect(settings.getByLabel('Active account')).toHaveValue('123456789');
  await settings.getByLabel('Active account').fill(String(HUGE));
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  expect((await wallet.settings()).activeAccount).toBe(HUGE);
});

test('a page that hooks MessagePort and MessageEvent accessors in <head> gets no port, and its own call still works', async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await serve(
    page,
    '/hooked.html',
    `<!doctype html><html><head><script>
      window.captured = [];
      const portSet = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage').set;
      Object.defineProperty(MessagePort.prototype, 'onmessage', { configurable: true, set(v) { captured.push('port via onmessage'); portSet.call(this, v); } });
      const portsGet = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'ports').get;
      Object.defineProperty(MessageEvent.prototype, 'ports', { configurable: true, get() { const p = portsGet.call(this); if (p.length) captured.push('port via ports'); return p; } });
      const dataGet = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
      Object.defineProperty(MessageEvent.prototype, 'data', { configurable: true, get() { captured.push('data'); return dataGet.call(this); } });
    </script></head><body>hooked</body></html>`,
  );
  const answer = await request(page, 'getAddresses');
  expect(answer.ok).toBe(true);
  expect(byKind(answer)['p2wpkh']?.['address']).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  expect(await page.evaluate(() => (window as unknown as { captured: string[] }).captured)).toEqual([]);
});

test('request() always returns a promise: a throwing getter or Proxy trap rejects with -32600', async ({ page }) => {
  await page.goto('/blank.html');
  const outcomes = await page.evaluate(() => {
    const provider = (window as unknown as { WalletProvider: { request(...a: unknown[]): Promise<unknown> } }).WalletProvider;
    const attempts: unknown[][] = [
      [
        {
          get method() {
            throw new Error('getter');
          },
        },
      ],
      [
        new Proxy(
          {},
          {
            has: () => {
              throw new Error('has trap');
            },
          },
        ),
      ],
      [
        new Proxy(
          { method: 'getAddresses' },
          {
            get: () => {
              throw new Error('get trap');
            },
          },
        ),
      ],
    ];
    return Promise.all(
      attempts.map((args) => {
        let returned: unknown;
        try {
          returned = provider.request(...args);
        } catch (error) {
          return Promise.resolve({ threw: String(error) });
        }
        return (returned as Promise<unknown>).then(
          () => ({ resolved: true }),
          (e: { error?: { code?: number } }) => ({ code: e.error?.code }),
        );
      }),
    );
  });
  expect(outcomes).toEqual([{ code: -32600 }, { code: -32600 }, { code: -32600 }]);
});

test('prototypes the page pollutes do not change the answer', async ({ page, wallet }) => {
  await wallet.setVariant('second');
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const answer = await page.evaluate(async () => {
    Object.defineProperty(Object.prototype, 'get', { value: () => 'polluted', configurable: true, writable: true });
    Object.defineProperty(Array.prototype, '0', { set: () => undefined, get: () => 'polluted', configurable: true });
    Object.defineProperty(Object.prototype, 'params', { set: () => undefined, configurable: true });
    try {
      const provider = (
        window as unknown as { WalletProvider: { request(m: string, p?: unknown): Promise<{ result: { addresses: { type?: string; symbol?: string }[] } }> } }
      ).WalletProvider;
      const response = await provider.request('getAddresses', { chains: ['bitcoin'] }).catch((e: unknown) => e);
      return JSON.stringify(response);
    } finally {
      delete (Object.prototype as unknown as Record<string, unknown>)['get'];
      delete (Object.prototype as unknown as Record<string, unknown>)['params'];
      delete (Array.prototype as unknown as Record<string, unknown>)['0'];
    }
  });
  const parsed = JSON.parse(answer) as { result?: { addresses: { type?: string; symbol?: string }[] } };
  expect(parsed.result?.addresses.map((a) => a.type ?? a.symbol)).toEqual(['p2wpkh', 'p2tr']);
});

test.describe('corrupted storage is never silent', () => {
  test('an untouched cache entry passes its seal after a worker stop (Chrome hands stored objects back with their keys sorted)', async ({ page, wallet }) => {
    await page.goto('/blank.html');
    await wallet.setApprovalPolicy('approve');
    await request(page, 'getAddresses');
    await wallet.prederived();
    await wallet.stopServiceWorker();
    expect((await request(page, 'getAddresses')).ok).toBe(true);
    expect(await wallet.settingsProblems()).toEqual([]);
  });

  test('an invalid stored mnemonic is reported and the wallet refuses to answer for another wallet', async ({ page, wallet, walletBrowser }) => {
    const worker = await walletBrowser.worker();
    await worker.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(k: string): Promise<Record<string, Record<string, unknown>>>; set(v: object): Promise<void> } } };
        }
      ).chrome.storage.local;
      const { settings } = await api.get('settings');
      await api.set({ settings: { ...settings, mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon' } });
    });
    await wallet.stopServiceWorker(); // a fresh worker reads storage again
    expect((await wallet.settingsProblems()).join(' ')).toMatch(/^stored mnemonic is invalid \(mnemonic has 11 words/);
    await page.goto('/blank.html');
    const answer = await request(page, 'getAddresses');
    expect(answer).toMatchObject({
      ok: false,
      response: { error: { code: -32603, message: expect.stringContaining('stored mnemonic or passphrase is invalid') } },
    });
    // The settings page says so too.
    const settings = await page.context().newPage();
    await settings.goto(`${walletBrowser.origin}popup/settings.html`);
    await expect(settings.locator('#problems')).toContainText('stored mnemonic is invalid');
    await settings.close();
    // Fixing it (here: reset) clears the report and the wallet answers again.
    await wallet.reset();
    expect(await wallet.settingsProblems()).toEqual([]);
    const again = request(page, 'getAddresses');
    await wallet.approveNext();
    expect((await again).ok).toBe(true);
  });

  /**
   * Caches account 0's and account 5's keys, then writes into account 0's slot what `relabel`
   * makes of account 5's entry (a string, evaluated in the worker), and stops the worker.
   * Returns account 0's true p2wpkh address.
   */
  async function tamperWithCache(page: Page, wallet: Wallet, walletBrowser: WalletBrowser, relabel: string): Promise<string | undefined> {
    await wallet.setApprovalPolicy('approve');
    await page.goto('/blank.html');
    const first = byKind(await request(page, 'getAddresses'))['p2wpkh']?.['address'];
    await wallet.setActiveAccount(5);
    await request(page, 'getAddresses');
    await wallet.setActiveAccount(0);
    const worker = await walletBrowser.worker();
    await worker.evaluate(`(async () => {
      const session = chrome.storage.session;
      const all = await session.get(null);
      const slot = (account) => Object.keys(all).find((k) => k.startsWith('keys:') && k.endsWith(':mainnet:' + account));
      const entry = structuredClone(all[slot(5)]);
      ${relabel}
      await session.set({ [slot(0)]: entry });
    })()`);
    await wallet.stopServiceWorker();
    return first;
  }

  test("another account's keys in account 0's cache slot are not served, before or after reset", async ({ page, wallet, walletBrowser }) => {
    // Account 5's cached entry in account 0's slot, as a corrupted storage would leave it.
    const first = await tamperWithCache(page, wallet, walletBrowser, '');
    expect(byKind(await request(page, 'getAddresses'))['p2wpkh']?.['address']).toBe(first);
    await wallet.reset();
    await wallet.setApprovalPolicy('approve');
    expect(byKind(await request(page, 'getAddresses'))['p2wpkh']?.['address']).toBe(first);
  });

  test("a cache entry edited to pass every field check (another account's keys, relabelled) fails its seal: dropped, reported, derived again", async ({
    page,
    wallet,
    walletBrowser,
  }) => {
    // Account 5's keys, with only what a field check reads rewritten to account 0's.
    const first = await tamperWithCache(
      page,
      wallet,
      walletBrowser,
      `entry.keys.account = 0;
      entry.keys.p2wpkh.derivationPath = entry.keys.p2wpkh.derivationPath.replace("/5'/", "/0'/");
      entry.keys.p2tr.derivationPath = entry.keys.p2tr.derivationPath.replace("/5'/", "/0'/");`,
    );
    expect(byKind(await request(page, 'getAddresses'))['p2wpkh']?.['address']).toBe(first);
    expect(await wallet.settingsProblems()).toEqual([expect.stringMatching(/cached keys for mainnet account 0 failed their integrity check/)]);
  });

  test('null and garbage pending entries are skipped: pending(), reset() and closing a window still work', async ({ page, wallet, walletBrowser }) => {
    const worker = await walletBrowser.worker();
    await worker.evaluate(async () => {
      const session = (globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void> } } } }).chrome.storage.session;
      await session.set({ 'pending:1:0:x': null, 'pending:2:0:y': 'garbage', 'pending:3:0:z': { key: 5 } });
    });
    await wallet.stopServiceWorker();
    expect(await wallet.pending()).toEqual([]);
    await wallet.reset();
    await page.goto('/blank.html');
    const call = request(page, 'getAddresses');
    const prompt = await wallet.nextPrompt();
    await prompt.close();
    expect(await call).toMatchObject({ ok: false, response: { error: { code: 4001 } } });
  });
});

test('an open window follows the active account until the person picks one; a click and approve(id) agree', async ({ page, wallet }) => {
  await wallet.setActiveAccount(1);
  await page.goto('/blank.html');
  for (const how of ['click', 'kit'] as const) {
    await wallet.setActiveAccount(1);
    const call = request(page, 'getAddresses');
    const prompt = await wallet.nextPrompt();
    expect(await prompt.account()).toBe(1);
    await wallet.setActiveAccount(4);
    await expect.poll(() => prompt.account()).toBe(4);
    await expect(prompt.page.locator('#p2wpkh')).toHaveAttribute('title', /^bc1/);
    if (how === 'click') await prompt.approve();
    else await wallet.approve((await wallet.pending())[0]!.id);
    expect(byKind(await call)['p2wpkh']?.['derivationPath'], how).toBe("m/84'/0'/4'/0/0");
    expect((await wallet.settings()).activeAccount, how).toBe(4);
  }
  // Once the person picks, the window keeps their pick.
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  await prompt.selectAccount(2);
  await wallet.setActiveAccount(3);
  await prompt.approve();
  expect(byKind(await call)['p2wpkh']?.['derivationPath']).toBe("m/84'/0'/2'/0/0");
});

test('page scripts in every kind of frame see neither chrome.storage nor the mnemonic or passphrase', async ({ page, wallet }) => {
  const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
  const passphrase = 'page-must-never-see-this';
  await wallet.setMnemonic(mnemonic, passphrase);
  await wallet.setApprovalPolicy('approve');
  await page.goto('/frames.html');
  await expect.poll(() => page.frames().length).toBe(4);
  for (const frame of page.frames()) {
    const seen = await frame.evaluate(
      async ([words, secret]) => {
        const provider = (window as unknown as { WalletProvider?: { request(m: string): Promise<unknown> } }).WalletProvider;
        const answer = provider ? JSON.stringify(await provider.request('getAddresses')) : '';
        const chromeApi = (globalThis as unknown as { chrome?: { storage?: unknown; runtime?: { sendMessage?: unknown } } }).chrome;
        // Everything the page can reach by name, as text.
        const reachable: string[] = [answer, document.documentElement.outerHTML];
        for (const name of Object.getOwnPropertyNames(window)) {
          try {
            const value = (window as unknown as Record<string, unknown>)[name];
            if (value && typeof value === 'object' && !(value instanceof Node)) reachable.push(JSON.stringify(value) ?? '');
            else if (typeof value === 'string') reachable.push(value);
          } catch {
            // cyclic or cross-origin: nothing readable
          }
        }
        const text = reachable.join('\n');
        return {
          provider: provider !== undefined,
          providerKeys: provider ? Object.getOwnPropertyNames(provider) : [],
          storage: chromeApi?.storage !== undefined,
          sendMessage: typeof chromeApi?.runtime?.sendMessage,
          mnemonic: text.includes(words!.split(' ').slice(0, 4).join(' ')),
          passphrase: text.includes(secret!),
        };
      },
      [mnemonic, passphrase] as const,
    );
    expect(seen, frame.url()).toMatchObject({ provider: true, providerKeys: ['request', 'isLeather'], storage: false, mnemonic: false, passphrase: false });
    expect(seen.sendMessage, frame.url()).not.toBe('function');
  }
});

test.describe('the smaller holes (issue: never twice, never wrong)', () => {
  test('a page that replaces Object.getOwnPropertyDescriptor and hasOwnProperty after load cannot rewrite its own answers', async ({ page, wallet }) => {
    await page.goto('/blank.html');
    await page.evaluate(() => {
      const real = Object.getOwnPropertyDescriptor;
      Object.getOwnPropertyDescriptor = ((target: object, key: PropertyKey) =>
        key === 'response'
          ? { value: { jsonrpc: '2.0', id: 'forged', result: { forged: true } }, writable: true, enumerable: true, configurable: true }
          : real(target, key)) as typeof real;
      Object.prototype.hasOwnProperty = () => true;
    });
    const call = request(page, 'getAddresses');
    await wallet.approveNext();
    const settled = await call;
    expect(settled.ok).toBe(true);
    expect(settled.response.id).not.toBe('forged');
    expect(settled.response.result?.addresses).toHaveLength(3);
  });

  test('a sandboxed srcdoc frame is named by the page it sits in, never a bare "null"', async ({ page, wallet }) => {
    await page.goto('/blank.html');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.sandbox.add('allow-scripts');
      frame.srcdoc = '<script>setTimeout(() => window.WalletProvider.request("getAddresses").catch(() => undefined), 100)</script>';
      document.body.append(frame);
    });
    const prompt = await wallet.nextPrompt();
    expect(await prompt.origin()).toBe('null (a sandboxed frame in http://127.0.0.1:5317)');
    await prompt.reject();
  });

  test('the mnemonic switched while a signing window is open: nothing is signed with keys the window did not show', async ({ page, wallet }) => {
    await page.goto('/blank.html');
    const call = request(page, 'signMessage', { message: 'shown for one wallet' });
    const prompt = await wallet.nextPrompt();
    await prompt.ready();
    await wallet.setMnemonic('legal winner thank year wave sausage worth useful legal winner thank yellow');
    await prompt.approve();
    const settled = await call;
    expect(settled.ok).toBe(false);
    expect(settled.response.error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/mnemonic or passphrase changed while this request waited.*nothing was signed/),
    });
  });

  test('a null or garbage call-log entry is skipped: calls() and usage() still work', async ({ page, wallet, walletBrowser }) => {
    await page.goto('/blank.html');
    await wallet.setApprovalPolicy('approve');
    await request(page, 'getAddresses');
    const worker = await walletBrowser.worker();
    await worker.evaluate(async () => {
      const session = (globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void> } } } }).chrome.storage.session;
      await session.set({ 'log:1:0:null': null, 'log:1:0:junk': '{not json', 'log:1:0:shape': JSON.stringify({ key: 5 }) });
    });
    await wallet.stopServiceWorker();
    expect((await wallet.calls()).map((c) => c.method)).toEqual(['getAddresses']);
    // Findings are read from the log as it stands: only the one real call can be in them.
    const [only] = await wallet.calls();
    expect((await wallet.usage()).flatMap((f) => f.callIds).every((id) => id === only!.id)).toBe(true);
  });

  test('a malformed stored connection is reported, and the site is treated as not connected, never signed for with a guess', async ({
    page,
    wallet,
    walletBrowser,
  }) => {
    await page.goto('/blank.html');
    await wallet.setSettings({ accountRule: 'site', approvalPolicy: 'approve' });
    const origin = new URL(page.url()).origin;
    const worker = await walletBrowser.worker();
    type Chrome = { chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } } };
    // A real connection first (Account 3), to corrupt as the probe did: not a record at all, then an account no path has.
    await wallet.setActiveAccount(2);
    expect((await request(page, 'getAddresses')).ok).toBe(true);
    await wallet.setActiveAccount(0);
    const stored = await worker.evaluate(
      async (site) =>
        (await (globalThis as unknown as Chrome).chrome.storage.session.get(`site:${site}`))[`site:${site}`] as { account: number; wallet: string },
      origin,
    );
    expect(stored.account).toBe(2);
    for (const bad of [7.5, { ...stored, account: -1 }, { ...stored, account: 2 ** 31 }]) {
      await worker.evaluate(([site, value]) => (globalThis as unknown as Chrome).chrome.storage.session.set({ [`site:${site}`]: value }), [
        origin,
        bad,
      ] as const);
      await wallet.stopServiceWorker();
      const signed = await request(page, 'signMessage', { message: 'who signs?' });
      expect(signed.ok, JSON.stringify(bad)).toBe(true);
      expect((await wallet.calls()).at(-1)).toMatchObject({ method: 'signMessage', account: 0 });
      expect(await wallet.settingsProblems()).toContain(
        `stored site:${origin} held ${JSON.stringify(bad)}, which is not a site's connection (an account number and a wallet): dropped, read as none`,
      );
    }
    // A reset forgets what was reported.
    await wallet.reset();
    expect(await wallet.settingsProblems()).toEqual([]);
  });

  test('a malformed stored nonce counter is reported, and the account signs from 0 rather than with a guess', async ({ page, wallet, walletBrowser }) => {
    await page.goto('/blank.html');
    await wallet.setApprovalPolicy('approve');
    const worker = await walletBrowser.worker();
    await worker.evaluate(async () => {
      const local = (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local;
      await local.set({ stacksNonces: { 'mainnet:0': 'five' } });
    });
    await wallet.stopServiceWorker();
    const sent = await request(page, 'stx_transferStx', { recipient: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', amount: '1' });
    expect(sent.ok).toBe(true);
    expect((await wallet.calls()).at(-1)?.transaction?.nonce).toBe(0);
    expect(await wallet.settingsProblems()).toContain(
      'stored stacksNonces held "mainnet:0": "five", which is not a nonce counter (<network>:<account> → a whole number): dropped, read as 0',
    );
  });

  test('every other stored record a restarted worker reads is checked: a malformed one is reported and read as none, and the wallet answers', async ({
    page,
    wallet,
    walletBrowser,
  }) => {
    await wallet.setSettings({ approvalPolicy: 'approve', identities: ['unisat'] });
    await page.goto('/blank.html');
    const origin = new URL(page.url()).origin;
    const worker = await walletBrowser.worker();
    // One malformed record of each kind, as a hand edit or an older version might leave them.
    const records: Record<string, unknown> = {
      'pending:1:0:forged': {
        key: '1:0:forged',
        id: 'forged',
        origin: 'https://x.example',
        site: 'https://x.example',
        tabId: 1,
        frameId: 0,
        method: 'signMessage',
        createdAt: 1,
        target: { account: 7.5, network: 'mainnet', source: 'active' },
      },
      'log:9': JSON.stringify({ key: 'k', id: 'i', origin: 'o', method: 'm', outcome: 'approved', startedAt: 'yesterday', seq: 9 }),
      'listen:xverse:1:0': 'abc',
      'nonce-free:mainnet:0': ['five'],
      'keys:forged': {},
      warmWindows: 'abc',
      // This site's UniSat connection, with its accounts no list: the site is not connected.
      [`grant:unisat:${origin}`]: { accounts: 'all', readNetwork: true, wallet: '73c5da0a' },
    };
    await worker.evaluate(async (entries) => {
      const session = (globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void> } } } }).chrome.storage.session;
      await session.set(entries);
    }, records);
    await wallet.stopServiceWorker();
    const signed = await request(page, 'signMessage', { message: 'still here' });
    expect(signed.ok).toBe(true);
    // A transfer reads the nonces given back; it takes the account's first, 0.
    const sent = await request(page, 'stx_transferStx', { recipient: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', amount: '1' });
    expect(sent.ok).toBe(true);
    expect((await wallet.calls()).at(-1)?.transaction?.nonce).toBe(0);
    // The forged pending request was never acted on: the log holds the real calls only.
    expect((await wallet.calls()).map((c) => c.method)).toEqual(['signMessage', 'stx_transferStx']);
    expect(await page.evaluate(() => (window as unknown as { unisat: { getAccounts(): Promise<string[]> } }).unisat.getAccounts())).toEqual([]);
    await wallet.pending(); // every map is read by now
    const problems = (await wallet.settingsProblems()).join('\n');
    const kinds: [string, string][] = [
      ['pending:1:0:forged', 'a pending request'],
      ['log:9', 'a call-log entry'],
      ['listen:xverse:1:0', "a frame listening for a wallet's events"],
      ['nonce-free:mainnet:0', 'nonces given back'],
      ['keys:forged', 'sealed keys'],
      ['warmWindows', 'a list of window ids'],
      [`grant:unisat:${origin}`, "a site's unisat grant (accounts, readNetwork, wallet)"],
    ];
    for (const [key, what] of kinds) expect(problems, key).toMatch(new RegExp(`stored ${key} held .*, which is not ${what.replace(/[()]/g, '\\$&')}`));
  });

  test('approve(id) and reject(id) racing: exactly one takes effect, and the other says so instead of resolving', async ({ page, wallet }) => {
    await page.goto('/blank.html');
    for (let round = 0; round < 3; round++) {
      const call = request(page, 'signMessage', { message: `race ${round}` });
      await wallet.nextPrompt();
      const [pending] = await wallet.pending();
      const outcomes = await Promise.allSettled([wallet.approve(pending!.id), wallet.reject(pending!.id)]);
      const settled = await call;
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      expect(settled.ok).toBe(outcomes[0]!.status === 'fulfilled');
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(String(lost.reason)).toMatch(/was already (approved|rejected)|no pending request/);
    }
  });
});

// Defined after the providers loaded, and before (an init script: it runs before the wallet's document_start scripts, as the
// #49 probe's pollution did; the test checks that it ran first).
for (const when of ['after the providers load', 'before the providers load'] as const)
  test(`an Object.prototype.error the page defines ${when} is not an error: every UniSat-shaped wallet, Fordefi and Magic Eden still answer, and a real refusal still rejects`, async ({
    page,
    wallet,
  }) => {
    // UniSat's API where each wallet puts it (OKX: its mainnet object), and Fordefi's request() in sats-connect's shape.
    const holders = ['unisat', 'okxwallet.bitcoin', 'bitkeep.unisat', 'binancew3w.bitcoin', '$onekey.btc', 'wizz', 'opnet', 'keplr.bitcoin'];
    await wallet.setSettings({
      identities: ['unisat', 'okx', 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr', 'fordefi', 'magiceden'],
      approvalPolicy: 'approve',
    });
    const early = when === 'before the providers load';
    if (early)
      await page.addInitScript(() => {
        (window as unknown as { providerFirst: boolean }).providerFirst = 'unisat' in window;
        Object.defineProperty(Object.prototype, 'error', { value: undefined, configurable: true, writable: true });
      });
    await page.goto('/blank.html');
    if (early)
      expect(await page.evaluate(() => (window as unknown as { providerFirst: boolean }).providerFirst), 'the pollution ran before the provider').toBe(false);
    const outcomes = await page.evaluate(
      async ([paths, polluted]) => {
        type Provider = { getNetwork(): Promise<unknown>; requestAccounts(): Promise<string[]>; signMessage(m: unknown): Promise<unknown> };
        const at = <T>(path: string): T => path.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, window as never) as T;
        if (!polluted) Object.defineProperty(Object.prototype, 'error', { value: undefined, configurable: true, writable: true });
        try {
          const settle = (p: Promise<unknown>) =>
            p.then(
              (value) => ({ value }),
              (error: { code?: number }) => ({ code: error.code }),
            );
          const results: Record<string, unknown[]> = {};
          for (const path of paths) {
            const provider = at<Provider>(path);
            results[path] = [
              await settle(provider.requestAccounts().then((a) => a.length)),
              // A real refusal: signMessage without a message.
              await settle(provider.signMessage(undefined)),
            ];
          }
          results['unisat.getNetwork'] = [await settle(at<Provider>('unisat').getNetwork())];
          const fordefi = at<{ request(m: string, p?: unknown): Promise<{ status: string }> }>('FordefiProviders.UtxoProvider');
          results['fordefi'] = [(await fordefi.request('getInfo')).status, (await fordefi.request('nope')).status];
          // Magic Eden's token: base64url of the header and of the payload.
          const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          const magicEden = at<{ connect(t: unknown): Promise<{ addresses: unknown[] }>; signMessage(t: unknown): Promise<unknown> }>('magicEden.bitcoin');
          results['magiceden'] = [
            await settle(magicEden.connect(`${part({ typ: 'JWT', alg: 'none' })}.${part({ purposes: ['payment'] })}.`).then((r) => r.addresses.length)),
            await settle(magicEden.signMessage(undefined)),
          ];
          return results;
        } finally {
          delete (Object.prototype as unknown as Record<string, unknown>)['error'];
        }
      },
      [holders, early] as const,
    );
    for (const path of holders) expect(outcomes[path], path).toEqual([{ value: 1 }, { code: expect.any(Number) }]);
    expect(outcomes['unisat.getNetwork']).toEqual([{ value: 'livenet' }]);
    expect(outcomes['fordefi']).toEqual(['success', 'error']);
    expect(outcomes['magiceden']).toEqual([{ value: 1 }, { code: -32602 }]);
  });

test.describe('the HTTP cache does not cross tests', () => {
  test.describe.configure({ mode: 'serial' });
  let first = '';
  test('a test caches a response for an hour', async ({ page }) => {
    await page.goto('/blank.html');
    first = await page.evaluate(async () => (await fetch('/cached-count')).text());
    // Within the test the cache serves it again.
    expect(await page.evaluate(async () => (await fetch('/cached-count')).text())).toBe(first);
  });
  test('the next test gets it from the server, as a fresh context would', async ({ page }) => {
    await page.goto('/blank.html');
    expect(Number(await page.evaluate(async () => (await fetch('/cached-count')).text()))).toBeGreaterThan(Number(first));
  });
});
