// The page runtime: what every wallet's page script (MAIN world, document_start) builds its provider with, so that
// no provider is weaker than another. Page code runs after these scripts in the same realm and may replace or hook
// any built-in, put getters and setters on Object.prototype and Array.prototype, and call with hostile arguments.
// So this module, and the page scripts built on it:
// - call built-ins only through the references kept below, when the script starts, before any page script runs;
// - read what they did not make as own data only (ownValue): never a getter, a Proxy's get or a prototype's field;
// - make objects with literals and descriptors without a prototype, arrays with [] and defineProperty (append,
//   copy): no setter, index getter, iterator or species the page defines is met; they never spread or iterate an
//   array at call time (for…of and ... call the page's Array.prototype[Symbol.iterator]);
// - settle a request through callbacks: the one promise a page gets is made with the kept constructor and settled
//   once, and nothing awaits, so the page's Promise.prototype.then and constructor are never read.
// e2e/reliability/hostile-page.spec.ts runs each case against every wallet's provider.
import type { IdentityName } from '../core/choices.ts';
import type { JsonValue } from '../core/json.ts';
import type { RpcResponse } from '../core/rpc.ts';
import { HANDSHAKE, handshakeOf, helloOf, type PageListen, type PageRequest } from '../shared/messages.ts';

// ── the built-ins, kept ──
const { apply } = Reflect;
const { create, defineProperty, freeze, getOwnPropertyDescriptor, getPrototypeOf, isFrozen } = Object;
const { isArray } = Array;
const PromiseCtor = Promise;
const ErrorCtor = Error;
const StringCtor = String;
const EventCtor = Event;
const CustomEventCtor = CustomEvent;
const cryptoObject = crypto;
const consoleObject = console;
type Kept = (...args: unknown[]) => unknown;
// Each read once, now. Marked pure: a page script that uses none of them drops it from its bundle (scripts/build.ts).
/** A built-in's own member (its getter or setter when asked): the page's later replacement is never the one called. */
const kept = (from: object, name: string, kind: 'value' | 'get' | 'set' = 'value'): Kept => getOwnPropertyDescriptor(from, name)![kind] as Kept;
/** A member of a constructor's prototype, kept. */
const keptOf = (ctor: { prototype: object }, name: string, kind: 'value' | 'get' | 'set' = 'value'): Kept => kept(ctor.prototype, name, kind);
// biome-ignore lint/suspicious/noShadowRestrictedNames: the built-in, kept before any page script can replace it
const hasOwnProperty = /* @__PURE__ */ keptOf(Object, 'hasOwnProperty');
const dispatchEvent = /* @__PURE__ */ keptOf(EventTarget, 'dispatchEvent');
const addEventListener = /* @__PURE__ */ keptOf(EventTarget, 'addEventListener');
const randomUUID = /* @__PURE__ */ keptOf(Crypto, 'randomUUID');
const consoleWarn = /* @__PURE__ */ kept(console, 'warn');
const consoleError = /* @__PURE__ */ kept(console, 'error');
const postToPort = /* @__PURE__ */ keptOf(MessagePort, 'postMessage');
// The handshake and every answer are read through these accessors: a page that redefines them in
// <head> sees nothing and takes nothing.
const eventData = /* @__PURE__ */ keptOf(MessageEvent, 'data', 'get');
const eventPorts = /* @__PURE__ */ keptOf(MessageEvent, 'ports', 'get');
const eventSource = /* @__PURE__ */ keptOf(MessageEvent, 'source', 'get');
const setOnMessage = /* @__PURE__ */ keptOf(MessagePort, 'onmessage', 'set');
const stopImmediately = /* @__PURE__ */ keptOf(Event, 'stopImmediatePropagation');
/** navigator.userActivation and its isActive getter (absent in older browsers). */
const activity = /* @__PURE__ */ ((): { of: object; isActive: Kept } | undefined => {
  const of = navigator.userActivation;
  const isActive = of ? getOwnPropertyDescriptor(getPrototypeOf(of), 'isActive')?.get : undefined;
  return of && isActive ? { of, isActive: isActive as Kept } : undefined;
})();

/** A descriptor for defineProperty: no prototype, so the page's Object.prototype.get or .set is never read as one of its fields. */
const data = (value: unknown, enumerable = true, writable = true, configurable = true): PropertyDescriptor =>
  ({ __proto__: null, value, writable, enumerable, configurable }) as PropertyDescriptor;

