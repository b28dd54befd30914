// Xverse's JSON-RPC provider as its in-page script builds it (docs/reference/xverse.md §2): request() that
// always resolves with the envelope, addListener in both calling forms, over this identity's relay port.
// Xverse's page script mounts it at XverseProviders.BitcoinProvider; Fordefi's, the same API, at
// FordefiProviders.UtxoProvider.
import type { IdentityName } from '../../core/choices.ts';
import { toJsonValue } from '../../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import { handshakeOf, helloOf, type PageRequest } from '../../shared/messages.ts';
import { answerIn, connectPort, ownValue, userActivationNow } from '../../page/port.ts';

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const { create, getOwnPropertyDescriptor } = Object;
const { apply } = Reflect;
const arrayPush = Array.prototype.push;
const randomUUID = crypto.randomUUID.bind(crypto);
const dispatch = EventTarget.prototype.dispatchEvent;
const CustomEventCtor = CustomEvent;
const warn = console.warn.bind(console);

/** request() and addListener() for `identity`, talking to the wallet over its own port. */
export function xverseRpcProvider(identity: IdentityName): {
  request(method: unknown, params?: unknown): Promise<RpcResponse>;
  addListener(nameOrInfo: unknown, callback?: unknown): () => void;
} {
  const waiting: Record<string, (response: RpcResponse) => void> = create(null);
  type Listener = (event: unknown) => void;
  const listeners: Record<string, Listener[]> = create(null);
  let listenSent = false;

  function receive(data: object): void {
    const event = ownValue(data, 'event') as Record<string, unknown> | undefined;
    if (typeof event === 'object' && event !== null) {
      const type = ownValue(event, 'type');
      if (typeof type !== 'string') return;
      // A copy per call: a listener that removes itself does not skip the next one.
      for (const listener of [...(listeners[type] ?? [])]) {
        try {
          listener(event);
        } catch (error) {
          warn('[mock wallet] an Xverse event listener threw:', error);
        }
      }
      return;
    }
    const { id, response } = answerIn(data) ?? {};
    const settle = id === undefined ? undefined : waiting[id];
    if (!settle || !response) return;
    delete waiting[id!];
    settle(response); // success or error alike: Xverse's request() never rejects
  }

  const send = connectPort(handshakeOf(identity), receive);
  // Ask the relay for this port: it listens in its own world, synchronously, before any page script.
  apply(dispatch, document, [new CustomEventCtor(helloOf(identity))]);

  function request(method: unknown, params?: unknown): Promise<RpcResponse> {
    const id = randomUUID();
    return new PromiseCtor<RpcResponse>((resolve) => {
      const safeMethod = toJsonValue(method, undefined, 'method');
      if (!safeMethod.ok || typeof safeMethod.value !== 'string') {
        resolve(
          rpcFailure(id, RPC_ERROR.INVALID_REQUEST, `method must be a string such as "getAddresses", got ${safeMethod.ok ? typeof method : safeMethod.reason}`),
        );
        return;
      }
      const safeParams = toJsonValue(params, undefined, 'params');
      if (!safeParams.ok) {
        resolve(rpcFailure(id, RPC_ERROR.INVALID_PARAMS, `${safeParams.path} ${safeParams.reason}`));
        return;
      }
      waiting[id] = resolve;
      const userActivation = userActivationNow();
      const message: PageRequest =
        safeParams.value === undefined
          ? { id, method: safeMethod.value, userActivation }
          : { id, method: safeMethod.value, params: safeParams.value, userActivation };
      send(message);
    });
  }

  /** Both calling forms (docs/reference/xverse.md §8.1): addListener(eventName, cb) as Xverse's code, addListener({ eventName, cb }) as sats-connect sends. */
  function addListener(nameOrInfo: unknown, callback?: unknown): () => void {
    let name: unknown = nameOrInfo;
    let cb: unknown = callback;
    if (typeof nameOrInfo === 'object' && nameOrInfo !== null) {
      const read = (key: string): unknown => {
        const descriptor = getOwnPropertyDescriptor(nameOrInfo, key);
        return descriptor && 'value' in descriptor ? descriptor.value : undefined;
      };
      name = read('eventName');
      cb = read('cb');
    }
    if (typeof name !== 'string' || typeof cb !== 'function') {
      warn('[mock wallet] Xverse addListener needs (eventName, callback) or ({ eventName, cb }); nothing was registered');
      return () => undefined;
    }
    const list = (listeners[name] ??= []);
    const listener = cb as Listener;
    apply(arrayPush, list, [listener]);
    // The first listener: the wallet notes this frame as one that hears Xverse's events (its relay asks once).
    if (!listenSent) {
      listenSent = true;
      send({ listen: true });
    }
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  return { request, addListener };
}
