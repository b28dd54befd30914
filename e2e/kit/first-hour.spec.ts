// What a new user meets first: clean tests, helpers that never race, forgiving params, expected values in code.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { request } from '../support/support.ts';

test.describe('each test starts with clean site data', () => {
  test.describe.configure({ mode: 'serial' }); // one worker, one browser: the second test would see the first's data

  test('a test leaves cookies and storage behind', async ({ page }) => {
    await page.goto('/blank.html');
    await page.evaluate(async () => {
      localStorage.setItem('connected', 'yes');
      // biome-ignore lint/suspicious/noDocumentCookie: the test sets a cookie as an app does, to see it cleared
      document.cookie = 'session=abc; max-age=3600';
      await new Promise((resolve) => {
        const open = indexedDB.open('app-db', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => {
          open.result.close();
          resolve(null);
        };
      });
      await caches.open('app-cache');
    });
    expect(await page.evaluate(() => localStorage.getItem('connected'))).toBe('yes');
  });

  test('the next test finds none of it', async ({ page }) => {
    await page.goto('/blank.html');
    const left = await page.evaluate(async () => ({
      local: localStorage.getItem('connected'),
      cookie: document.cookie,
      databases: (await indexedDB.databases()).map((d) => d.name),
      caches: await caches.keys(),
    }));
    expect(left).toEqual({ local: null, cookie: '', databases: [], caches: [] });
  });
});

test.describe('keepSiteData keeps it on purpose', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ keepSiteData: true });

  test('one test stores', async ({ page }) => {
    await page.goto('/blank.html');
    await page.evaluate(() => localStorage.setItem('kept', 'yes'));
  });

  test('the next one still has it', async ({ page }) => {
    await page.goto('/blank.html');
    expect(await page.evaluate(() => localStorage.getItem('kept'))).toBe('yes');
    await page.evaluate(() => localStorage.removeItem('kept'));
  });
});

test('every Prompt accessor reads the window right after nextPrompt(), round after round', async ({ page, wallet, baseURL }) => {
  await wallet.setVariant('second');
  await page.goto('/blank.html');
  // Four rounds: each of the pool's two warm windows serves twice, the second time after going back to the pool.
  for (let round = 0; round < 4; round++) {
    const chains = round % 2 ? ['stacks'] : ['bitcoin', 'stacks'];
    const call = request(page, 'getAddresses', { chains, network: 'testnet' });
    const prompt = await wallet.nextPrompt();
    expect(await prompt.origin(), `round ${round}`).toBe(new URL(baseURL!).origin);
    expect(await prompt.method()).toBe('getAddresses');
    expect(await prompt.network()).toBe('testnet');
    expect(await prompt.chains()).toEqual(chains);
    expect(await prompt.account()).toBe(0);
    await prompt.approve();
    expect((await call).ok).toBe(true);
  }
});

test('a press the wallet never takes fails the click with a sentence, not a bare timeout', async ({ page, wallet }) => {
  test.setTimeout(30_000);
  await page.goto('/blank.html');
  const call = request(page, 'getAddresses');
  const prompt = await wallet.nextPrompt();
  // Something in the window swallows the press before the wallet's handler sees it.
  await prompt.page.evaluate(() => window.addEventListener('click', (event) => event.stopImmediatePropagation(), true));
  await expect(prompt.approve({ timeout: 1_500 })).rejects.toThrow('approval window: Approve was pressed but the wallet did not take it within 1.5 s');
  await expect(prompt.reject({ timeout: 0 })).rejects.toThrow('approval window: timeout must be a positive number of ms, got 0');
  expect(await wallet.pending()).toHaveLength(1); // nothing was decided
  await prompt.close();
  expect((await call).ok).toBe(false);
});

test('first variant: connect({ network }) is answered and the ignored param logged; strictParams refuses it', async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const answered = await request(page, 'getAddresses', { network: 'mainnet' });
  expect(answered.ok).toBe(true);
  expect(answered.response.result?.addresses.map((a) => a['type'] ?? a['symbol'])).toEqual(['p2wpkh', 'p2tr', 'STX']);
  expect((await wallet.calls()).at(-1)?.ignoredParams).toEqual(['network']);
  // A malformed value of a known parameter is still an error.
  expect(await request(page, 'getAddresses', { network: 'moon' })).toMatchObject({ ok: false, response: { error: { code: -32602 } } });

  await wallet.setSettings({ strictParams: true });
  expect(await request(page, 'getAddresses', { network: 'mainnet' })).toMatchObject({
    ok: false,
    response: { error: { code: -32602, message: expect.stringContaining('takes no parameters') } },
  });
});

test('expectedAddresses() is exactly what the extension answers, for several settings', async ({ page, wallet }) => {
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const cases = [
    {},
    { account: 3 },
    { account: 7, network: 'testnet' as const },
    { variant: 'second' as const, chains: ['stacks' as const] },
    { variant: 'second' as const, network: 'signet' as const, missingEntries: ['p2tr' as const], taprootKeyField: 'output' as const },
    { mnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow', passphrase: 'TREZOR', account: 1 },
  ];
  for (const options of cases) {
    const { account = 0, chains, ...settings } = options as { account?: number; chains?: ('bitcoin' | 'stacks')[] } & Record<string, unknown>;
    await wallet.reset();
    await wallet.setSettings({ ...settings, activeAccount: account, approvalPolicy: 'approve' });
    const answered = await request(page, 'getAddresses', chains && { chains });
    expect(answered.response.result, JSON.stringify(options)).toEqual(await expectedAddresses(options));
  }
  await expect(expectedAddresses({ network: 'moon' as 'mainnet' })).rejects.toThrow(/network must be one of/);
});

test.describe('unansweredPrompts', () => {
  test.use({ unansweredPrompts: 'fail' });

  test('a test that ends with a request still waiting fails, naming it', async ({ page, wallet }) => {
    test.fail(); // the fixture fails it at teardown: that failure is what this test expects
    await page.goto('/blank.html');
    void request(page, 'getAddresses').catch(() => undefined);
    // The wallet holds the request (a window with a request's URL could still be the last test's, mid-reload
    // back to the warm pool: a busy run ended here before its own request arrived, and the test passed).
    await expect.poll(async () => (await wallet.pending()).map((p) => p.method)).toEqual(['getAddresses']);
  });
});
