// A UniSat-shaped provider for a page script (docs/reference/unisat.md §1.1, §2): methods taking
// positional arguments, resolving with the bare result and rejecting with a plain { code, message }
// object, and Node's EventEmitter calls for its events. Built over the page script's port; OKX's
// providers are the same object with a few more methods (docs/reference/okx.md).
import { toJsonValue } from '../../core/json.ts';
import type { RpcResponse } from '../../core/rpc.ts';
import type { PageListen, PageRequest } from '../../shared/messages.ts';
import { answerIn, failureOf, ownValue, userActivationNow } from '../../page/port.ts';
import { UNISAT_ERROR } from './words.ts';

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const { create } = Object;
const { apply } = Reflect;
const { isArray } = Array;
const arrayPush = Array.prototype.push;
const arraySlice = Array.prototype.slice;
const arrayIndexOf = Array.prototype.indexOf;
const arraySplice = Array.prototype.splice;
const randomUUID = crypto.randomUUID.bind(crypto);
const warn = console.warn.bind(console);

type Listener = (...args: unknown[]) => void;
/** What a UniSat-shaped promise rejects with: never an Error, as eth-rpc-errors' serializeError gives it. */
export interface ProviderError {
  code: number;
  message: string;
}

export interface ProviderLine {
  send(message: PageRequest | PageListen): void;
  /** Calls the line's receive with each message from the relay. */
  onReceive(receive: (data: object) => void): void;
}

/**
 * The request and event plumbing one page script shares among its providers: `call` sends a method
 * with its arguments and settles as UniSat's promises do; events go to every emitter made here.
 */
