// A waiting request is resolved once: the window's details and the decision read the parse made as it arrived,
// while the settings it was made under stand.
import { test, expect } from '@playwright/test';
import { defaultSettings } from '../../wallets/settings.ts';
import { findMethod } from '../../core/request.ts';
import { walletFor } from '../../wallets/index.ts';
import { forgetResolved, keepResolved, resolvedFor } from './resolved.ts';

const request = { key: '1:0:a', method: 'signMessage', params: { message: 'hi' } };

test('the parse kept at arrival is what later readers get, until the settings change or the request is answered', () => {
  const settings = defaultSettings();
  const wallet = walletFor(undefined);
  const method = findMethod(wallet, 'signMessage');
  const atArrival = method.parse(request.params, settings);
  keepResolved(request.key, settings, { wallet, method, params: atArrival });
  expect(resolvedFor(request, settings).params).toBe(atArrival); // the same object: not parsed again
  const changed = { ...settings, network: 'testnet' as const };
  const again = resolvedFor(request, changed).params;
  expect(again).not.toBe(atArrival);
  expect(again).toEqual(method.parse(request.params, changed));
  expect(resolvedFor(request, changed).params).toBe(again); // kept for the new settings
  expect(forgetResolved(request.key)).toBe(true);
  expect(resolvedFor(request, changed).params).not.toBe(again); // answered: a new parse (a restarted worker's case)
});

test('a request with params that no longer parse under new settings throws as the method does', () => {
  const settings = defaultSettings();
  const strict = { ...settings, strictParams: true };
  const asking = { key: '1:0:b', method: 'getAddresses', params: { chains: ['bitcoin'] } };
  expect(() => resolvedFor(asking, settings)).not.toThrow();
  expect(() => resolvedFor(asking, strict)).toThrow();
});