// ── reading and making ──

/** An own data property, read through the kept built-ins: a getter, a Proxy's get and a prototype are never met. */
export const ownValue = (target: object, key: PropertyKey): unknown => {
  const descriptor = getOwnPropertyDescriptor(target, key);
  return descriptor && apply(hasOwnProperty, descriptor, ['value']) ? descriptor.value : undefined;
};

/** Whether `key` is `target`'s own (a Proxy's getOwnPropertyDescriptor trap runs). */
export const isOwn = (target: object, key: PropertyKey): boolean => getOwnPropertyDescriptor(target, key) !== undefined;

/**
 * An own property of an argument the page passed, read as its own code would (its getter or Proxy trap runs and may
 * throw: the caller refuses the call); undefined when it is not the object's own (nothing inherited is read).
 */
export const ownProperty = (target: object, key: string): unknown => (isOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined);

/** Appends `value` as a new own element: neither the page's push nor a setter it put on Array.prototype runs. */
export const append = <T>(list: T[], value: T): void => void defineProperty(list, list.length, data(value));

/** A new array of `list`'s elements from `start` to `end`: no iterator, slice or species of the page's. */
export function copy<T>(list: readonly T[], start = 0, end = list.length): T[] {
  const out: T[] = [];
  for (let i = start; i < end; i++) append(out, list[i]!);
  return out;
}

/** A new array of `list`'s elements but the one at `index`. */
export const without = <T>(list: readonly T[], index: number): T[] => {
  const out = copy(list, 0, index);
  for (let i = index + 1; i < list.length; i++) append(out, list[i]!);
  return out;
};

/** Kept for the page scripts' own use at call time. */
export { freeze, isArray, isFrozen };

// ── globals ──

/** Defines window[name] as page code cannot reassign or redefine; false, and nothing defined, when another script locked the name. */
export function lockGlobal(name: string, value: unknown): boolean {
  const taken = getOwnPropertyDescriptor(window, name);
  if (taken && !taken.configurable) return false;
  defineProperty(window, name, data(value, true, false, false));
  return true;
}

/**
 * Defines window[name] as UniSat's defineUnwritablePropertyIfPossible does (docs/reference/unisat.md §1.1): read-only
 * and non-configurable where the name is free (or writable and configurable); assigned where it is writable only;
 * left alone, with a console line, where another script made it read-only.
 */
export function defineUnwritable(name: string, value: unknown): void {
  const taken = getOwnPropertyDescriptor(window, name);
  if (!taken || (taken.writable && taken.configurable)) defineProperty(window, name, { __proto__: null, value, writable: false } as PropertyDescriptor);
  else if (taken.writable) (window as unknown as Record<string, unknown>)[name] = value;
  else warn(`[mock wallet] Failed to inject ${name}: another script made window.${name} read-only`);
}

// ── promises, errors, events, the console ──

/** The promise a page gets: the kept constructor's, settled by the executor's callbacks. */
export const promise = <T>(executor: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void): Promise<T> => new PromiseCtor<T>(executor);

/** A promise rejected with `reason`. */
export const rejected = (reason: unknown): Promise<never> => new PromiseCtor<never>((_, reject) => reject(reason));

/** An Error for the page, made with the kept constructor. */
export const errorOf = (message: string): Error => new ErrorCtor(message);

/** An Error for the page carrying `code` (enumerable) and, when given, its own `name` (not enumerable, as an Error's). */
export function pageError(message: string, code: unknown, name?: string): Error {
  const error = errorOf(message);
  if (name !== undefined) defineProperty(error, 'name', data(name, false));
  defineProperty(error, 'code', data(code));
  return error;
}

/** Dispatches `event` on `target`. */
export const fire = (target: EventTarget, event: Event): boolean => apply(dispatchEvent, target, [event]) === true;
/** A plain Event. */
export const plainEvent = (type: string): Event => new EventCtor(type);
/** A CustomEvent, carrying `detail` when given. */
export const customEvent = (type: string, detail?: unknown): CustomEvent =>
  detail === undefined ? new CustomEventCtor(type) : new CustomEventCtor(type, { __proto__: null, detail } as CustomEventInit);
/** Listens on `target`, in the capture phase when asked. */
export const listenOn = (target: EventTarget, type: string, listener: (event: Event) => void, capture = false): void =>
  void apply(addEventListener, target, [type, listener, capture]);

