// The hostile page of e2e/reliability/hostile-page.spec.ts (Chromium) and e2e/puppeteer/wallet.spec.ts (Firefox): how a test reaches
// each wallet's provider, and the code the page runs to pollute, replace, hook and clobber after the providers loaded,
// then call them and say what they used of what it set (#49, src/page/runtime.ts).
import type { WalletName } from '../../src/core/wallet-types.ts';
import { IDENTITY_NAMES } from '../../src/wallets/index.ts';
import { helloOf } from '../../src/shared/messages.ts';

/** A call: the provider's method and its arguments. */
export type Call = [method: string, args: unknown[]];

/** How a test reaches one wallet's provider (tests may name wallets; shared code reads none of this). */
export interface Reach {
  /** The global the wallet's page script defines. */
  global: string;
  /** The provider, from window. */
  path: string;
  /** The real wallet's provider cannot be wrapped (frozen, as the docs say of each): its parts neither. */
  frozen: boolean;
  /** Methods take their arguments in order (UniSat's, OKX's, Magic Eden's token, Oyl's object), not request(method, params). */
  positional: boolean;
  /** Connects the site (its events need it); answered with the account's addresses. */
  connect: Call;
  /** Answered at once. */
  read: Call;
  /** A refusal of bad params. */
  refuse: Call;
  /** How the page listens for the account's change: the method, the event's name. */
  event?: [method: string, name: string];
}

/** Magic Eden's unsecured JWT asking for its two addresses (docs/reference/magiceden.md §1). */
const ME_TOKEN = `${Buffer.from('{"typ":"JWT","alg":"none"}').toString('base64url')}.${Buffer.from('{"purposes":["ordinals","payment"]}').toString('base64url')}.`;

const unisatShaped = (global: string, path = global): Reach => ({
  global,
  path,
  frozen: false,
  positional: true,
  connect: ['requestAccounts', []],
  read: ['getNetwork', []],
  refuse: ['signMessage', [5]],
  event: ['on', 'accountsChanged'],
});
const xverseShaped = (global: string, path: string): Reach => ({
  global,
  path,
  frozen: true,
  positional: false,
  connect: ['request', ['wallet_connect', null]],
  read: ['request', ['getInfo', null]],
  refuse: ['request', ['signMessage', { message: 5 }]],
  event: ['addListener', 'accountChange'],
});

export const REACH: Record<WalletName, Reach> = {
  leather: {
    global: 'WalletProvider',
    path: 'WalletProvider',
    frozen: true,
    positional: false,
    connect: ['request', ['getAddresses']],
    read: ['request', ['supportedMethods']],
    refuse: ['request', ['signMessage', { message: 5 }]],
  },
  xverse: xverseShaped('XverseProviders', 'XverseProviders.BitcoinProvider'),
  fordefi: xverseShaped('FordefiProviders', 'FordefiProviders.UtxoProvider'),
  unisat: unisatShaped('unisat'),
  okx: { ...unisatShaped('okxwallet', 'okxwallet.bitcoin'), connect: ['connect', []] },
  bitget: unisatShaped('bitkeep', 'bitkeep.unisat'),
  binance: unisatShaped('binancew3w', 'binancew3w.bitcoin'),
  onekey: unisatShaped('$onekey', '$onekey.btc'),
  wizz: unisatShaped('wizz'),
  opnet: unisatShaped('opnet'),
  keplr: unisatShaped('keplr', 'keplr.bitcoin'),
  magiceden: {
    global: 'magicEden',
    path: 'magicEden.bitcoin',
    frozen: true,
    positional: true,
    connect: ['connect', [ME_TOKEN]],
    read: ['connect', [ME_TOKEN]],
    refuse: ['signMessage', [undefined]],
    event: ['on', 'accountsChanged'],
  },
  oyl: {
    global: 'oyl',
    path: 'oyl',
    frozen: false,
    positional: true,
    connect: ['getAddresses', []],
    read: ['getNetwork', []],
    refuse: ['signMessage', [{ address: 'x', message: 5 }]],
    event: ['on', 'accountsChanged'],
  },
};

