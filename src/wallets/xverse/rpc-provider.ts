// Xverse's JSON-RPC provider as its in-page script builds it (docs/reference/xverse.md §2): request() that
// always resolves with the envelope, addListener in both calling forms, over this identity's relay line
// (src/page/runtime.ts). Xverse's page script mounts it at XverseProviders.BitcoinProvider; Fordefi's, the
// same API, at FordefiProviders.UtxoProvider.
import type { IdentityName } from '../../core/choices.ts';
import { toJsonValue } from '../../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import { append, copy, openLine, ownValue, promise, requestId, warn, without } from '../../page/runtime.ts';

type Listener = (event: unknown) => void;

/** request() and addListener() for `identity`, and `ask`, the request with its envelope handed to a callback. */
export function xverseRpcProvider(identity: IdentityName): {
  ask(method: unknown, params: unknown, answer: (response: RpcResponse) => void): void;
  request(method: unknown, params?: unknown): Promise<RpcResponse>;
  addListener(nameOrInfo: unknown, callback?: unknown): () => void;
} {
  // Each event name's listeners, a list replaced on every change: an event calls those there were when it came.
  const listeners: Record<string, readonly Listener[]> = Object.create(null);

  const line = openLine(identity, (event) => {
    const type = ownValue(event, 'type');
    const list = typeof type === 'string' ? listeners[type] : undefined;
    if (!list) return;
    for (let i = 0; i < list.length; i++) {
      try {
        list[i]!(event);
      } catch (error) {
        warn('[mock wallet] an Xverse event listener threw:', error);
      }
    }
  });

  /** The method and params checked (JSON within the limits), then sent; `answer` gets the envelope either way. */
  function ask(method: unknown, params: unknown, answer: (response: RpcResponse) => void): void {
    const id = requestId();
    const safeMethod = toJsonValue(method, undefined, 'method');
    if (!safeMethod.ok || typeof safeMethod.value !== 'string') {
      answer(
        rpcFailure(id, RPC_ERROR.INVALID_REQUEST, `method must be a string such as "getAddresses", got ${safeMethod.ok ? typeof method : safeMethod.reason}`),
      );
      return;
    }
    const safeParams = toJsonValue(params, undefined, 'params');
    if (!safeParams.ok) {
      answer(rpcFailure(id, RPC_ERROR.INVALID_PARAMS, `${safeParams.path} ${safeParams.reason}`));
      return;
    }
    line.ask(id, safeMethod.value, safeParams.value, answer);
  }

  // Xverse's request() never rejects: success or error alike, the envelope.
  const request = (method: unknown, params?: unknown): Promise<RpcResponse> => promise<RpcResponse>((resolve) => ask(method, params, resolve));

  /** Both calling forms (docs/reference/xverse.md §8.1): addListener(eventName, cb) as Xverse's code, addListener({ eventName, cb }) as sats-connect sends. */
  function addListener(nameOrInfo: unknown, callback?: unknown): () => void {
    let name: unknown = nameOrInfo;
    let cb: unknown = callback;
    if (typeof nameOrInfo === 'object' && nameOrInfo !== null) {
      try {
        name = ownValue(nameOrInfo, 'eventName');
        cb = ownValue(nameOrInfo, 'cb');
      } catch {
        name = undefined; // a Proxy whose trap threw
      }
    }
    if (typeof name !== 'string' || typeof cb !== 'function') {
      warn('[mock wallet] Xverse addListener needs (eventName, callback) or ({ eventName, cb }); nothing was registered');
      return () => undefined;
    }
    const type = name;
    const listener = cb as Listener;
    const list = listeners[type] ?? [];
    const next = copy(list);
    append(next, listener);
    listeners[type] = next;
    // The first listener: the wallet notes this frame as one that hears Xverse's events (the line asks once).
    line.listen();
    return () => {
      const current = listeners[type] ?? [];
      for (let i = 0; i < current.length; i++) {
        if (current[i] === listener) {
          listeners[type] = without(current, i);
          return;
        }
      }
    };
  }

  return { ask, request, addListener };
}
