import { test, expect } from '@playwright/test';
import { parseGetAddressesParams } from './params.ts';
import { RpcError } from './rpc.ts';

function error(params: unknown, variant: 'first' | 'second' = 'second'): RpcError {
  try {
    parseGetAddressesParams(params, variant);
  } catch (e) {
    if (e instanceof RpcError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(params)} to be refused`);
}

test('absent or empty params mean both chains, the wallet network', () => {
  for (const params of [undefined, null, {}, []]) {
    expect(parseGetAddressesParams(params, 'first')).toEqual({ chains: ['bitcoin', 'stacks'] });
    expect(parseGetAddressesParams(params, 'second')).toEqual({ chains: ['bitcoin', 'stacks'] });
  }
});

test('second variant: chains and network', () => {
  expect(parseGetAddressesParams({ chains: ['stacks'] }, 'second')).toEqual({ chains: ['stacks'] });
  expect(parseGetAddressesParams({ chains: ['stacks', 'bitcoin'], network: 'signet' }, 'second')).toEqual({
    chains: ['bitcoin', 'stacks'],
    network: 'signet',
  });
  expect(parseGetAddressesParams({ network: 'devnet' }, 'second')).toEqual({ chains: ['bitcoin', 'stacks'], network: 'devnet' });
});

test('first variant ignores parameters it does not use, as a real wallet; strictParams refuses them', () => {
  // @stacks/connect's connect({ network }) and unknown extras: all entries, ignored names reported.
  expect(parseGetAddressesParams({ network: 'testnet' }, 'first')).toEqual({ chains: ['bitcoin', 'stacks'], ignored: ['network'] });
  expect(parseGetAddressesParams({ chains: ['bitcoin'], appDetails: { name: 'x' } }, 'first')).toEqual({
    chains: ['bitcoin', 'stacks'],
    ignored: ['chains', 'appDetails'],
  });
  // Malformed values of the contract's own parameters are still refused, and so is a non-object.
  expect(() => parseGetAddressesParams({ network: 'moon' }, 'first')).toThrow(/network must be one of/);
  expect(() => parseGetAddressesParams({ chains: 'bitcoin' }, 'first')).toThrow(/chains must be an array/);
  expect(() => parseGetAddressesParams('bitcoin', 'first')).toThrow(/params must be an object/);
  const strict = (params: unknown): RpcError => {
    try {
      parseGetAddressesParams(params, 'first', true);
    } catch (e) {
      if (e instanceof RpcError) return e;
    }
    throw new Error('expected a refusal');
  };
  const e = strict({ chains: ['bitcoin'] });
  expect(e.code).toBe(-32602);
  expect(e.message).toContain('"chains"');
  expect(e.message).toContain('second variant');
  expect(strict(['bitcoin']).message).toContain('no parameters');
});

test('every malformed second-variant param is -32602 naming the field', () => {
  const cases: [unknown, RegExp][] = [
    [['bitcoin'], /params must be an object/],
    ['bitcoin', /params must be an object/],
    [42, /params must be an object/],
    [{ chains: 'bitcoin' }, /chains must be an array/],
    [{ chains: [] }, /chains must not be empty/],
    [{ chains: ['bitcoin', 'ethereum'] }, /chains\[1\] must be "bitcoin" or "stacks", got "ethereum"/],
    [{ chains: [1] }, /chains\[0\] must be/],
    [{ chains: ['bitcoin', 'bitcoin'] }, /chains lists "bitcoin" twice/],
    [{ chains: null }, /chains must be an array/],
    [{ network: 'main' }, /network must be one of mainnet, testnet, testnet4, signet, sbtcTestnet, sbtcDevenv, devnet, regtest, got "main"/],
    [{ network: 5 }, /network must be one of/],
    [{ network: null }, /network must be one of .*got null/],
    [{ chains: ['bitcoin'], account: 1 }, /unknown parameter "account"/],
    [{ __proto__: null, constructor: 1 }, /unknown parameter "constructor"/],
  ];
  for (const [params, message] of cases) {
    const e = error(params);
    expect(e.code, JSON.stringify(params)).toBe(-32602);
    expect(e.message, JSON.stringify(params)).toMatch(message);
  }
});

test('an unknown parameter with a huge name is named by a short prefix and its length', () => {
  const e = error({ ['n'.repeat(200)]: 1 }, 'second');
  expect(e.code).toBe(-32602);
  expect(e.message).toContain('(200 characters)');
  expect(e.message.length).toBeLessThan(300);
});
