// MAIN world, document_start: defines window.WalletProvider before any page script runs.
// It holds no secret and no control: it only carries requests to the relay and answers back.
import { toJsonValue } from '../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../core/rpc.ts';
import { HANDSHAKE, type PageRequest, type PageResponse } from '../shared/messages.ts';
import { PROVIDER_ID } from '../shared/picker.ts';
import { register } from './registration.ts';

/** The implemented methods' names, written in by the build (the method table stays out of this bundle). */
declare const __METHOD_NAMES__: string[];

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const { apply } = Reflect;
const { freeze, defineProperty, create, getPrototypeOf, getOwnPropertyDescriptor } = Object;
const hasOwnProperty = Object.prototype.hasOwnProperty;
const randomUUID = crypto.randomUUID.bind(crypto);
const postToPort = MessagePort.prototype.postMessage;
// The handshake and every answer are read through these, saved before any page script runs:
// a page that redefines the accessors in <head> sees nothing and takes nothing.
const accessor = (proto: object, name: string, kind: 'get' | 'set'): ((...args: unknown[]) => unknown) =>
  Object.getOwnPropertyDescriptor(proto, name)![kind] as (...args: unknown[]) => unknown;
const eventData = accessor(MessageEvent.prototype, 'data', 'get');
const eventPorts = accessor(MessageEvent.prototype, 'ports', 'get');
const eventSource = accessor(MessageEvent.prototype, 'source', 'get');
const setOnMessage = accessor(MessagePort.prototype, 'onmessage', 'set');
const stopImmediately = Event.prototype.stopImmediatePropagation;
// Through the saved built-ins: a page that replaces Object.getOwnPropertyDescriptor or
// hasOwnProperty later cannot rewrite or swallow the answers it gets.
const ownValue = (target: object, key: string): unknown => {
  const descriptor = getOwnPropertyDescriptor(target, key);
  return descriptor && apply(hasOwnProperty, descriptor, ['value']) ? descriptor.value : undefined;
};
const activation = navigator.userActivation;
const isActive = activation ? Object.getOwnPropertyDescriptor(getPrototypeOf(activation), 'isActive')?.get : undefined;

type Settle = { resolve: (r: RpcResponse) => void; reject: (r: RpcResponse) => void };
const waiting: Record<string, Settle> = create(null);
let port: MessagePort | undefined;
let queued: PageRequest[] = [];

function send(message: PageRequest): void {
  if (port) apply(postToPort, port, [message]);
  // Neither push nor an index assignment: the page may have replaced one or hooked the other.
  else defineProperty(queued, queued.length, { __proto__: null, value: message, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
}

function receive(event: MessageEvent<unknown>): void {
  // A structured clone from the relay: plain own data, read without the page's prototypes.
  const data = apply(eventData, event, []) as PageResponse | null;
  if (typeof data !== 'object' || data === null) return;
  const id = ownValue(data, 'id');
  const response = ownValue(data, 'response') as RpcResponse | undefined;
  if (typeof id !== 'string' || typeof response !== 'object' || response === null) return;
  const settle = waiting[id];
  if (!settle) return;
  delete waiting[id];
  if (ownValue(response, 'error') !== undefined) settle.reject(response);
  else settle.resolve(response);
}

// The relay hands over a private port in the first window message. This listener
// is registered before any page script, so it runs first and hides the port from them.
addEventListener(
  'message',
  (event: MessageEvent<unknown>) => {
    if (port || apply(eventSource, event, []) !== window) return;
    const ports = apply(eventPorts, event, []) as readonly MessagePort[];
    const data = apply(eventData, event, []) as Record<string, unknown> | null;
    if (ports.length !== 1 || typeof data !== 'object' || data === null || ownValue(data, HANDSHAKE) !== true) return;
    apply(stopImmediately, event, []);
    port = ports[0]!;
    apply(setOnMessage, port, [receive]);
    for (let i = 0; i < queued.length; i++) apply(postToPort, port, [queued[i]]);
    queued = [];
  },
  true,
);

function request(methodOrRequest: unknown, params?: unknown): Promise<RpcResponse> {
  const id = randomUUID();
  const single = arguments.length === 1;
  return new PromiseCtor<RpcResponse>((resolve, reject) => {
    let method = methodOrRequest;
    // Some clients send a single { method, params } object. Reading it may run page code
    // (a getter, a Proxy trap) that throws: that is a rejected promise, never a throw.
    try {
      if (single && typeof methodOrRequest === 'object' && methodOrRequest !== null && 'method' in methodOrRequest) {
        method = (methodOrRequest as { method: unknown }).method;
        params = (methodOrRequest as { params?: unknown }).params;
      }
    } catch {
      reject(rpcFailure(id, RPC_ERROR.INVALID_REQUEST, 'the request object could not be read (a getter or proxy threw); call request("getAddresses", params?)'));
      return;
    }
    const safeMethod = toJsonValue(method, undefined, 'method');
    if (!safeMethod.ok || safeMethod.value === undefined) {
      const why = safeMethod.ok ? 'is missing' : safeMethod.reason;
      reject(rpcFailure(id, RPC_ERROR.INVALID_REQUEST, `method ${why}; call request("getAddresses", params?)`));
      return;
    }
    const safeParams = toJsonValue(params, undefined, 'params');
    if (!safeParams.ok) {
      reject(rpcFailure(id, RPC_ERROR.INVALID_PARAMS, `${safeParams.path} ${safeParams.reason}`));
      return;
    }
    waiting[id] = { resolve, reject };
    // Literals only: an assignment could meet a setter the page put on Object.prototype.
    const userActivation = isActive ? apply(isActive, activation, []) === true : false;
    const message: PageRequest = safeParams.value === undefined ? { id, method: safeMethod.value, userActivation } : { id, method: safeMethod.value, params: safeParams.value, userActivation };
    send(message);
  });
}

// isLeather: as the real wallet; @stacks/connect then sends the real wallet's parameter shapes.
const provider = freeze({ request: freeze(request), isLeather: true });
defineProperty(window, PROVIDER_ID, { value: provider, writable: false, configurable: false, enumerable: true });
register(__METHOD_NAMES__);
