import { test, expect } from '@playwright/test';
import { checkCounter, counterOf, readCounters } from './nonce-counters.ts';

test('stored counters: well-formed entries kept, anything else dropped and reported; an absent one is 0', () => {
  const reported: string[] = [];
  const counters = readCounters(
    {
      'mainnet:0': 4,
      'testnet:2': 0,
      'moon:0': 1,
      'mainnet:x': 1,
      'mainnet:1': -1,
      'mainnet:3': 1.5,
      'mainnet:9999999999': 1,
      'signet:1': '2',
    },
    (problem) => reported.push(problem),
  );
  expect(counters).toEqual({ 'mainnet:0': 4, 'testnet:2': 0 });
  // Each dropped entry named (#49: {"mainnet:0":"five"} used to vanish without a word).
  expect(reported).toHaveLength(6);
  expect(reported).toContain(
    'stored stacksNonces held "signet:1": "2", which is not a nonce counter (<network>:<account> → a whole number): dropped, read as 0',
  );
  const garbage: string[] = [];
  expect(readCounters('garbage', (p) => garbage.push(p))).toEqual({});
  expect(garbage).toEqual(['stored stacksNonces held "garbage", which is not a record of nonce counters: dropped, every counter read as 0']);
  expect(readCounters(undefined, (p) => garbage.push(p))).toEqual({}); // none stored: nothing to report
  expect(counterOf(counters, 'mainnet', 0)).toBe(4);
  expect(counterOf(counters, 'mainnet', 5)).toBe(0);
  expect(readCounters('garbage')).toEqual({});
});

test('a counter set from outside names what is wrong', () => {
  expect(checkCounter(7, 'testnet', 3)).toEqual({ nonce: 7, network: 'testnet', account: 3 });
  expect(() => checkCounter(1.5, 'mainnet', 0)).toThrow('the Stacks nonce must be a whole number from 0 to 9007199254740991, got 1.5');
  expect(() => checkCounter(1, 'moon', 0)).toThrow(/network must be one of mainnet, testnet/);
  expect(() => checkCounter(1, 'mainnet', -1)).toThrow('account must be a whole number from 0 to 2147483647 (0-based), got -1');
});
