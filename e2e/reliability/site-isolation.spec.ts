// A site hears and reads only what its own origin was granted, in the frame that holds it: wallet
// events go to the listening frames of the granted site alone, a sandboxed frame's grant is its own,
// and grants belong to the wallet they were given for.
import { test, expect, expectedAddresses, type Frame, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { request } from '../support/support.ts';

test.use({ identities: ['xverse'] });

const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

type XverseWindow = {
  XverseProviders: { BitcoinProvider: { request(m: string, p?: unknown): Promise<unknown>; addListener(n: string, cb: (e: unknown) => void): () => void } };
  __events?: unknown[];
};

/** Xverse's own provider in this frame: what request() resolves with. */
const xverse = (frame: Page | Frame, method: string, params?: unknown): Promise<unknown> =>
  frame.evaluate(([m, p]) => (window as unknown as XverseWindow).XverseProviders.BitcoinProvider.request(m, p), [method, params] as const);

/** The frame's page listens for every Xverse event, keeping them in order. */
const listen = (frame: Page | Frame): Promise<void> =>
  frame.evaluate(() => {
    const w = window as unknown as XverseWindow;
    w.__events = [];
    for (const name of ['accountChange', 'networkChange', 'disconnect'])
      w.XverseProviders.BitcoinProvider.addListener(name, (event) => w.__events!.push(event));
  });
const heard = (frame: Page | Frame): Promise<unknown[]> => frame.evaluate(() => (window as unknown as XverseWindow).__events ?? []);

/** An iframe of `src` (another origin: localhost against 127.0.0.1), sandboxed when asked, once its page has Xverse's provider. */
async function frameOf(page: Page, src: string, sandbox?: string): Promise<Frame> {
  const name = `f${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([url, box, id]) => {
      const frame = document.createElement('iframe');
      frame.name = id;
      if (box !== undefined) frame.setAttribute('sandbox', box);
      frame.src = url;
      document.body.append(frame);
    },
    [src, sandbox, name] as const,
  );
  await expect.poll(() => page.frame({ name }) !== null).toBe(true);
  const frame = page.frame({ name })!;
  await frame.waitForFunction(() => (window as unknown as Partial<XverseWindow>).XverseProviders !== undefined);
  return frame;
}

async function connect(frame: Page | Frame, wallet: Wallet): Promise<unknown> {
  const connecting = xverse(frame, 'wallet_connect');
  await wallet.approveNext();
  return connecting;
}

const CROSS = 'http://localhost:5317/blank.html';

test('events of a site connected in the top frame never reach a cross-origin frame in its tab, which never connected', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const other = await frameOf(page, CROSS);
  await listen(page);
  await listen(other);
  await connect(page, wallet);
  expect(await xverse(other, 'getAddresses', { purposes: ['payment'] })).toMatchObject({ error: { code: -32002 } });
  await wallet.setSettings({ network: 'testnet' });
  await expect.poll(() => heard(page)).toHaveLength(2); // networkChange without addresses, then with them
  expect(await xverse(page, 'wallet_disconnect')).toMatchObject({ result: null });
  await expect.poll(async () => (await heard(page)).at(-1)).toEqual({ type: 'disconnect' });
  // The other origin's frame, listening all along, heard none of it.
  expect(await heard(other)).toEqual([]);
});

test('a site that connected from an iframe hears its events there, and the page around it hears none', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const widget = await frameOf(page, CROSS);
  await listen(page);
  await listen(widget);
  await connect(widget, wallet);
  await wallet.setActiveAccount(1);
  await expect.poll(() => heard(widget)).toEqual([{ type: 'accountChange', addresses: [] }]); // it could read account 0 only: it hears that account go
  await wallet.setActiveAccount(0);
  const account0 = await expectedAddresses({ identity: 'xverse', account: 0 });
  await expect
    .poll(() => heard(widget))
    .toEqual([
      { type: 'accountChange', addresses: [] },
      { type: 'accountChange', addresses: account0.addresses },
    ]);
  expect(await heard(page)).toEqual([]);
});

test("a sandboxed frame's grant is its own: another sandboxed frame of the same page, in another tab, is asked again", async ({ context, page, wallet }) => {
  await page.goto('/blank.html');
  const widget = await frameOf(page, CROSS, 'allow-scripts');
  await connect(widget, wallet);
  // Its own grant holds for its own document: answered at once.
  expect(await xverse(widget, 'getAddresses', { purposes: ['payment'] })).toMatchObject({ result: { addresses: [{ purpose: 'payment' }] } });
  const tab = await context.newPage();
  await tab.goto('/blank.html');
  const stranger = await frameOf(tab, CROSS, 'allow-scripts');
  expect(await xverse(stranger, 'getAddresses', { purposes: ['payment'] })).toMatchObject({ error: { code: -32002, message: 'Access denied.' } });
  // Its connect opens a window of its own, which still says where the frame is.
  const connecting = xverse(stranger, 'wallet_connect');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.origin()).toBe('null (a sandboxed frame in http://127.0.0.1:5317)');
  await prompt.reject();
  expect(await connecting).toMatchObject({ error: { code: -32000 } });
});

test('a grant belongs to its wallet: after a change of mnemonic the site hears its account go, reads nothing, and connects again', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  await listen(page);
  await connect(page, wallet);
  await wallet.setMnemonic(OTHER_MNEMONIC);
  await expect.poll(() => heard(page)).toEqual([{ type: 'accountChange', addresses: [] }]);
  expect(await xverse(page, 'getAddresses', { purposes: ['payment'] })).toMatchObject({ error: { code: -32002 } });
  expect(await xverse(page, 'wallet_getAccount')).toMatchObject({ error: { code: -32002 } });
  // Connected again, it reads the new wallet.
  await connect(page, wallet);
  const answer = (await xverse(page, 'getAddresses', { purposes: ['payment'] })) as { result: { addresses: { address: string }[] } };
  const expected = await expectedAddresses({ identity: 'xverse', mnemonic: OTHER_MNEMONIC, purposes: ['payment'] });
  expect(answer.result.addresses[0]!.address).toBe(expected.addresses[0]!.address);
  expect(await heard(page)).toEqual([{ type: 'accountChange', addresses: [] }]);
});

test("a connection belongs to its wallet too: after a change of mnemonic, accountRule 'site' no longer signs with the old wallet's connected account", async ({
  page,
  wallet,
}) => {
  await wallet.setSettings({ accountRule: 'site' });
  await page.goto('/blank.html');
  const connecting = request(page, 'getAddresses');
  await wallet.approveNext({ account: 2 });
  await connecting;
  await wallet.setActiveAccount(0);
  // Still this wallet: the connected account signs, as the real wallet does.
  const signing = request(page, 'signMessage', { message: 'who signs' });
  const before = await wallet.nextPrompt();
  expect((await before.details()).account).toBe(2);
  await before.approve();
  await signing;
  await wallet.setMnemonic(OTHER_MNEMONIC);
  const after = request(page, 'signMessage', { message: 'who signs now' });
  const now = await wallet.nextPrompt();
  expect((await now.details()).account).toBe(0); // the active account: the site never connected to this wallet
  await now.reject();
  expect(await after).toMatchObject({ ok: false, response: { error: { code: 4001 } } });
});
