// MAIN world, document_start, registered only while the `identities` setting lists 'xverse': defines Xverse's
// providers as Xverse's in-page script does (docs/reference/xverse.md §1.1, docs/reference/xverse.md §2, docs/reference/xverse.md §2.4). Like window.WalletProvider it
// holds no secret and no control; unlike it, request() always resolves with the envelope, as Xverse's does.
import { toJsonValue } from '../../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import { handshakeOf, helloOf, type PageRequest } from '../../shared/messages.ts';
import { XVERSE_PROVIDER_INFO } from './provider-info.ts';
import { answerIn, connectPort, ownValue, userActivationNow } from '../../page/port.ts';

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const PromiseReject = Promise.reject.bind(Promise);
const ErrorCtor = Error;
const { freeze, defineProperty, create, getOwnPropertyDescriptor } = Object;
const { apply } = Reflect;
const { isArray } = Array;
const arrayPush = Array.prototype.push;
const randomUUID = crypto.randomUUID.bind(crypto);
const dispatch = EventTarget.prototype.dispatchEvent;
const CustomEventCtor = CustomEvent;
const warn = console.warn.bind(console);

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

const send = connectPort(handshakeOf('xverse'), receive);
// Ask the relay for this port: it listens in its own world, synchronously, before any page script.
apply(dispatch, document, [new CustomEventCtor(helloOf('xverse'))]);

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

/** sats-connect v1's JWT methods (docs/reference/xverse.md §2.5): present, because @stacks/connect recognises Xverse by two of them; not implemented. */
const legacy = (name: string) =>
  freeze(function legacyMethod(): Promise<never> {
    return PromiseReject(new ErrorCtor(`${name}: sats-connect v1 (JWT) methods are not implemented by this mock wallet; use request()`));
  });

const BitcoinProvider = freeze({
  request: freeze(request),
  addListener: freeze(addListener),
  connect: legacy('connect'),
  signTransaction: legacy('signTransaction'),
  signMultipleTransactions: legacy('signMultipleTransactions'),
  signMessage: legacy('signMessage'),
  sendBtcTransaction: legacy('sendBtcTransaction'),
  createInscription: legacy('createInscription'),
  createRepeatInscriptions: legacy('createRepeatInscriptions'),
});

const StacksProvider = freeze({
  getURL: legacy('getURL'),
  structuredDataSignatureRequest: legacy('structuredDataSignatureRequest'),
  signatureRequest: legacy('signatureRequest'),
  authenticationRequest: legacy('authenticationRequest'),
  transactionRequest: legacy('transactionRequest'),
  getProductInfo: freeze(() => freeze({ version: XVERSE_PROVIDER_INFO.version, name: 'Xverse Wallet' })),
  // As Xverse's: its legacy Stacks provider has no JSON-RPC.
  request: freeze(() => {
    throw new ErrorCtor('`request` function is not implemented');
  }),
});

/**
 * Defines a name page code cannot reassign or redefine. A name another script already locked is left
 * as it is, as Xverse's own assignment would be ignored: silently for StacksProvider, which the
 * Leather-shaped alias (exposeAs) takes first by design, with a console line for the others.
 */
function lock(name: string, value: unknown): void {
  const taken = getOwnPropertyDescriptor(window, name);
  if (taken && !taken.configurable) {
    if (name !== 'StacksProvider') warn(`[mock wallet] window.${name} was not defined for Xverse: another script locked that name`);
    return;
  }
  defineProperty(window, name, { value, writable: false, configurable: false, enumerable: true });
}

lock('XverseProviders', freeze({ BitcoinProvider, StacksProvider }));
lock('BitcoinProvider', BitcoinProvider);
lock('StacksProvider', StacksProvider);

// Xverse's entry in btc_providers (no isXverse flag, no isLeather: @stacks/connect duck-types it).
const registry = getOwnPropertyDescriptor(window, 'btc_providers');
if (!registry) defineProperty(window, 'btc_providers', { value: [], writable: true, configurable: true, enumerable: true });
const list: unknown = (window as unknown as Record<string, unknown>)['btc_providers'];
if (isArray(list)) apply(arrayPush, list, [freeze({ ...XVERSE_PROVIDER_INFO.entry, methods: freeze([...XVERSE_PROVIDER_INFO.entry.methods]) })]);
