// window.unisat in the real extension, as an app calls it (docs/reference/unisat.md): UniSat's connection
// (the connect window first), its bare answers and { code, message } rejections, its events, its windows.
// Signatures are checked with bitcoinjs-lib and bip322-js, which the wallet does not use.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import { buildPsbt, signerOf, verifyBip322 } from '../../test/bitcoin-reference.ts';

test.use({ identities: ['unisat'] });

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown; isError: boolean };
/** window.unisat[method](...args) in the page: what its promise settles with. */
const unisat = (page: Page, method: string, ...args: unknown[]): Promise<Outcome> =>
  page.evaluate(
    ([m, a]) =>
      ((window as unknown as { unisat: Record<string, (...x: unknown[]) => Promise<unknown>> }).unisat[m]!(...a) as Promise<unknown>).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error, isError: error instanceof Error }),
      ),
    [method, args] as const,
  );

/** Every UniSat event the page hears, in order. */
const listen = (page: Page) =>
  page.evaluate(() => {
    const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
    const provider = (window as unknown as { unisat: { on(name: string, cb: (payload: unknown) => void): void } }).unisat;
    for (const name of ['accountsChanged', 'networkChanged', 'chainChanged']) provider.on(name, (payload) => heard.push([name, payload]));
  });
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);

const REJECTED = { ok: false, error: { code: 4001, message: 'User rejected the request.' }, isError: false };

test('window.unisat as UniSat defines it: read-only, its alias, no request() and no flag', async ({ page }) => {
  await page.goto('/blank.html');
  expect(
    await page.evaluate(() => {
      const w = window as unknown as Record<string, { requestAccounts?: unknown; request?: unknown; isBinance?: unknown }>;
      const descriptor = Object.getOwnPropertyDescriptor(window, 'unisat')!;
      return {
        same: w['unisat'] === w['unisat_wallet'],
        writable: descriptor.writable,
        configurable: descriptor.configurable,
        methods: typeof w['unisat']!.requestAccounts,
        request: typeof w['unisat']!.request,
        flag: 'isBinance' in w['unisat']!,
      };
    }),
  ).toEqual({ same: true, writable: false, configurable: false, methods: 'function', request: 'undefined', flag: false });
});

