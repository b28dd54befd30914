// Which account acts (spec §4.2), and the real wallet's rule under accountRule 'site'.
import { test, expect } from '@playwright/test';
import { DEFAULT_SETTINGS, type Settings } from '../settings.ts';
import { prepareCall } from '../wallet.ts';

const settings: Settings = { ...DEFAULT_SETTINGS, missingEntries: [], activeAccount: 3 };
const message = (extra: object = {}) => ({ message: 'x', ...extra });

test("request rule: account (0 included) picks the account; absent, the active one acts; an unlisted one is refused", () => {
  expect(prepareCall('signMessage', message({ account: 0 }), settings).target).toEqual({ account: 0, source: 'request', network: 'mainnet' });
  expect(prepareCall('signMessage', message(), settings).target).toEqual({ account: 3, source: 'active', network: 'mainnet' });
  // The connected account does not matter under the request rule.
  expect(prepareCall('signMessage', message(), settings, 1).target.account).toBe(3);
  expect(() => prepareCall('signMessage', message({ account: 5 }), settings)).toThrow(/account 5 is not one of this wallet's accounts/);
});

test("site rule: the origin's connected account overrides account; sendTransfer ignores account 0 as the real wallet does", () => {
  const site = { ...settings, accountRule: 'site' as const };
  expect(prepareCall('signMessage', message({ account: 2 }), site, 1).target).toMatchObject({ account: 1, source: 'site' });
  expect(prepareCall('signMessage', message({ account: 2 }), site).target).toMatchObject({ account: 2, source: 'request' });
  const transfer = { recipients: [{ address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', amount: '1000' }] };
  expect(prepareCall('sendTransfer', { ...transfer, account: 0 }, site).target).toMatchObject({ account: 3, source: 'active' });
  expect(prepareCall('sendTransfer', { ...transfer, account: 0 }, settings).target).toMatchObject({ account: 0, source: 'request' });
});

test('getAddresses opens on the active account, whatever the rule', () => {
  expect(prepareCall('getAddresses', undefined, { ...settings, accountRule: 'site' }, 1).target).toEqual({ account: 3, source: 'active', network: 'mainnet' });
});