export const warn = (...args: unknown[]): void => void apply(consoleWarn, consoleObject, args);
export const report = (...args: unknown[]): void => void apply(consoleError, consoleObject, args);
/** A name as text: a symbol too (a template literal throws on one). */
export const nameOf = (value: unknown): string => StringCtor(value);

// ── the line to the relay ──

/** navigator.userActivation.isActive now, through the kept getter. */
export const userActivationNow = (): boolean => (activity ? apply(activity.isActive, activity.of, []) === true : false);

/** A fresh request id. */
export const requestId = (): string => apply(randomUUID, cryptoObject, []) as string;

/** An answer from the relay: its id and response, read as own data; undefined for anything else. */
export function answerIn(message: object): { id: string; response: RpcResponse } | undefined {
  const id = ownValue(message, 'id');
  const response = ownValue(message, 'response');
  return typeof id === 'string' && typeof response === 'object' && response !== null ? { id, response: response as RpcResponse } : undefined;
}

/**
 * A response's failure, read as own data: `'error' in response` is true for every success on a page that set
 * Object.prototype.error, and reading its code then throws. Undefined for a success.
 */
export function failureOf(response: RpcResponse): { code: number; message: string } | undefined {
  const error = ownValue(response, 'error');
  if (typeof error !== 'object' || error === null) return undefined;
  return { code: ownValue(error, 'code') as number, message: ownValue(error, 'message') as string };
}

/** One provider script's line to the relay. */
export interface Line {
  /** Sends one request (`params` already JSON: toJsonValue); `answer` gets the relay's envelope for it, once. */
  ask(id: string, method: JsonValue, params: JsonValue | undefined, answer: (response: RpcResponse) => void): void;
  /** Tells the relay, once, that the page listens for the wallet's events: they then reach the line's onEvent. */
  listen(): void;
}

/**
 * Opens a provider script's line: a MessagePort handed over in a window message that only this script sees (its
 * listener, registered before any page script, runs first and hides the message). `identity`: a wallet's own page
 * script, which asks the relay for its port; none: the contract's provider, whose port the relay posts unasked.
 * Requests sent before the port arrives wait in order. Each event message's event goes to `onEvent`.
 */
export function openLine(identity: IdentityName | undefined, onEvent?: (event: object) => void): Line {
  const handshake = identity === undefined ? HANDSHAKE : handshakeOf(identity);
  const waiting: Record<string, (response: RpcResponse) => void> = create(null);
  let port: MessagePort | undefined;
  let queued: (PageRequest | PageListen)[] = [];
  let listening = false;

  const send = (message: PageRequest | PageListen): void => {
    if (port) apply(postToPort, port, [message]);
    else append(queued, message);
  };
  const receive = (event: MessageEvent<unknown>): void => {
    // A structured clone from the relay: plain data, read as own.
    const message = apply(eventData, event, []);
    if (typeof message !== 'object' || message === null) return;
    const wallets = ownValue(message, 'event');
    if (typeof wallets === 'object' && wallets !== null) {
      if (onEvent) onEvent(wallets);
      return;
    }
    const answer = answerIn(message);
    const settle = answer && waiting[answer.id];
    if (!answer || !settle) return;
    delete waiting[answer.id];
    settle(answer.response);
  };
  listenOn(
    window,
    'message',
    (event) => {
      if (port || apply(eventSource, event, []) !== window) return;
      const ports = apply(eventPorts, event, []) as readonly MessagePort[];
      const message = apply(eventData, event, []);
      if (ports.length !== 1 || typeof message !== 'object' || message === null || ownValue(message, handshake) !== true) return;
      apply(stopImmediately, event, []);
      port = ownValue(ports, 0) as MessagePort;
      apply(setOnMessage, port, [receive]);
      for (let i = 0; i < queued.length; i++) apply(postToPort, port, [queued[i]]);
      queued = [];
    },
    true,
  );
  // Asks the relay for this port: it listens in its own world, synchronously, before any page script.
  if (identity !== undefined) fire(document, customEvent(helloOf(identity)));

  return {
    ask(id, method, params, answer) {
      waiting[id] = answer;
      const userActivation = userActivationNow();
      send(params === undefined ? { id, method, userActivation } : { id, method, params, userActivation });
    },
    listen() {
      if (listening) return;
      listening = true;
      send({ listen: true });
    },
  };
}

