// window.okxwallet's Bitcoin providers in the real extension (docs/reference/okx.md), called directly: an object per
// network, its events, its windows. LaserEyes' OKX provider drives them in e2e/connectors/apps/okx.spec.ts, where the
// signatures are checked.
import { test, expect, expectedAddresses, type Page } from 'mock-wallet-provider/testing';

test.use({ identities: ['okx'] });

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
/** window.okxwallet[object][method](...args) in the page. */
const okx = (page: Page, object: string, method: string, ...args: unknown[]): Promise<Outcome> =>
  page.evaluate(
    ([o, m, a]) =>
      (
        (window as unknown as { okxwallet: Record<string, Record<string, (...x: unknown[]) => Promise<unknown>>> }).okxwallet[o]![m]!(...a) as Promise<unknown>
      ).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    [object, method, args] as const,
  );

test('okxwallet: an object per network with isOkxWallet; connect() opens the window; both account events reach each object', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  expect(
    await page.evaluate(() =>
      Object.entries((window as unknown as { okxwallet: Record<string, { isOkxWallet?: boolean }> }).okxwallet).map(([k, v]) => [k, v.isOkxWallet]),
    ),
  ).toEqual([
    ['bitcoin', true],
    ['bitcoinTestnet', true],
    ['bitcoinSignet', true],
  ]);
  await page.evaluate(() => {
    const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
    const { bitcoin, bitcoinTestnet } = (window as unknown as { okxwallet: Record<string, { on(n: string, cb: (p: unknown) => void): void }> }).okxwallet;
    for (const name of ['accountChanged', 'accountsChanged']) {
      bitcoin!.on(name, (payload) => heard.push(['bitcoin', name, payload]));
      bitcoinTestnet!.on(name, (payload) => heard.push(['bitcoinTestnet', name, payload]));
    }
  });
  const connecting = okx(page, 'bitcoin', 'connect');
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Connect request — via OKX (mainnet)' });
  await prompt.approve();
  const { address } = await expectedAddresses({ identity: 'okx' });
  expect(await connecting).toEqual({
    ok: true,
    value: {
      address,
      publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
      compressedPublicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    },
  });
  // The testnet object: the same connection, its own network's address.
  expect(await okx(page, 'bitcoinTestnet', 'getAccounts')).toEqual({
    ok: true,
    value: [(await expectedAddresses({ identity: 'okx', network: 'testnet' })).address],
  });
  await wallet.setActiveAccount(1);
  const one = {
    address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    publicKey: '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77',
    compressedPublicKey: '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77',
  };
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
    .toEqual([
      ['bitcoin', 'accountChanged', one],
      ['bitcoin', 'accountsChanged', [one.address]],
      ['bitcoinTestnet', 'accountChanged', { ...one, address: 'tb1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m' }],
      ['bitcoinTestnet', 'accountsChanged', ['tb1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m']],
    ]);
  const rejected = okx(page, 'bitcoin', 'signMessage', 'no');
  await wallet.rejectNext();
  expect(await rejected).toEqual({ ok: false, error: { code: 4001, message: 'User rejected the request.' } });
});