test('getAccounts is [] before a connect; requestAccounts opens the connect window, answers [address] and tells the page; then no window', async ({
  page,
  wallet,
}) => {
  await page.goto('/blank.html');
  await listen(page);
  expect(await unisat(page, 'getAccounts')).toEqual({ ok: true, value: [] });
  const connecting = unisat(page, 'requestAccounts');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via UniSat' });
  await prompt.approve();
  const expected = await expectedAddresses({ identity: 'unisat' });
  expect(expected).toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']); // docs/reference/unisat.md §6
  expect(await connecting).toEqual({ ok: true, value: expected });
  expect(await heard(page)).toEqual([['accountsChanged', expected]]);
  expect(await unisat(page, 'requestAccounts')).toEqual({ ok: true, value: expected });
  expect(await unisat(page, 'getAccounts')).toEqual({ ok: true, value: expected });
  expect(await unisat(page, 'getPublicKey')).toEqual({ ok: true, value: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c' });
  expect(await heard(page)).toHaveLength(1); // the repeat names the address the page holds: not passed on
  expect((await wallet.calls()).map((c) => [c.method, c.identity, c.outcome])).toEqual([
    ['getAccounts', 'unisat', 'approved'],
    ['requestAccounts', 'unisat', 'approved'],
    ['requestAccounts', 'unisat', 'approved'],
    ['getAccounts', 'unisat', 'approved'],
    ['getPublicKey', 'unisat', 'approved'],
  ]);
});

test('a call from a site not connected opens the connect window first, then its own; a rejected connect rejects the call with a plain object', async ({
  page,
  wallet,
}) => {
  await page.goto('/blank.html');
  const rejected = unisat(page, 'signMessage', 'hi');
  await wallet.rejectNext();
  expect(await rejected).toEqual(REJECTED);
  const signing = unisat(page, 'signMessage', 'Hello World', 'bip322-simple');
  for (const title of ['Connect request — via UniSat', 'Sign message — via UniSat']) {
    const prompt = await wallet.nextPrompt();
    expect(await prompt.details()).toMatchObject({ title });
    await prompt.approve();
  }
  const signed = await signing;
  // docs/reference/unisat.md §6's vector, and bip322-js agrees.
  expect(signed).toEqual({
    ok: true,
    value: 'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
  });
  expect(verifyBip322('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'Hello World', (signed as { value: string }).value)).toBe(true);
  expect(await wallet.usage()).toEqual([
    expect.objectContaining({ rule: 'unisat-not-connected', message: expect.stringContaining('signMessage came from a site UniSat had not connected') }),
    expect.objectContaining({ rule: 'unisat-not-connected' }),
  ]);
  // Connected now: the next signature opens its own window only; a closed window rejects as a rejection does.
  const closing = unisat(page, 'signMessage', 'again');
  await wallet.closeNextPrompt();
  expect(await closing).toEqual(REJECTED);
});

test('signPsbt: approved, the input is signed and finalised (hex); rejected, 4001; the window lists what it signs', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const connecting = unisat(page, 'requestAccounts');
  await wallet.approveNext();
  const [address] = ((await connecting) as { value: string[] }).value;
  const psbt = buildPsbt(
    [
      { address: address!, value: 10_000n },
      { address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', value: 5_000n },
    ],
    [{ address: address!, value: 14_000n }],
  );
  const signing = unisat(page, 'signPsbt', psbt.toHex(), { autoFinalized: false, toSignInputs: [{ index: 0, address }] });
  const prompt = await wallet.nextPrompt();
  const details = await prompt.details();
  expect(details.tables['Inputs']!.map((row) => row['Sign'])).toEqual(['yes', 'no']);
  await prompt.approve();
  const signed = bitcoin.Psbt.fromHex(((await signing) as { value: string }).value);
  expect(signerOf(signed, 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
  expect(signerOf(signed, 1)).toBeUndefined();
  const rejected = unisat(page, 'signPsbt', psbt.toHex());
  await wallet.rejectNext();
  expect(await rejected).toEqual(REJECTED);
  // Another address in toSignInputs: UniSat's words, at once, with no window.
  expect(await unisat(page, 'signPsbt', psbt.toHex(), { toSignInputs: [{ index: 1, address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq' }] })).toEqual({
    ok: false,
    error: { code: -32603, message: 'invalid address in toSignInput' },
    isError: false,
  });
});

test('events go to connected sites: an account switch, a chain switch in its window, a disconnect', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await listen(page);
  const connecting = unisat(page, 'requestAccounts');
  await wallet.approveNext();
  await connecting;
  await wallet.setActiveAccount(1);
  await expect.poll(() => heard(page)).toContainEqual(['accountsChanged', ['bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']]);
  const switching = unisat(page, 'switchChain', 'BITCOIN_TESTNET');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Switch chain — via UniSat', fields: { Chain: 'Bitcoin → Bitcoin Testnet' } });
  await prompt.approve();
  const chain = { enum: 'BITCOIN_TESTNET', name: 'Bitcoin Testnet', network: 'testnet' };
  expect(await switching).toEqual({ ok: true, value: chain });
  // UniSat's order: the account (its testnet address keeps coin 0'), then chainChanged, then networkChanged.
  await expect
    .poll(() => heard(page))
    .toEqual([
      ['accountsChanged', ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']],
      ['accountsChanged', ['bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']],
      ['accountsChanged', ['tb1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m']],
      ['chainChanged', chain],
      ['networkChanged', 'testnet'],
    ]);
  // The same chain again: no window.
  expect(await unisat(page, 'switchChain', 'BITCOIN_TESTNET')).toEqual({ ok: true, value: chain });
  expect(await unisat(page, 'disconnect')).toEqual({ ok: true, value: undefined });
  await expect.poll(async () => (await heard(page)).at(-1)).toEqual(['accountsChanged', []]);
  expect(await unisat(page, 'getAccounts')).toEqual({ ok: true, value: [] });
});

test('every method with a window, rejected and closed: the plain { code: 4001 } object, and nothing changed', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const settle = async (method: string, args: unknown[], how: 'rejectNext' | 'closeNextPrompt') => {
    const call = unisat(page, method, ...args);
    await wallet[how]();
    expect(await call, `${method} ${how}`).toEqual(REJECTED);
  };
  // The connect window, before the site is connected.
  for (const how of ['rejectNext', 'closeNextPrompt'] as const) await settle('requestAccounts', [], how);
  const connecting = unisat(page, 'requestAccounts');
  await wallet.approveNext();
  const [address] = ((await connecting) as { value: string[] }).value;
  const psbt = buildPsbt([{ address: address!, value: 10_000n }], [{ address: address!, value: 9_000n }]).toHex();
  const windowed: [string, unknown[]][] = [
    ['signMessage', ['hi']],
    ['signPsbt', [psbt]],
    ['signPsbts', [[psbt], [{}]]],
    ['sendBitcoin', ['bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', 1000]],
    ['switchNetwork', ['testnet']],
    ['switchChain', ['BITCOIN_SIGNET']],
  ];
  for (const [method, args] of windowed) for (const how of ['rejectNext', 'closeNextPrompt'] as const) await settle(method, args, how);
  expect((await wallet.settings()).network).toBe('mainnet');
  expect((await wallet.calls()).filter((c) => c.outcome === 'rejected' || c.outcome === 'closed')).toHaveLength(14);
});

test("approveNext with no window to take counts the connect calls of the wallet in use, UniSat's requestAccounts, not the contract's getAddresses the page never made", async ({
  page,
  wallet,
}) => {
  await page.goto('/blank.html');
  await wallet.setApprovalPolicy('approve');
  expect(await unisat(page, 'requestAccounts')).toMatchObject({ ok: true });
  await expect(wallet.approveNext({ timeout: 300 })).rejects.toThrow(
    'no approval window opened within 0.3 s; the page made 1 requestAccounts call to UniSat (approval policy is "approve"',
  );
});
