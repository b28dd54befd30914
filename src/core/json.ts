// Turns whatever a page passed into a bounded, plain JSON value, or says why not.
// Runs in the page (MAIN world) too, so it keeps its own references to built-ins:
// page code that later replaces Object.keys or Array.isArray cannot steer it.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface JsonLimits {
  maxDepth: number;
  maxNodes: number;
  maxStringLength: number;
  /** Object keys are names, not data: a few hundred characters at most. */
  maxKeyLength: number;
  /** All strings and keys together: one request cannot fill the wallet's storage. */
  maxTotalLength: number;
}

// A string may hold a whole PSBT as hex: a standard transaction is at most 400 000 weight
// units, so 800 000 hex characters carry any PSBT a node would relay, with its UTXOs.
export const REQUEST_LIMITS: JsonLimits = { maxDepth: 16, maxNodes: 2000, maxStringLength: 800_000, maxKeyLength: 256, maxTotalLength: 1_000_000 };

const { keys, getPrototypeOf, defineProperty, create, getOwnPropertyDescriptor } = Object;
const hasOwn = Object.prototype.hasOwnProperty;
const { isArray } = Array;
// biome-ignore lint/suspicious/noShadowRestrictedNames: Number.isFinite kept before any page script can replace it
const { isFinite } = Number;
const { apply } = Reflect;
const ObjectProto = Object.prototype;
const SetCtor = Set;
const { has: setHas, add: setAdd, delete: setDelete } = Set.prototype;
const stringSlice = String.prototype.slice;

/** A string as an error message may echo it: a short prefix, and the length when cut. */
export function excerpt(text: string, max = 40): string {
  return text.length > max ? `"${apply(stringSlice, text, [0, max])}…" (${text.length} characters)` : `"${text}"`;
}

/**
 * A plain object's prototype: none, or Object.prototype of this realm or of another one
 * (a root prototype). Firefox hands a content script the page's own objects, whose prototype
 * is the page's Object.prototype; class instances, dates and the like have a deeper chain.
 */
const isPlainPrototype = (proto: object | null): boolean => proto === null || proto === ObjectProto || getPrototypeOf(proto) === null;

export type JsonResult = { ok: true; value: JsonValue | undefined } | { ok: false; path: string; reason: string };

/**
 * An own data property's value, never a getter's and never one inherited from a prototype
 * the page changed. The descriptor's own fields are read, not whatever Object.prototype adds.
 */
function own(target: object, key: string, path: string): unknown {
  const descriptor = getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined) return undefined; // an array hole
  if (!apply(hasOwn, descriptor, ['value'])) throw new Refusal(path, 'is a getter, not a data property');
  return descriptor.value;
}

/** Writes an own property without meeting a setter the page put on a prototype. */
function put(target: object, key: string, value: JsonValue): void {
  defineProperty(target, key, { __proto__: null, value, enumerable: true, writable: true, configurable: true } as PropertyDescriptor);
}

class Refusal {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {}
}

/** `undefined` stays `undefined` (an absent value); everything else must be JSON. */
export function toJsonValue(input: unknown, limits: JsonLimits = REQUEST_LIMITS, root = 'value'): JsonResult {
  let nodes = 0;
  let total = 0;
  const count = (length: number): void => {
    total += length;
    if (total > limits.maxTotalLength) throw new Refusal(root, `holds more than ${limits.maxTotalLength} characters in all`);
  };
  // Set methods are called through saved references; loops index arrays directly
  // (no iterators), so replaced prototypes change nothing here.
  const seen = new SetCtor<object>();

  const walk = (value: unknown, path: string, depth: number): JsonValue => {
    if (++nodes > limits.maxNodes) throw new Refusal(root, `has more than ${limits.maxNodes} values`);
    switch (typeof value) {
      case 'string':
        if (value.length > limits.maxStringLength) {
          throw new Refusal(path, `is a string of ${value.length} characters (limit ${limits.maxStringLength})`);
        }
        count(value.length);
        return value;
      case 'boolean':
        return value;
      case 'number':
        if (!isFinite(value)) throw new Refusal(path, `is ${value}, which JSON cannot carry`);
        return value;
      case 'object':
        break;
      default:
        throw new Refusal(path, `is a ${typeof value}, which JSON cannot carry`);
    }
    if (value === null) return null;
    if (depth >= limits.maxDepth) throw new Refusal(path, `nests deeper than ${limits.maxDepth} levels`);
    if (apply(setHas, seen, [value])) throw new Refusal(path, 'refers back to itself (a cycle)');
    apply(setAdd, seen, [value]);
    if (isArray(value)) {
      const out: JsonValue[] = [];
      const length = value.length;
      if (length > limits.maxNodes) throw new Refusal(root, `has more than ${limits.maxNodes} values`);
      // An index as a key by a template, not the page's String.
      for (let i = 0; i < length; i++) put(out, `${i}`, walk(own(value, `${i}`, `${path}[${i}]`), `${path}[${i}]`, depth + 1));
      apply(setDelete, seen, [value]);
      return out;
    }
    if (!isPlainPrototype(getPrototypeOf(value))) throw new Refusal(path, 'is not a plain object');
    // A null prototype and defineProperty keep keys such as "__proto__" as data.
    const out = create(null) as { [key: string]: JsonValue };
    const names = keys(value);
    for (let i = 0; i < names.length; i++) {
      const key = names[i]!;
      if (key.length > limits.maxKeyLength) throw new Refusal(path, `has a key of ${key.length} characters (limit ${limits.maxKeyLength}): ${excerpt(key)}`);
      count(key.length);
      const item = own(value, key, `${path}.${key}`);
      if (item === undefined) continue; // as JSON.stringify does
      put(out, key, walk(item, `${path}.${key}`, depth + 1));
    }
    apply(setDelete, seen, [value]);
    return out;
  };

  try {
    return { ok: true, value: input === undefined ? undefined : walk(input, root, 0) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, path: error.path, reason: error.reason };
    // A getter or proxy trap threw while we read it.
    return { ok: false, path: root, reason: 'could not be read (a getter or proxy threw)' };
  }
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || isArray(value)) return false;
  return isPlainPrototype(getPrototypeOf(value));
}

/**
 * JSON with every object's keys in sorted order. Chrome's storage hands objects back with their keys
 * sorted, not in the order they were written: the key cache's seal and the
 * settings' "did anything change" compare what was read back with what is written through it.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
