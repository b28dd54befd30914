// Wallet pickers find this wallet: WBIP-004 registry entries before page scripts, single, kept
// when a page assigns its own array; the exposeAs aliases are the same provider and stay put.
import { test, expect } from 'mock-wallet-provider/testing';

interface Entry {
  id: string;
  name: string;
  icon: string;
  methods?: string[];
}
type Seen = { wbip: Entry[] | null; btc: Entry[] | null; leather: string; stacks: string };

const registries = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    wbip: (window as unknown as { wbip_providers: Entry[] }).wbip_providers.map((e) => e.id),
    btc: (window as unknown as { btc_providers: Entry[] }).btc_providers.map((e) => e.id),
  }));

test('the entry is in both registries before the first inline script, once, and names a test wallet', async ({ page }) => {
  await page.goto('/registry.html');
  const seen = await page.evaluate(() => (window as unknown as { seenFirst: Seen }).seenFirst);
  for (const list of [seen.wbip, seen.btc]) {
    expect(list).toHaveLength(1);
    const [entry] = list!;
    expect(entry!.id).toBe('WalletProvider');
    expect(entry!.name).toMatch(/mock/i);
    expect(entry!.name).toMatch(/test/i);
    expect(entry!.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(entry!.methods).toEqual(expect.arrayContaining(['getAddresses', 'signPsbt', 'stx_transferStx']));
  }
  expect(seen.leather).toBe('undefined'); // no alias unless asked for
  // The id resolves to the provider, which carries the real wallet's marker.
  expect(
    await page.evaluate(() => {
      const provider = (window as unknown as Record<string, { isLeather?: boolean }>)['WalletProvider'];
      return { isLeather: provider?.isLeather, frozen: Object.isFrozen(provider) };
    }),
  ).toEqual({ isLeather: true, frozen: true });
  // A reload (a new document) registers afresh, still once.
  await page.reload();
  expect(await registries(page)).toEqual({ wbip: ['WalletProvider'], btc: ['WalletProvider'] });
});

test('a page that assigns its own array keeps its entries first and ours once', async ({ page }) => {
  await page.goto('/registry.html?mode=assign');
  expect(await registries(page)).toEqual({ wbip: ['OtherWallet', 'WalletProvider'], btc: ['OtherWallet', 'WalletProvider'] });
});

test('a page that pushes, as WBIP-004 asks, adds after ours', async ({ page }) => {
  await page.goto('/registry.html?mode=push');
  expect(await registries(page)).toEqual({ wbip: ['WalletProvider', 'OtherWallet'], btc: ['WalletProvider', 'OtherWallet'] });
});

test('exposeAs defines the same provider under the real wallet names, which page code cannot replace', async ({ page, wallet }) => {
  await wallet.setSettings({ exposeAs: ['LeatherProvider', 'StacksProvider'] });
  await page.goto('/registry.html?mode=replace-alias');
  const state = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown> & { seenFirst: Seen; replaced: string[] };
    return {
      seen: { leather: w.seenFirst.leather, stacks: w.seenFirst.stacks },
      same: w['LeatherProvider'] === w['WalletProvider'] && w['StacksProvider'] === w['WalletProvider'],
      replaced: w.replaced,
      wbip: (w['wbip_providers'] as Entry[]).map((e) => [e.id, e.name]),
    };
  });
  expect(state.seen).toEqual({ leather: 'object', stacks: 'object' }); // before the page's first script
  expect(state.same).toBe(true); // after the page tried to replace it
  expect(state.replaced).toEqual(['define: TypeError']); // a sloppy-mode assignment and delete fail silently
  // A picker that knows LeatherProvider by default must not list the wallet twice: our entry takes that id.
  expect(state.wbip).toEqual([['LeatherProvider', expect.stringMatching(/as LeatherProvider$/)]]);

  // The alias answers as the provider does.
  const account = await page.evaluate(() =>
    (window as unknown as { LeatherProvider: { request(m: string): Promise<{ result: { addresses: { symbol: string }[] } }> } }).LeatherProvider.request(
      'supportedMethods',
    ),
  );
  expect(account).toMatchObject({ jsonrpc: '2.0' });

  // Off again: pages loaded afterwards have no alias, and the entry is WalletProvider again.
  await wallet.setSettings({ exposeAs: [] });
  await page.reload();
  expect(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>)['LeatherProvider'])).toBe('undefined');
  expect(await registries(page)).toEqual({ wbip: ['WalletProvider'], btc: ['WalletProvider'] });
});

test('bad exposeAs values are refused with the allowed names', async ({ wallet }) => {
  await expect(wallet.setSettings({ exposeAs: ['MetaMask' as 'LeatherProvider'] })).rejects.toThrow(
    /exposeAs\[\] must be one of "LeatherProvider", "StacksProvider"/,
  );
  await expect(wallet.setSettings({ exposeAs: 'LeatherProvider' as unknown as ['LeatherProvider'] })).rejects.toThrow(/exposeAs must be an array/);
});
