// Under load, restarts and hostile input, every request gets exactly one correct answer.
import { test, expect, type Page } from 'mock-wallet-provider/testing';
import { request, isPromptPage } from '../support/support.ts';

type Provider = { request(...args: unknown[]): Promise<{ id: string; result?: { addresses: { address: string }[] }; error?: { code: number } }> };

// 250: enough for a reused id or a second settle to show; the log's limit is reliability's own test below.
test('250 sequential calls: each settles once, with its own id', async ({ page, wallet }) => {
  test.setTimeout(60_000);
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  const report = await page.evaluate(async () => {
    const provider = (window as unknown as { WalletProvider: Provider }).WalletProvider;
    const ids = new Set<string>();
    let wrong = 0;
    for (let i = 0; i < 250; i++) {
      const response = await provider.request('getAddresses');
      if (response.result?.addresses[0]?.address !== 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu') wrong++;
      ids.add(response.id);
    }
    return { unique: ids.size, wrong };
  });
  expect(report).toEqual({ unique: 250, wrong: 0 });
  const calls = await wallet.calls();
  expect(calls).toHaveLength(250);
  expect(calls.every((c) => c.outcome === 'approved')).toBe(true);
});

test('200 concurrent calls from several tabs and frames: every answer reaches its own frame', async ({ context, wallet }) => {
  test.setTimeout(60_000);
  await wallet.setApprovalPolicy('approve');
  const tabs: Page[] = [];
  for (let i = 0; i < 3; i++) {
    const tab = await context.newPage();
    await tab.goto(i === 1 ? 'http://localhost:5317/frames.html' : '/frames.html');
    await expect.poll(() => tab.frames().filter((f) => f.url().startsWith('http')).length).toBe(3);
    tabs.push(tab);
  }
  const frames = tabs.flatMap((t) => t.frames());
  const perFrame = Math.ceil(200 / frames.length);
  // Each frame sends its share at once and records which ids it got back.
  const results = await Promise.all(
    frames.map(async (frame) => ({
      origin: await frame.evaluate(() => origin),
      ...(await frame.evaluate(async (n) => {
        const provider = (window as unknown as { WalletProvider: Provider }).WalletProvider;
        const answers = await Promise.all(Array.from({ length: n }, () => provider.request('getAddresses')));
        return { ids: answers.map((a) => a.id), ok: answers.every((a) => !!a.result) };
      }, perFrame)),
    })),
  );
  const total = results.reduce((n, r) => n + r.ids.length, 0);
  expect(total).toBeGreaterThanOrEqual(200);
  expect(results.every((r) => r.ok)).toBe(true);
  const all = results.flatMap((r) => r.ids);
  expect(new Set(all).size).toBe(all.length);
  // The wallet saw each id from the origin of the frame that got the answer.
  const originById = new Map((await wallet.calls()).map((c) => [c.id, c.origin]));
  for (const { origin, ids } of results) for (const id of ids) expect(originById.get(id)).toBe(origin === 'null' ? expect.any(String) : origin);
  expect(new Set(results.map((r) => r.origin))).toEqual(new Set(['http://127.0.0.1:5317', 'http://localhost:5317']));
});

// Five rounds: each account of the four, and one that comes back to a worker already stopped once; the soak
// (durability.spec.ts, and `npm run soak` for hundreds) stops the worker at random moments besides.
test('5 forced worker stops while approvals are pending: none is lost', async ({ page, wallet }) => {
  test.setTimeout(90_000);
  await page.goto('/blank.html');
  for (let round = 0; round < 5; round++) {
    const call = request(page, 'getAddresses');
    // A window late after a restart is not a lost one: 15 s, as one full run on a saturated machine
    // found none in the default 5 s (it passed 20 of 20 alone and beside four busy processes).
    const prompt = await wallet.nextPrompt({ timeout: 15_000 });
    await wallet.stopServiceWorker();
    // The approval window's click wakes the stopped worker, as a person's would.
    const account = round % 4;
    await prompt.approve({ account });
    const settled = await call;
    expect(settled.ok, `round ${round}`).toBe(true);
    expect(settled.response.result?.addresses[0]?.['derivationPath'], `round ${round}`).toBe(`m/84'/0'/${account}'/0/0`);
  }
  expect(await wallet.pending()).toEqual([]);
  expect((await wallet.calls()).filter((c) => c.outcome === 'approved')).toHaveLength(5);
});

test('over 500 malformed requests each get a JSON-RPC error, none hangs; the wallet still answers afterwards', async ({ page, wallet }) => {
  await wallet.setVariant('second');
  await page.goto('/blank.html');
  const report = await page.evaluate(async () => {
    const provider = (window as unknown as { WalletProvider: Provider }).WalletProvider;
    // A deterministic generator: every family of bad input, many shapes each.
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const deep = (d: number): unknown => (d === 0 ? 1 : { a: deep(d - 1) });
    const cyclic = () => {
      const o: Record<string, unknown> = { chains: ['bitcoin'] };
      o['self'] = o;
      return o;
    };
    const proxy = () =>
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      );
    const badMethods: unknown[] = [
      undefined,
      null,
      0,
      1.5,
      NaN,
      true,
      [],
      ['getAddresses'],
      {},
      { toString: () => 'getAddresses' },
      Symbol('m'),
      10n,
      () => 'getAddresses',
      '',
      'x'.repeat(10_000),
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'GETADDRESSES',
      'getAddresses ',
      'stx_',
      'eth_accounts',
    ];
    const badParams: unknown[] = [
      'bitcoin',
      7,
      true,
      ['bitcoin'],
      { chains: 'bitcoin' },
      { chains: [] },
      { chains: [null] },
      { chains: ['bitcoin', 'bitcoin'] },
      { chains: [{}] },
      { chains: ['x'.repeat(5000)] },
      { network: 'moon' },
      { network: 1 },
      { network: null },
      { network: ['mainnet'] },
      { extra: 1 },
      JSON.parse('{"__proto__": {"chains": ["bitcoin"]}}'),
      { constructor: { prototype: {} } },
      { prototype: 1 },
      { toString: 'x' },
      deep(40),
      cyclic(),
      proxy(),
      { f: () => 1 },
      { s: Symbol('s') },
      { b: 1n },
      { d: new Date() },
      { m: new Map() },
      new Array(5000).fill('bitcoin'),
      { n: Infinity },
    ];
    const cases: unknown[][] = [];
    for (const m of badMethods) cases.push([m]);
    for (const p of badParams) cases.push(['getAddresses', p]);
    while (cases.length < 520) {
      const kind = rand(3);
      if (kind === 0) cases.push([badMethods[rand(badMethods.length)], badParams[rand(badParams.length)]]);
      else if (kind === 1) cases.push(['getAddresses', badParams[rand(badParams.length)]]);
      else cases.push([{ method: badMethods[rand(badMethods.length)], params: badParams[rand(badParams.length)] }]);
    }
    const failures: string[] = [];
    let slowest = 0;
    await Promise.all(
      cases.map(async (args, i) => {
        const started = performance.now();
        const outcome = await Promise.race([
          provider.request(...args).then(
            (r) => ({ settled: 'resolved', r }),
            (r) => ({ settled: 'rejected', r }),
          ),
          // A hang, not a speed limit: on a busy 2-core machine 520 concurrent calls can take seconds.
          new Promise<{ settled: 'timeout'; r: null }>((resolve) => setTimeout(() => resolve({ settled: 'timeout', r: null }), 15_000)),
        ]);
        slowest = Math.max(slowest, performance.now() - started);
        const r = outcome.r as { jsonrpc?: string; id?: unknown; error?: { code?: unknown; message?: unknown } } | null;
        if (
          outcome.settled !== 'rejected' ||
          r?.jsonrpc !== '2.0' ||
          typeof r.id !== 'string' ||
          typeof r.error?.code !== 'number' ||
          typeof r.error.message !== 'string'
        ) {
          failures.push(`case ${i}: ${outcome.settled} ${JSON.stringify(r)?.slice(0, 120)}`);
        }
      }),
    );
    return { count: cases.length, failures, slowest };
  });
  expect(report.count).toBeGreaterThanOrEqual(500);
  expect(report.failures).toEqual([]);
  test.info().annotations.push({ type: 'slowest answer', description: `${Math.round(report.slowest)} ms` });
  // And the wallet is still fine.
  const valid = request(page, 'getAddresses');
  await wallet.approveNext();
  expect((await valid).ok).toBe(true);
});

