import { test, expect } from '@playwright/test';
import { parseRequest, requestId, routeRequest } from './request.ts';
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
  for (const raw of [null, 1, 'x', [], { method: 'getAddresses' }, { id: 1, method: 'getAddresses' }, { id: '', method: 'x' },
    { id: 'x'.repeat(129), method: 'x' }, { id: 'a' }, { id: 'a', method: 7 }, { id: 'a', method: null }, { id: 'a', method: '' },
    { id: 'a', method: 'm'.repeat(129) }]) {
    expect(code(() => parseRequest(raw)), JSON.stringify(raw)).toBe(-32600);
  }
});

test('requestId recovers a usable id or gives ""', () => {
  expect(requestId({ id: 'abc' })).toBe('abc');
  expect(requestId({ id: 3 })).toBe('');
  expect(requestId(null)).toBe('');
});

test('routing: getAddresses, known-but-unsupported (4002), unknown (-32601)', () => {
  expect(routeRequest({ id: 'a', method: 'getAddresses' }, 'first')).toEqual({ kind: 'getAddresses', params: { chains: ['bitcoin', 'stacks'] } });
  for (const method of ['signMessage', 'sendTransfer', 'signPsbt', 'stx_callContract', 'stx_transferStx', 'stx_deployContract', 'getInfo']) {
    expect(code(() => routeRequest({ id: 'a', method }, 'first')), method).toBe(4002);
  }
  for (const method of ['getaddresses', 'eth_requestAccounts', 'toString', '__proto__', 'constructor']) {
    expect(code(() => routeRequest({ id: 'a', method }, 'first')), method).toBe(-32601);
  }
  expect(code(() => routeRequest({ id: 'a', method: 'getAddresses', params: { chains: [] } }, 'second'))).toBe(-32602);
});