// ── events, as Node's EventEmitter ──

type Listener = (...args: unknown[]) => void;
type Entry = { fn: Listener; once: boolean };

/** Node's EventEmitter calls, as a provider object has them (UniSat's, and the wallets that copy its object). */
export interface EmitterMethods {
  on(name: unknown, fn: unknown): unknown;
  addListener(name: unknown, fn: unknown): unknown;
  prependListener(name: unknown, fn: unknown): unknown;
  once(name: unknown, fn: unknown): unknown;
  prependOnceListener(name: unknown, fn: unknown): unknown;
  off(name: unknown, fn: unknown): unknown;
  removeListener(name: unknown, fn: unknown): unknown;
  removeAllListeners(name?: unknown): unknown;
  emit(name: unknown, ...args: unknown[]): boolean;
  listeners(name: unknown): Listener[];
  listenerCount(name: unknown): number;
  setMaxListeners(n: unknown): unknown;
  getMaxListeners(): number;
}

/**
 * Node's EventEmitter calls over lists of listeners per event name, each list replaced, never changed in place, so
 * an emit calls the listeners there were when it began. `first` runs when a listener is first added (the line's
 * listen). `emit` is the page script's own: each listener called in order, a throw logged, never stopping the rest.
 */
export function eventEmitter(first: () => void): { methods: EmitterMethods; emit(name: string, args: readonly unknown[]): boolean } {
  let lists: Record<PropertyKey, readonly Entry[]> = create(null);
  let max = 100;
  const listOf = (name: unknown): readonly Entry[] | undefined => lists[name as PropertyKey];
  const add = (prepend: boolean, once: boolean) =>
    function (this: unknown, name: unknown, fn: unknown): unknown {
      if ((typeof name !== 'string' && typeof name !== 'symbol') || typeof fn !== 'function') {
        warn('[mock wallet] on(eventName, listener) needs a name and a function; nothing was registered');
        return this;
      }
      const entry: Entry = { fn: fn as Listener, once };
      const list = listOf(name) ?? [];
      const next: Entry[] = [];
      if (prepend) append(next, entry);
      for (let i = 0; i < list.length; i++) append(next, list[i]!);
      if (!prepend) append(next, entry);
      lists[name as PropertyKey] = next;
      if (next.length > max) warn(`[mock wallet] ${next.length} ${nameOf(name)} listeners: more than setMaxListeners(${max})`);
      first();
      return this;
    };
  /** Removes the last entry of `name` that `match` picks, as Node's removeListener does. */
  const drop = (name: unknown, match: (entry: Entry) => boolean): void => {
    const list = listOf(name);
    if (!list) return;
    for (let i = list.length - 1; i >= 0; i--) {
      if (match(list[i]!)) {
        lists[name as PropertyKey] = without(list, i);
        return;
      }
    }
  };
  const remove = function (this: unknown, name: unknown, fn: unknown): unknown {
    drop(name, (entry) => entry.fn === fn);
    return this;
  };
  const emit = (name: unknown, args: readonly unknown[]): boolean => {
    const list = listOf(name);
    if (!list || list.length === 0) return false;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      if (entry.once) drop(name, (other) => other === entry);
      try {
        apply(entry.fn, undefined, args);
      } catch (error) {
        warn(`[mock wallet] a ${nameOf(name)} listener threw:`, error);
      }
    }
    return true;
  };
  const methods: EmitterMethods = {
    on: add(false, false),
    addListener: add(false, false),
    prependListener: add(true, false),
    once: add(false, true),
    prependOnceListener: add(true, true),
    off: remove,
    removeListener: remove,
    removeAllListeners(this: unknown, name?: unknown) {
      if (name === undefined) lists = create(null);
      else delete lists[name as PropertyKey];
      return this;
    },
    emit: (name: unknown, ...args: unknown[]) => emit(name, args),
    listeners: (name: unknown) => {
      const list = listOf(name) ?? [];
      const fns: Listener[] = [];
      for (let i = 0; i < list.length; i++) append(fns, list[i]!.fn);
      return fns;
    },
    listenerCount: (name: unknown) => listOf(name)?.length ?? 0,
    setMaxListeners(this: unknown, n: unknown) {
      if (typeof n === 'number' && n >= 0) max = n;
      return this;
    },
    getMaxListeners: () => max,
  };
  return { methods, emit };
}
