// Which account acts (docs/reference/contract.md §4.2), and the real wallet's rule under accountRule 'site'.
import { test, expect } from '@playwright/test';
import type { Settings } from '../settings.ts';
import { defaultSettings } from '../../wallets/settings.ts';
import { KeyRing } from '../keyring.ts';
import { prepareCall } from '../../wallets/answer.ts';

const ring = new KeyRing();
const target = async (name: string, params: object | undefined, wallet: Settings, connected?: number) =>
  (await prepareCall(ring, name, params as never, wallet, connected)).target;

const settings: Settings = { ...defaultSettings(), missingEntries: [], activeAccount: 3 };
const message = (extra: object = {}) => ({ message: 'x', ...extra });

test('request rule: account (0 included) picks the account; absent, the active one acts; an unlisted one is refused', async () => {
  expect(await target('signMessage', message({ account: 0 }), settings)).toEqual({ account: 0, source: 'request', network: 'mainnet' });
  expect(await target('signMessage', message(), settings)).toEqual({ account: 3, source: 'active', network: 'mainnet' });
  // The connected account does not matter under the request rule.
  expect((await target('signMessage', message(), settings, 1)).account).toBe(3);
  await expect(target('signMessage', message({ account: 5 }), settings)).rejects.toThrow(/account 5 is not one of this wallet's accounts/);
});

test("site rule: the origin's connected account overrides account; sendTransfer ignores account 0 as the real wallet does", async () => {
  const site = { ...settings, accountRule: 'site' as const };
  expect(await target('signMessage', message({ account: 2 }), site, 1)).toMatchObject({ account: 1, source: 'site' });
  expect(await target('signMessage', message({ account: 2 }), site)).toMatchObject({ account: 2, source: 'request' });
  const transfer = { recipients: [{ address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', amount: '1000' }] };
  expect(await target('sendTransfer', { ...transfer, account: 0 }, site)).toMatchObject({ account: 3, source: 'active' });
  expect(await target('sendTransfer', { ...transfer, account: 0 }, settings)).toMatchObject({ account: 0, source: 'request' });
});

test('getAddresses opens on the active account, whatever the rule', async () => {
  expect(await target('getAddresses', undefined, { ...settings, accountRule: 'site' }, 1)).toEqual({ account: 3, source: 'active', network: 'mainnet' });
});
