// One answer path: every method of every wallet, approved in the real extension, answers exactly what
// the CLI and the kits compute in Node (core/wallet.ts approvedResponse) for the same settings.
import { test, expect } from 'mock-wallet-provider/testing';
import type { Page } from '@playwright/test';
import { KeyRing } from '../src/core/keyring.ts';
import { grantKey } from '../src/core/site-grant.ts';
import { approvedResponse } from '../src/core/wallet.ts';
import type { RpcResponse } from '../src/core/rpc.ts';
import { WALLETS } from '../src/wallets/index.ts';
import type { IdentityName } from '../src/core/choices.ts';
import { sampleParams } from './sample-params.ts';
import { request } from './support.ts';

test.use({ identities: ['xverse', 'unisat', 'okx', 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr', 'fordefi'] });

/** Where each UniSat-shaped wallet's provider is (OKX's: one object per network, named in the method). */
const HOLDER: Partial<Record<IdentityName, string>> = {
  unisat: 'unisat',
  bitget: 'bitkeep.unisat',
  binance: 'binancew3w.bitcoin',
  onekey: '$onekey.btc',
  wizz: 'wizz',
  opnet: 'opnet',
  keplr: 'keplr.bitcoin',
};

/**
 * What the page gets from the wallet's provider: the envelope (whether request() resolves or rejects),
 * or UniSat's bare result, its arguments spread (a rejection: { rejected: { code, message } }).
 */
async function fromPage(page: Page, identity: IdentityName | undefined, method: string, params: unknown): Promise<unknown> {
  if (!identity) return (await request(page, method, ...(params === undefined ? [] : [params]))).response;
  if (HOLDER[identity] || identity === 'okx') {
    // OKX's methods are named <object>.<method>: window.okxwallet[object][method].
    const [holder, name] = identity === 'okx' ? [`okxwallet.${method.split('.')[0]}`, method.split('.')[1]!] : [HOLDER[identity]!, method];
    return page.evaluate(
      ([h, m, a]) =>
        (
          (
            h.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, window as unknown as Record<string, unknown>) as Record<
              string,
              (...x: unknown[]) => Promise<unknown>
            >
          )[m]!(...a) as Promise<unknown>
        ).then(
          (value) => (value === undefined ? null : value),
          (rejected: unknown) => ({ rejected }),
        ),
      [holder, name, (params ?? []) as unknown[]] as const,
    );
  }
  // Xverse's request(), where each wallet with its API puts it.
  const at = identity === 'fordefi' ? 'FordefiProviders.UtxoProvider' : 'XverseProviders.BitcoinProvider';
  return page.evaluate(
    ([m, p, path]) =>
      (
        path.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, window as unknown as Record<string, unknown>) as unknown as {
          request(m: string, p?: unknown): Promise<unknown>;
        }
      ).request(m, p),
    [method, params, at] as const,
  );
}

/** The CLI's answer as that page gets it (UniSat: the bare result; disconnect's undefined read as null). */
const asPageGets = (wallet: (typeof WALLETS)[keyof typeof WALLETS], response: RpcResponse): unknown => {
  if (wallet.answers === 'bare' && 'result' in response) return response.result;
  // Fordefi's request() answers in sats-connect's shape (src/wallets/fordefi/page.ts).
  if (wallet.name === 'fordefi') return 'error' in response ? { status: 'error', error: response.error } : { status: 'success', result: response.result };
  return withoutId(response);
};

/** How a site connects to a wallet with per-site permissions. */
const CONNECT: Record<string, [string, unknown]> = {
  xverse: ['wallet_connect', null],
  unisat: ['requestAccounts', []],
  okx: ['bitcoin.connect', []],
  bitget: ['requestAccounts', []],
  binance: ['requestAccounts', []],
  onekey: ['requestAccounts', []],
  wizz: ['requestAccounts', []],
  opnet: ['requestAccounts', []],
  keplr: ['requestAccounts', []],
  fordefi: ['wallet_connect', null],
};

/** OKX's objects share their code: every method of okxwallet.bitcoin, and two of each other object. */
const methodsOf = (wallet: (typeof WALLETS)[keyof typeof WALLETS]): string[] =>
  Object.keys(wallet.methods).filter((name) => wallet.name !== 'okx' || name.startsWith('bitcoin.') || /\.(requestAccounts|signMessage)$/.test(name));

const withoutId = (response: unknown): unknown => {
  const { id: _, ...rest } = response as { id?: unknown };
  return rest;
};

const ring = new KeyRing();

for (const wallet of Object.values(WALLETS)) {
  const identity = wallet.name === 'leather' ? undefined : (wallet.name as IdentityName);
  test(`${wallet.title}: each method approved in the browser answers what the CLI answers`, async ({ page, wallet: kit }) => {
    await page.goto('/blank.html');
    const origin = new URL(page.url()).origin;
    for (const method of methodsOf(wallet)) {
      // Each from the same state: a reset takes back grants, nonces and a switched network.
      await kit.reset();
      const settings = await kit.setSettings({ approvalPolicy: 'approve' });
      // A wallet with per-site permissions is asked by a site that connected first.
      if (wallet.accessDenied)
        expect(JSON.stringify(await fromPage(page, identity, ...CONNECT[wallet.name]!)), 'the site connects').not.toMatch(/"(error|rejected)"/);
      const site = wallet.accessDenied ? { origin, grant: { accounts: [grantKey(settings.network, settings.activeAccount)], readNetwork: true } } : undefined;
      const params = await sampleParams(wallet.name, method);
      const expected = await approvedResponse(ring, settings, 'x', method, params as never, undefined, {
        ...(identity && { identity }),
        ...(site && { site }),
      });
      expect(withoutId(expected), `${method}: the sample is approved`).not.toHaveProperty('error');
      const got = await fromPage(page, identity, method, params);
      expect(wallet.answers === 'bare' ? got : withoutId(got), method).toEqual(asPageGets(wallet, expected));
    }
  });
}
