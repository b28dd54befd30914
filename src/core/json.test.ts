import { test, expect } from '@playwright/test';
import { runInNewContext } from 'node:vm';
import { excerpt, isPlainRecord, toJsonValue } from './json.ts';

test('plain JSON passes, undefined members drop out', () => {
  expect(toJsonValue({ a: [1, 'x', true, null], b: undefined })).toEqual({ ok: true, value: { a: [1, 'x', true, null] } });
  expect(toJsonValue(undefined)).toEqual({ ok: true, value: undefined });
});

test('prototype keys stay plain data', () => {
  const input = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}}') as unknown;
  const result = toJsonValue(input);
  expect(result.ok).toBe(true);
  const value = (result as { value: Record<string, unknown> }).value;
  expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

test('refuses what JSON cannot carry, naming the path', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  let deep: unknown = 1;
  for (let i = 0; i < 40; i++) deep = [deep];
  const throwing = {
    get x() {
      throw new Error('boom');
    },
  };
  const cases: [unknown, RegExp][] = [
    [{ f: () => 1 }, /value\.f is a function/],
    [{ n: NaN }, /value\.n is NaN/],
    [{ b: 1n }, /bigint/],
    [{ s: Symbol('x') }, /symbol/],
    [cyclic, /value\.self refers back to itself/],
    [deep, /nests deeper/],
    [{ d: new Date() }, /value\.d is not a plain object/],
    [new Map(), /not a plain object/],
    ['x'.repeat(800_001), /string of 800001 characters \(limit 800000\)/],
    [new Array(3000).fill(0), /more than 2000 values/],
    [throwing, /value\.x is a getter, not a data property/],
    [
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
      /could not be read/,
    ],
  ];
  // A large PSBT's hex travels whole.
  expect(toJsonValue({ hex: 'ab'.repeat(300_000) })).toMatchObject({ ok: true });
  for (const [input, reason] of cases) {
    const result = toJsonValue(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(`${result.path} ${result.reason}`).toMatch(reason);
  }
});

test("another realm's plain objects and arrays pass (Firefox gives a content script the page's own); its class instances do not", () => {
  // Built in a fresh realm, as a page builds its params: nested objects and arrays, none of them this realm's.
  const foreign = runInNewContext(`({ psbt: 'ab', signAtIndex: [0, 1], nested: { deep: [{ a: null }, [true, 'x']] }, bare: Object.create(null) })`) as unknown;
  expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype);
  expect(isPlainRecord(foreign)).toBe(true);
  expect(toJsonValue(foreign)).toEqual({ ok: true, value: { psbt: 'ab', signAtIndex: [0, 1], nested: { deep: [{ a: null }, [true, 'x']] }, bare: {} } });
  for (const made of ['new Date()', 'new Map()', 'new (class Thing { constructor() { this.a = 1; } })()', '/x/']) {
    const result = toJsonValue(runInNewContext(`({ v: ${made} })`));
    expect(result, made).toMatchObject({ ok: false, path: 'value.v', reason: 'is not a plain object' });
  }
});

test('a shared (non-cyclic) sub-object is fine', () => {
  const shared = { k: 1 };
  expect(toJsonValue({ a: shared, b: shared })).toEqual({ ok: true, value: { a: { k: 1 }, b: { k: 1 } } });
});

test('long keys and strings are refused with a short echo: a prefix and the length', () => {
  const key = 'k'.repeat(5_000_000);
  const result = toJsonValue({ [key]: 1 });
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.reason).toContain('a key of 5000000 characters (limit 256)');
    expect(result.reason).toContain(`"${'k'.repeat(40)}…" (5000000 characters)`);
    expect(result.reason.length).toBeLessThan(200);
  }
  // All strings and keys together are bounded too, though each one alone is allowed.
  const many = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`s${i}`, 'x'.repeat(300_000)]));
  expect(toJsonValue(many)).toMatchObject({ ok: false, reason: 'holds more than 1000000 characters in all' });
  expect(excerpt('short')).toBe('"short"');
});

test('reads own data only: getters, and accessors a page adds to the prototypes, change nothing', () => {
  const objectProto = Object.prototype as unknown as Record<string, unknown>;
  const saved = Object.getOwnPropertyDescriptor(Array.prototype, '0');
  try {
    // As a page may do: every descriptor literal now "has" a getter, and index 0 of every array a setter.
    Object.defineProperty(Object.prototype, 'get', { value: () => 'polluted', configurable: true, writable: true });
    Object.defineProperty(Array.prototype, '0', { set: () => undefined, get: () => 'polluted', configurable: true });
    const result = toJsonValue({ chains: ['bitcoin'], network: 'mainnet' });
    expect(result.ok).toBe(true);
    const value = (result as unknown as { value: { chains: string[] } }).value;
    expect(Object.getOwnPropertyDescriptor(value.chains, '0')?.value).toBe('bitcoin');
    expect(value.chains.length).toBe(1);
  } finally {
    delete objectProto['get'];
    if (saved) Object.defineProperty(Array.prototype, '0', saved);
    else delete (Array.prototype as unknown as Record<string, unknown>)['0'];
  }
  let calls = 0;
  const withGetter = {
    get chains() {
      calls++;
      return ['bitcoin'];
    },
  };
  expect(toJsonValue(withGetter)).toMatchObject({ ok: false, path: 'value.chains', reason: 'is a getter, not a data property' });
  expect(calls).toBe(0);
});
