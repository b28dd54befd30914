import { leather } from '../wallets/leather/index.ts';
import { test, expect } from '@playwright/test';
import { parseRequest, requestId, findMethod } from './request.ts';
import { RpcError } from './rpc.ts';

function code(fn: () => unknown): number {
  try {
    fn();
  } catch (e) {
    if (e instanceof RpcError) return e.code;
    throw e;
  }
  return 0;
}

test('well-formed requests pass through', () => {
  expect(parseRequest({ id: 'a', method: 'getAddresses' })).toEqual({ id: 'a', method: 'getAddresses' });
  expect(parseRequest({ id: 'a', method: 'getAddresses', params: { chains: ['stacks'] } })).toMatchObject({ params: { chains: ['stacks'] } });
});

test('malformed envelopes are -32600', () => {
  for (const raw of [
    null,
    1,
    'x',
    [],
    { method: 'getAddresses' },
    { id: 1, method: 'getAddresses' },
    { id: '', method: 'x' },
    { id: 'x'.repeat(129), method: 'x' },
    { id: 'a' },
    { id: 'a', method: 7 },
    { id: 'a', method: null },
    { id: 'a', method: '' },
    { id: 'a', method: 'm'.repeat(129) },
  ]) {
    expect(
      code(() => parseRequest(raw)),
      JSON.stringify(raw),
    ).toBe(-32600);
  }
});

test('requestId recovers a usable id or gives ""', () => {
  expect(requestId({ id: 'abc' })).toBe('abc');
  expect(requestId({ id: 3 })).toBe('');
  expect(requestId(null)).toBe('');
});

test('routing: the method table, known-but-unsupported (4002), unknown (-32601)', () => {
  for (const method of [
    'getAddresses',
    'signMessage',
    'sendTransfer',
    'signPsbt',
    'stx_callContract',
    'stx_transferStx',
    'stx_deployContract',
    'stx_getAddresses',
    'supportedMethods',
  ]) {
    expect(findMethod(leather, method).name).toBe(method);
  }
  for (const method of ['open', 'openSwap', 'stx_transferSip10Ft'])
    expect(
      code(() => findMethod(leather, method)),
      method,
    ).toBe(4002);
  // As the real wallet: methods it has no handler for are -32601.
  for (const method of [
    'getInfo',
    'stx_getNetworks',
    'stx_getAccounts',
    'wallet_connect',
    'getaddresses',
    'eth_requestAccounts',
    'toString',
    '__proto__',
    'constructor',
    'hasOwnProperty',
  ]) {
    expect(
      code(() => findMethod(leather, method)),
      method,
    ).toBe(-32601);
  }
});