export function providerLine(line: ProviderLine) {
  const waiting: Record<string, (response: RpcResponse) => void> = create(null);
  const emitters: ((type: string, payload: unknown, event: object) => void)[] = [];
  let listenSent = false;

  line.onReceive((data) => {
    const event = ownValue(data, 'event');
    if (typeof event === 'object' && event !== null) {
      const type = ownValue(event, 'type');
      if (typeof type === 'string') for (const emit of emitters) emit(type, ownValue(event, 'payload'), event);
      return;
    }
    const { id, response } = answerIn(data) ?? {};
    const settle = id === undefined ? undefined : waiting[id];
    if (!settle || !response) return;
    delete waiting[id!];
    settle(response);
  });

  /** One request; its envelope as the relay answered. */
  const request = (method: string, args: readonly unknown[]): Promise<RpcResponse> =>
    new PromiseCtor<RpcResponse>((resolve) => {
      const id = randomUUID();
      // JSON has no undefined: trailing ones go (an omitted argument), inner ones become null.
      let end = args.length;
      while (end > 0 && args[end - 1] === undefined) end--;
      const safe = toJsonValue(apply(arraySlice, args, [0, end]), undefined, 'arguments');
      if (!safe.ok) {
        resolve({ jsonrpc: '2.0', id, error: { code: -32603, message: `${safe.path} ${safe.reason}` } });
        return;
      }
      waiting[id] = resolve;
      line.send(
        safe.value === undefined || (isArray(safe.value) && safe.value.length === 0)
          ? { id, method, userActivation: userActivationNow() }
          : { id, method, params: safe.value, userActivation: userActivationNow() },
      );
    });

  /** The bare result, or a rejection with a plain { code, message }. */
  const settled = (response: RpcResponse): Promise<unknown> => {
    const failure = failureOf(response);
    return failure ? PromiseCtor.reject(failure satisfies ProviderError) : PromiseCtor.resolve(ownValue(response, 'result'));
  };

  /**
   * A method: `connect` names the wallet's connect method. A site not connected yet is answered 4100,
   * and then, as UniSat's own flow does, the connect window opens first and the call follows. Without
   * `connect` (a wallet that refuses such a call), the 4100 is the answer.
   */
  const call = async (method: string, args: readonly unknown[], connect?: string): Promise<unknown> => {
    let response = await request(method, args);
    if (connect !== undefined && failureOf(response)?.code === UNISAT_ERROR.UNAUTHORIZED && method !== connect) {
      const connected = await request(connect, []);
      if (failureOf(connected)) return settled(connected);
      response = await request(method, args);
    }
    return settled(response);
  };

  /**
   * Node's EventEmitter calls, over a list of listeners per event name; the relay is told once that this
   * page listens. `accepts` sees each event first (its payload, and the whole event as the wallet sent it).
   */
  const emitter = (accepts?: (type: string, payload: unknown, event: object) => boolean) => {
    const listeners: Record<string, { fn: Listener; once: boolean }[]> = create(null);
    let max = 100;
    const add = (prepend: boolean, once: boolean) =>
      function (this: unknown, name: unknown, fn: unknown) {
        if ((typeof name !== 'string' && typeof name !== 'symbol') || typeof fn !== 'function') {
          warn('[mock wallet] on(eventName, listener) needs a name and a function; nothing was registered');
          return this;
        }
        const list = (listeners[name as string] ??= []);
        if (prepend) apply(arraySplice, list, [0, 0, { fn, once }]);
        else apply(arrayPush, list, [{ fn, once }]);
        if (list.length > max) warn(`[mock wallet] ${list.length} ${String(name)} listeners: more than setMaxListeners(${max})`);
        if (!listenSent) {
          listenSent = true;
          line.send({ listen: true });
        }
        return this;
      };
    const remove = function (this: unknown, name: unknown, fn: unknown) {
      const list = listeners[name as string];
      if (!list) return this;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i]!.fn === fn) {
          apply(arraySplice, list, [i, 1]);
          break;
        }
      }
      return this;
    };
    const emit = (type: string, ...payload: unknown[]): boolean => {
      const list = listeners[type];
      if (!list || list.length === 0) return false;
      for (const entry of apply(arraySlice, list, []) as typeof list) {
        if (entry.once) apply(arraySplice, list, [apply(arrayIndexOf, list, [entry]), 1]);
        try {
          apply(entry.fn, undefined, payload);
        } catch (error) {
          warn(`[mock wallet] a ${type} listener threw:`, error);
        }
      }
      return true;
    };
    apply(arrayPush, emitters, [(type: string, payload: unknown, event: object) => void ((accepts?.(type, payload, event) ?? true) && emit(type, payload))]);
    return {
      on: add(false, false),
      addListener: add(false, false),
      prependListener: add(true, false),
      once: add(false, true),
      prependOnceListener: add(true, true),
      off: remove,
      removeListener: remove,
      removeAllListeners(this: unknown, name?: unknown) {
        if (name === undefined) for (const key of Object.keys(listeners)) delete listeners[key];
        else delete listeners[name as string];
        return this;
      },
      emit: (name: unknown, ...args: unknown[]) => emit(name as string, ...args),
      listeners: (name: unknown) => (listeners[name as string] ?? []).map((entry) => entry.fn),
      listenerCount: (name: unknown) => listeners[name as string]?.length ?? 0,
      setMaxListeners(this: unknown, n: unknown) {
        if (typeof n === 'number' && n >= 0) max = n;
        return this;
      },
      getMaxListeners: () => max,
      /** For the page script: an event it raises itself (UniSat's own page does, after requestAccounts). */
      local: emit,
    };
  };

  return { call, emitter };
}

/**
 * Defines window[name] as UniSat's defineUnwritablePropertyIfPossible does: read-only and
 * non-configurable where the name is free (or writable and configurable); assigned where it is
 * writable only; left alone, with a console line, where another script made it read-only.
 */
export function defineUnwritable(name: string, value: unknown): void {
  const taken = Object.getOwnPropertyDescriptor(window, name);
  if (!taken || (taken.writable && taken.configurable)) Object.defineProperty(window, name, { value, writable: false });
  else if (taken.writable) (window as unknown as Record<string, unknown>)[name] = value;
  else warn(`[mock wallet] Failed to inject ${name}: another script made window.${name} read-only`);
}
