// An app on sats-connect (latest, from npm) reaches this wallet posing as Xverse and sees Xverse's answers,
// errors and events (xverse-methods.md); signatures are checked with bitcoinjs-lib, bitcoinjs-message and bip322-js.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';

test.use({ identities: ['xverse'] });

/** Calls sats-connect's request() in the page; the promise settles when the wallet answers. */
const satsRequest = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => window.sats.request(m as never, p as never), [method, params] as const) as Promise<{ status: 'success'; result: any } | { status: 'error'; error: { code: number; message: string; data?: unknown } }>;

test('getInfo is answered at once, with no window; wallet_connect opens one and returns the account in Xverse shapes', async ({ page, wallet }) => {
  await page.goto('/sats.html');
  const info = await satsRequest(page, 'getInfo');
  expect(info).toMatchObject({ status: 'success', result: { version: expect.any(String), supports: [] } });
  expect((await wallet.pending()).length).toBe(0);
  const connecting = satsRequest(page, 'wallet_connect', { addresses: ['payment', 'ordinals'] });
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via Xverse' });
  await prompt.approve();
  const connected = await connecting;
  const expected = await expectedAddresses({ identity: 'xverse', purposes: ['payment', 'ordinals'] });
  expect(connected).toEqual({ status: 'success', result: { id: expect.stringMatching(/^[0-9a-f]{64}$/), walletType: 'software', addresses: expected.addresses, network: expected.network } });
});