/** What the page does in a step: pollute (one kind, or all at once: everything, and for the event), pass hostile arguments, or clobber. */
export type Case = 'clean' | 'prototype' | 'array' | 'promise' | 'json' | 'builtins' | 'everything' | 'arguments' | 'events' | 'clobber';

export interface Input {
  reach: Reach;
  kase: Case;
  /** The document event that asks the relay for this wallet's port (none for the contract's provider). */
  hello?: string;
}

/** A call's outcome as the page saw it, read after the page put everything back. */
export type Outcome = { value: unknown } | { rejected: unknown } | { threw: string } | { timeout: true };

export interface Output {
  /** Each call's outcome, by name. */
  outcomes: Record<string, Outcome>;
  /** What the provider used of what the page set: a read, a call, a write (empty when it used nothing). */
  used: string[];
  /** The events step: what the listener added before and the one added after the pollution heard. */
  heard?: { before: unknown[]; after: unknown[] };
  /** The clobber step: each attempt's effect. */
  clobbered?: Record<string, boolean>;
}

/**
 * Runs in the page: keeps what it needs, installs the case once Playwright holds the returned promise, makes the
 * calls one after the other (awaiting each promise reads only its constructor: no then or species of the page's),
 * puts everything back, then describes what happened. Its own code meets nothing it installed.
 */