test('hostile page code: tampered built-ins, spoofed messages and a swapped provider get nothing that is not theirs', async ({ context, wallet }) => {
  const victim = await context.newPage();
  await victim.goto('http://localhost:5317/blank.html');
  const hostile = await context.newPage();
  await hostile.goto('/blank.html');
  // The victim's request waits for approval.
  const victimCall = request(victim, 'getAddresses');
  await expect.poll(async () => (await wallet.pending()).length).toBe(1);
  const [victimPending] = await wallet.pending();
  const victimPrompt = await wallet.nextPrompt();

  // The hostile page tampers with everything the provider might use, then calls,
  // then puts the built-ins back so Playwright can carry the result home.
  const seen = await hostile.evaluate(async (victimId) => {
    const heard: unknown[] = [];
    addEventListener('message', (e) => heard.push(e.data), true);
    const saved = {
      uuid: crypto.randomUUID,
      stringify: JSON.stringify,
      parse: JSON.parse,
      keys: Object.keys,
      isArray: Array.isArray,
      push: Array.prototype.push,
      has: Set.prototype.has,
      post: MessagePort.prototype.postMessage,
      // biome-ignore lint/suspicious/noThenProperty: the built-ins a page may replace, Promise's then among them
      then: Promise.prototype.then,
    };
    crypto.randomUUID = (() => '00000000-0000-4000-8000-000000000000') as typeof crypto.randomUUID;
    JSON.stringify = () => '{"forged":true}';
    JSON.parse = () => ({ forged: true });
    Object.keys = () => ['forged'];
    Array.isArray = (() => false) as unknown as typeof Array.isArray;
    Array.prototype.push = () => {
      throw new Error('push tampered');
    };
    Set.prototype.has = () => true;
    MessagePort.prototype.postMessage = function (this: MessagePort, msg: unknown) {
      heard[heard.length] = msg;
      return saved.post.call(this, msg);
    };
    window.postMessage({ id: victimId, response: { jsonrpc: '2.0', id: victimId, result: { addresses: [] } } }, '*');
    window.postMessage({ type: 'prompt/approve', key: victimId, account: 0 }, '*');
    const provider = (window as unknown as { WalletProvider: Provider }).WalletProvider;
    let response: { id: string; error?: { code: number } } | undefined;
    await new Promise<void>((done) =>
      provider.request('getAddresses', { chains: 'bitcoin' }).then(
        (r) => {
          response = r;
          done();
        },
        (e: { id: string; error?: { code: number } }) => {
          response = e;
          done();
        },
      ),
    );
    crypto.randomUUID = saved.uuid;
    JSON.stringify = saved.stringify;
    JSON.parse = saved.parse;
    Object.keys = saved.keys;
    Array.isArray = saved.isArray;
    Array.prototype.push = saved.push;
    Set.prototype.has = saved.has;
    MessagePort.prototype.postMessage = saved.post;
    return { response: response!, heardPortMessages: heard.length };
  }, victimPending!.id);
  // The hostile page got its own error (a malformed param), under its own fresh id; nothing it heard or sent reached the wallet.
  expect(seen.response).toMatchObject({ error: { code: -32602 } });
  expect((seen.response as { id: string }).id).not.toBe(victimPending!.id);
  expect((seen.response as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen.response.id).not.toBe('00000000-0000-4000-8000-000000000000');
  expect(await wallet.pending()).toHaveLength(1);

  await victimPrompt.approve();
  const answer = await victimCall;
  expect(answer.ok).toBe(true);
  expect(answer.response.id).toBe(victimPending!.id);
  expect((await wallet.calls()).find((c) => c.id === victimPending!.id)?.origin).toBe('http://localhost:5317');
});

test('closing tabs and prompts leaves no pending entries behind', async ({ context, wallet }) => {
  const tabs: Page[] = [];
  for (let i = 0; i < 4; i++) {
    const tab = await context.newPage();
    await tab.goto('/blank.html');
    void request(tab, 'getAddresses').catch(() => undefined);
    tabs.push(tab);
  }
  await expect.poll(async () => (await wallet.pending()).length).toBe(4);
  // Two tabs go away with their prompts still open; two prompts are closed by hand.
  await Promise.all(tabs.slice(0, 2).map((t) => t.close()));
  await expect.poll(async () => (await wallet.pending()).length).toBe(2);
  await expect.poll(() => context.pages().filter(isPromptPage).length).toBe(2);
  for (const p of context.pages().filter(isPromptPage)) await p.close();
  await expect.poll(async () => (await wallet.pending()).length).toBe(0);
  await expect.poll(() => context.pages().filter(isPromptPage).length).toBe(0);
  // A request leaves the pending list first; its outcome is logged right after.
  await expect.poll(async () => (await wallet.calls()).map((c) => c.outcome).sort()).toEqual(['closed', 'closed', 'dropped', 'dropped']);
});

test('the call log keeps the newest 5000 calls, so a long session stays inside the storage quota', { tag: '@slow' }, async ({
  page,
  wallet,
  walletBrowser,
}) => {
  test.setTimeout(60_000);
  await wallet.setApprovalPolicy('approve');
  await page.goto('/blank.html');
  // A long session as a previous worker life leaves it: 5400 entries in storage.session (just under the 5500
  // where the log prunes), each a copy of a real one (its stored form, read back), older than it. Making them
  // with real calls took 11 s of the suite.
  await page.evaluate(() => (window as unknown as { WalletProvider: Provider }).WalletProvider.request('no_such_method').catch(() => undefined));
  const SEEDED = 5400;
  await (await walletBrowser.worker()).evaluate(async (count) => {
    const session = (
      globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } } }
    ).chrome.storage.session;
    const all = await session.get(null);
    const [, stored] = Object.entries(all).find(([k]) => k.startsWith('log:'))!;
    const real = JSON.parse(stored as string) as { key: string; id: string; startedAt: number; seq: number };
    const seeded: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      const entry = { ...real, key: `seeded-${i}`, id: `seeded-${i}`, startedAt: real.startedAt - count + i, seq: i - count };
      seeded[`log:${entry.key}`] = JSON.stringify(entry);
    }
    await session.set(seeded);
  }, SEEDED);
  // The next worker reads the long log back, and the session goes on past the limit: 200 calls in batches of 50
  // (the log's order within a batch is the worker's, so what is kept is checked to a batch's width).
  await wallet.stopServiceWorker();
  const BATCH = 50;
  const ids = await page.evaluate(async (batch) => {
    const provider = (window as unknown as { WalletProvider: Provider }).WalletProvider;
    const out: string[] = [];
    for (let i = 0; i < 200; i += batch) {
      const settled = await Promise.all(
        Array.from({ length: batch }, (_, j) => provider.request((i + j) % 2 ? 'getAddresses' : 'no_such_method').catch((e: { id: string }) => e)),
      );
      out.push(...settled.map((r) => r.id));
    }
    return out;
  }, BATCH);
  const logged = await wallet.calls();
  expect(logged.length).toBeGreaterThanOrEqual(5000);
  expect(logged.length).toBeLessThanOrEqual(5500);
  const kept = new Set(logged.map((c) => c.id));
  expect(kept.size).toBe(logged.length); // each call once
  // Every new call is kept (the limit drops old entries, never a new one's)…
  expect(ids.filter((id) => !kept.has(id))).toEqual([]);
  // …and the oldest went first: the seeded entries kept are the newest of them, none older.
  const seededKept = logged.filter((c) => c.id.startsWith('seeded-')).map((c) => Number(c.id.slice('seeded-'.length)));
  expect(seededKept.length).toBeLessThan(SEEDED);
  expect(Math.min(...seededKept)).toBe(SEEDED - seededKept.length);
});