export function inPage({ reach, kase, hello }: Input): Promise<Output> {
  // Kept before anything is installed; while it is, this code uses only these, literals, index loops and
  // null-prototype records (no iterator, no array method, no assignment a prototype's setter could meet).
  const R = Reflect.apply;
  const construct = Reflect.construct;
  const { create, defineProperty, getOwnPropertyDescriptor, getOwnPropertyNames, isFrozen } = Object;
  const RealPromise = Promise;
  const later = setTimeout;
  const stopTimer = clearTimeout;
  const signal = console.log;
  const RealError = Error;
  const stringify = JSON.stringify;
  const now = Date.now;
  // The prototypes, kept: a case replaces window.Array, window.Object and the like.
  const ObjectProto = Object.prototype;
  const ArrayProto = Array.prototype;
  const ArrayCtor = Array;
  const { iterator, species } = Symbol;
  const w = window as unknown as Record<string, unknown>;
  const at = (path: string): Record<string, unknown> => {
    let o: unknown = window;
    for (const key of path.split('.')) o = (o as Record<string, unknown>)[key];
    return o as Record<string, unknown>;
  };
  const provider = at(reach.path);
  const fn = (call: [string, unknown[]]): ((...a: unknown[]) => unknown) => provider[call[0]] as (...a: unknown[]) => unknown;
  /** A list that nothing the page installs can reach: a null-prototype record and its count. */
  const list = <T>() => ({ items: create(null) as Record<number, T>, count: 0 });
  const add = <T>(to: { items: Record<number, T>; count: number }, item: T): void => void (to.items[to.count++] = item);
  const arrayOf = <T>(from: { items: Record<number, T>; count: number }): T[] => Array.from({ length: from.count }, (_, i) => from.items[i]!);

  // What the provider used, with the object it used it on (then and constructor read on its own promise or answer are the page's).
  const used = list<{ what: string; on: unknown }>();
  const note = (what: string, on: unknown): void => add(used, { what, on });
  // The promises the provider returned and what they settled with.
  const pageOwn = list<unknown>();

  // Each installed hook, to put back: target, key, its descriptor before (a null-prototype copy; undefined: it had none).
  const undo = list<{ target: object; key: PropertyKey; before: PropertyDescriptor | undefined }>();
  const put = (target: object, key: PropertyKey, descriptor: PropertyDescriptor): void => {
    const before = getOwnPropertyDescriptor(target, key);
    add(undo, { target, key, before: before && ({ __proto__: null, ...before } as PropertyDescriptor) });
    defineProperty(target, key, { __proto__: null, configurable: true, ...descriptor } as PropertyDescriptor);
  };
  const uninstall = (): void => {
    while (undo.count > 0) {
      const { target, key, before } = undo.items[--undo.count]!;
      if (before) defineProperty(target, key, before);
      else delete (target as Record<PropertyKey, unknown>)[key];
    }
  };
  /** A function replaced by one that notes each call and does what the original did. */
  const spy = (target: object, key: PropertyKey, name: string): void => {
    const original = (target as Record<PropertyKey, unknown>)[key] as (...a: unknown[]) => unknown;
    put(target, key, {
      writable: true,
      value: function (this: unknown) {
        note(name, this);
        // biome-ignore lint/complexity/noArguments: forwards whatever it was called with
        return new.target ? construct(original, arguments, new.target) : R(original, this, arguments);
      },
    });
  };
  /** A function replaced by one that notes each call and throws. */
  const breaker = (target: object, key: PropertyKey, name: string): void =>
    put(target, key, {
      writable: true,
      value: function (this: unknown) {
        note(name, this);
        throw new RealError(`${name} was replaced by the page`);
      },
    });
  /** An accessor that notes each read and write, and reads as `forged`. */
  const trap = (target: object, key: PropertyKey, name: string, forged: () => unknown): void =>
    put(target, key, {
      get(this: unknown) {
        note(`read ${name}`, this);
        return forged();
      },
      set(this: unknown) {
        note(`wrote ${name}`, this);
      },
    });
  const each = <T>(items: readonly T[], f: (item: T) => void): void => {
    for (let i = 0; i < items.length; i++) f(items[i]!);
  };

  // The fields the messages carry (page ⇄ relay), the answers' and Fordefi's, Xverse's addListener form, a
  // descriptor's (defineProperty reads them), then (what promise resolution reads) and array-like fields.
  const FIELDS = [
    ...['id', 'method', 'params', 'userActivation', 'listen', 'response', 'jsonrpc', 'result', 'error', 'code', 'message', 'data'],
    ...['event', 'type', 'payload', 'target', 'status', 'eventName', 'cb', 'name', 'length', '0', '1'],
    ...['value', 'get', 'set', 'writable', 'enumerable', 'configurable', 'then'],
  ];
  const forgedObject = () => ({ code: 1, message: 'forged by the page', polluted: true });
  const install: Record<string, () => void> = {
    prototype: () => each(FIELDS, (key) => trap(ObjectProto, key, `Object.prototype.${key}`, forgedObject)),
    array: () => {
      each(['pop', 'shift', 'unshift', 'slice', 'splice', 'concat', 'map', 'filter', 'forEach', 'indexOf', 'includes', 'some', 'find', 'join'], (key) =>
        spy(ArrayProto, key, `Array.prototype.${key}`),
      );
      each(['0', '1', '2'], (key) => trap(ArrayProto, key, `Array.prototype[${key}]`, () => 'forged by the page'));
      trap(ArrayProto, 'constructor', 'Array.prototype.constructor', () => ArrayCtor);
      breaker(ArrayProto, 'push', 'Array.prototype.push');
      breaker(ArrayProto, iterator, 'Array.prototype[Symbol.iterator]');
    },
    promise: () => {
      spy(window, 'Promise', 'window.Promise');
      each(['then', 'catch', 'finally'], (key) => spy(RealPromise.prototype, key, `Promise.prototype.${key}`));
      trap(RealPromise.prototype, 'constructor', 'Promise.prototype.constructor', () => RealPromise);
      each(['resolve', 'reject', 'all', 'race', 'allSettled', 'any'], (key) => spy(RealPromise, key, `Promise.${key}`));
      trap(RealPromise, species, 'Promise[Symbol.species]', () => RealPromise);
    },
    json: () => {
      put(JSON, 'parse', {
        writable: true,
        value: () => {
          note('JSON.parse', undefined);
          return { forged: true };
        },
      });
      put(JSON, 'stringify', {
        writable: true,
        value: () => {
          note('JSON.stringify', undefined);
          return '{"forged":true}';
        },
      });
    },
    builtins: () => {
      const targets: [object, string[], string][] = [
        [Object, ['keys', 'values', 'entries', 'assign', 'create', 'defineProperty', 'defineProperties', 'freeze', 'isFrozen'], 'Object'],
        [Object, ['getOwnPropertyDescriptor', 'getOwnPropertyNames', 'getPrototypeOf', 'setPrototypeOf', 'fromEntries'], 'Object'],
        [Object.prototype, ['hasOwnProperty', 'toString', 'valueOf'], 'Object.prototype'],
        [Reflect, ['apply', 'construct', 'get', 'set', 'has', 'ownKeys', 'defineProperty', 'getOwnPropertyDescriptor'], 'Reflect'],
        [Function.prototype, ['call', 'apply', 'bind', 'toString'], 'Function.prototype'],
        [Array, ['isArray', 'from', 'of'], 'Array'],
        [Number, ['isFinite', 'isInteger'], 'Number'],
        [String.prototype, ['slice', 'startsWith', 'indexOf', 'split', 'toString', 'replace'], 'String.prototype'],
        [Set.prototype, ['has', 'add', 'delete'], 'Set.prototype'],
        [Map.prototype, ['get', 'set', 'has', 'delete'], 'Map.prototype'],
        [Crypto.prototype, ['randomUUID', 'getRandomValues'], 'Crypto.prototype'],
        [EventTarget.prototype, ['dispatchEvent', 'addEventListener', 'removeEventListener'], 'EventTarget.prototype'],
        [MessagePort.prototype, ['postMessage', 'start'], 'MessagePort.prototype'],
        [Event.prototype, ['stopImmediatePropagation', 'stopPropagation', 'preventDefault'], 'Event.prototype'],
        [console, ['log', 'warn', 'error', 'info', 'debug'], 'console'],
        [window, ['Error', 'TypeError', 'String', 'Number', 'Array', 'Object', 'Set', 'Map', 'Symbol', 'Event', 'CustomEvent', 'MessageChannel'], 'window'],
        [window, ['setTimeout', 'queueMicrotask', 'structuredClone', 'postMessage'], 'window'],
      ];
      put(crypto, 'randomUUID', {
        writable: true,
        value: () => {
          note('crypto.randomUUID', undefined);
          return '00000000-0000-4000-8000-000000000000';
        },
      });
      each(targets, (row) => each(row[1], (key) => spy(row[0], key, `${row[2]}.${key}`)));
    },
  };

  // All at once: the array's last (the others' installers loop over arrays), and none reads a global another replaced.
  install['everything'] = () => {
    install['prototype']!();
    install['promise']!();
    install['json']!();
    install['builtins']!();
    install['array']!();
  };

  /** Calls `method` with `args` and reports how its promise settled (awaited: no then, no species of the page's). */
  const invoke = (method: (...a: unknown[]) => unknown, args: unknown[], done: (outcome: Outcome) => void): void => {
    let finished = false;
    const finish = (outcome: Outcome): void => {
      if (finished) return;
      finished = true;
      stopTimer(timer);
      done(outcome);
    };
    const timer = later(() => finish({ timeout: true }), 8000);
    let returned: unknown;
    try {
      returned = R(method, provider, args);
    } catch (error) {
      finish({ threw: `${(error as Error)?.name}: ${(error as Error)?.message}` });
      return;
    }
    if (!(returned instanceof RealPromise)) {
      finish({ threw: `returned ${typeof returned}, not a promise` });
      return;
    }
    add(pageOwn, returned);
    void (async () => {
      let outcome: Outcome;
      try {
        const value = await returned;
        add(pageOwn, value);
        outcome = { value };
      } catch (rejected) {
        add(pageOwn, rejected);
        outcome = { rejected };
      }
      finish(outcome);
    })();
  };
  type Planned = { name: string; method: (...a: unknown[]) => unknown; args: unknown[] };
  /** Makes the calls one after the other, then calls `done` with their outcomes by name. */
  const runAll = (calls: Planned[], done: (outcomes: Record<string, Outcome>) => void): void => {
    const outcomes = create(null) as Record<string, Outcome>;
    let i = 0;
    const next = (): void => {
      if (i === calls.length) {
        done(outcomes);
        return;
      }
      const call = calls[i++]!;
      invoke(call.method, call.args, (outcome) => {
        outcomes[call.name] = outcome;
        next();
      });
    };
    next();
  };

  // Hostile arguments, built before anything is installed.
  const getterRead: string[] = [];
  const throwing = {
    get message() {
      getterRead.push('getter');
      throw new RealError('a getter the page wrote');
    },
  };
  // A Proxy is read through its traps (there is no other way): they may run, and the call is refused.
  const trapThrows = () => {
    throw new RealError('a trap the page wrote');
  };
  const proxy = new Proxy({}, { get: trapThrows, getOwnPropertyDescriptor: trapThrows, ownKeys: trapThrows, has: trapThrows, getPrototypeOf: trapThrows });
  const cyclic: Record<string, unknown> = { message: 'm' };
  cyclic['self'] = cyclic;
  const huge = new Array(2 ** 32 - 1);
  const many: unknown[] = [...reach.read[1]];
  while (many.length < 1600) many.push('x');
  const hostile = (value: unknown): unknown[] => (reach.positional ? [value] : [reach.read[1][0], value]);

  const calls: Planned[] =
    kase === 'arguments'
      ? [
          { name: 'getter', method: fn(reach.read), args: hostile(throwing) },
          { name: 'proxy', method: fn(reach.read), args: hostile(proxy) },
          { name: 'cyclic', method: fn(reach.read), args: hostile(cyclic) },
          { name: 'huge', method: fn(reach.read), args: hostile(huge) },
          ...(reach.positional ? [{ name: '1600 arguments', method: fn(reach.read), args: many }] : []),
        ]
      : [
          { name: 'connect', method: fn(reach.connect), args: reach.connect[1] },
          { name: 'read', method: fn(reach.read), args: reach.read[1] },
          { name: 'refuse', method: fn(reach.refuse), args: reach.refuse[1] },
        ];

  /** What a settled value is, in JSON: an Error as its name, code, message and own keys. */
  const describe = (value: unknown): unknown =>
    value instanceof RealError
      ? {
          error: value.name,
          code: (value as Error & { code?: unknown }).code,
          message: value.message,
          ownKeys: getOwnPropertyNames(value).filter((k) => k !== 'stack'),
        }
      : value === undefined
        ? '(undefined)'
        : JSON.parse(stringify(value));
  const describeAll = (outcomes: Record<string, Outcome>): Record<string, Outcome> => {
    const out: Record<string, Outcome> = {};
    for (const [name, outcome] of Object.entries(outcomes)) {
      out[name] = 'value' in outcome ? { value: describe(outcome.value) } : 'rejected' in outcome ? { rejected: describe(outcome.rejected) } : outcome;
    }
    return out;
  };
  /** What the provider used of the page's, but for the page's own reads of then and constructor on what it got. */
  const report = (): string[] => {
    const own = arrayOf(pageOwn);
    const found = arrayOf(used)
      .filter(({ what, on }) => !(own.includes(on) && /\.(then|constructor)$/.test(what)))
      .map(({ what }) => what);
    if (getterRead.length > 0) found.push("an argument's getter");
    return [...new Set(found)];
  };

  if (kase === 'clobber') {
    const clobbered: Record<string, boolean> = {};
    const before = w[reach.global];
    const attempt = (name: string, action: () => void, changed: () => boolean): void => {
      try {
        action();
      } catch {
        // a frozen or locked object throws in strict code: no effect either way
      }
      clobbered[name] = changed();
    };
    attempt(
      'assign the global',
      () => (w[reach.global] = { forged: true }),
      () => w[reach.global] !== before,
    );
    attempt(
      'redefine the global',
      () => defineProperty(window, reach.global, { value: { forged: true } }),
      () => w[reach.global] !== before,
    );
    attempt(
      'delete the global',
      () => delete w[reach.global],
      () => w[reach.global] !== before,
    );
    // Every function of the provider replaced by a wrapper that throws, and the provider swapped in its holder.
    const originals: Record<string, unknown> = {};
    for (const key of getOwnPropertyNames(provider)) originals[key] = provider[key];
    attempt(
      'wrap its methods',
      () => {
        for (const key of getOwnPropertyNames(provider))
          if (typeof provider[key] === 'function')
            provider[key] = () => {
              throw new RealError('wrapped by the page');
            };
      },
      () => getOwnPropertyNames(originals).some((key) => provider[key] !== originals[key]),
    );
    const parts = reach.path.split('.');
    if (parts.length > 1) {
      const holder = at(parts.slice(0, -1).join('.'));
      const last = parts.at(-1)!;
      attempt(
        'swap the provider in its holder',
        () => (holder[last] = { forged: true }),
        () => holder[last] !== provider,
      );
    }
    clobbered['frozen'] = isFrozen(provider);
    // The provider's own function, kept before the page wrapped them, still answers; the page asks for a port in vain.
    return new RealPromise((resolve) => {
      const ports: unknown[] = [];
      addEventListener('message', (event) => void (event.ports.length > 0 && ports.push(event.data)), true);
      if (hello) document.dispatchEvent(new CustomEvent(hello));
      invoke(originals[reach.read[0]] as (...a: unknown[]) => unknown, reach.read[1], (outcome) => {
        later(() => {
          clobbered['the page got a port'] = ports.length > 0;
          resolve({ outcomes: describeAll({ read: outcome }), used: [], clobbered });
        }, 200);
      });
    });
  }

  if (kase === 'events') {
    const [method, eventName] = reach.event!;
    const listen = provider[method] as (...a: unknown[]) => unknown;
    const before = list<unknown>();
    const after = list<unknown>();
    R(listen, provider, [eventName, (payload: unknown) => add(before, payload)]);
    return new RealPromise((resolve) => {
      // Installed once Playwright has taken this promise (its then is not the provider's).
      later(() => {
        install['everything']!();
        R(listen, provider, [eventName, (payload: unknown) => add(after, payload)]);
        const started = now();
        const wait = (): void => {
          if ((before.count === 0 || after.count === 0) && now() - started < 8000) {
            later(wait, 20);
            return;
          }
          uninstall();
          resolve({ outcomes: {}, used: report(), heard: { before: describe(arrayOf(before)) as unknown[], after: describe(arrayOf(after)) as unknown[] } });
        };
        R(signal, console, ['armed']);
        wait();
      }, 0);
    });
  }

  return new RealPromise((resolve) => {
    // Installed once Playwright has taken this promise (its then is not the provider's).
    later(() => {
      if (kase !== 'clean' && kase !== 'arguments') install[kase]!();
      runAll(calls, (outcomes) => {
        uninstall();
        resolve({ outcomes: describeAll(outcomes), used: report() });
      });
    }, 0);
  });
}

/** An outcome with the envelopes' random ids left out. */
export const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'id' ? [] : [[k, withoutIds(v)]])))
      : value;

/** A refusal as each dialect gives it: the envelope's error (rejected, resolved, or Fordefi's), or the rejection itself. */
export const refusalOf = (outcome: Outcome | undefined): { code?: unknown; message?: unknown; error?: unknown } | undefined => {
  if (!outcome) return undefined;
  const body = ('value' in outcome ? outcome.value : 'rejected' in outcome ? outcome.rejected : undefined) as Record<string, unknown> | undefined;
  const error = (body?.['error'] && typeof body['error'] === 'object' ? body['error'] : 'rejected' in outcome ? body : undefined) as
    | { code?: unknown; message?: unknown; error?: unknown }
    | undefined;
  return error;
};

/** The page's input for `kase` on `wallet`'s provider. */
export const inputFor = (wallet: WalletName, kase: Case): Input => {
  const hello = (IDENTITY_NAMES as readonly string[]).includes(wallet) ? helloOf(wallet as (typeof IDENTITY_NAMES)[number]) : undefined;
  return { reach: REACH[wallet], kase, ...(hello && { hello }) };
};
