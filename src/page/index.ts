// MAIN world, document_start: defines window.WalletProvider before any page script runs.
// It holds no secret and no control: it only carries requests to the relay and answers back.
import { toJsonValue } from '../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../core/rpc.ts';
import { HANDSHAKE, type PageRequest, type PageResponse } from '../shared/messages.ts';

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const { apply } = Reflect;
const { freeze, defineProperty, create, getPrototypeOf } = Object;
const randomUUID = crypto.randomUUID.bind(crypto);
const postToPort = MessagePort.prototype.postMessage;
const activation = navigator.userActivation;
const isActive = activation ? Object.getOwnPropertyDescriptor(getPrototypeOf(activation), 'isActive')?.get : undefined;

type Settle = { resolve: (r: RpcResponse) => void; reject: (r: RpcResponse) => void };
const waiting: Record<string, Settle> = create(null);
let port: MessagePort | undefined;
let queued: PageRequest[] = [];

function send(message: PageRequest): void {
  if (port) apply(postToPort, port, [message]);
  else queued[queued.length] = message; // no Array.prototype.push: the page may have replaced it
}

function receive(event: MessageEvent<unknown>): void {
  const data = event.data as PageResponse | null;
  if (typeof data !== 'object' || data === null || typeof data.id !== 'string') return;
  const settle = waiting[data.id];
  if (!settle) return;
  delete waiting[data.id];
  if ('error' in data.response) settle.reject(data.response);
  else settle.resolve(data.response);
}

// The relay hands over a private port in the first window message. This listener
// is registered before any page script, so it runs first and hides the port from them.
addEventListener(
  'message',
  (event: MessageEvent<unknown>) => {
    if (port || event.source !== window || event.ports.length !== 1) return;
    const data = event.data as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null || data[HANDSHAKE] !== true) return;
    event.stopImmediatePropagation();
    port = event.ports[0]!;
    port.onmessage = receive;
    for (let i = 0; i < queued.length; i++) apply(postToPort, port, [queued[i]]);
    queued = [];
  },
  true,
);

function request(methodOrRequest: unknown, params?: unknown): Promise<RpcResponse> {
  let method = methodOrRequest;
  // Some clients send a single { method, params } object.
  if (arguments.length === 1 && typeof methodOrRequest === 'object' && methodOrRequest !== null && 'method' in methodOrRequest) {
    method = (methodOrRequest as { method: unknown }).method;
    params = (methodOrRequest as { params?: unknown }).params;
  }
  const id = randomUUID();
  return new PromiseCtor<RpcResponse>((resolve, reject) => {
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
    const message: PageRequest = { id, method: safeMethod.value, userActivation: isActive ? apply(isActive, activation, []) === true : false };
    if (safeParams.value !== undefined) message.params = safeParams.value;
    send(message);
  });
}

const provider = freeze({ request: freeze(request) });
defineProperty(window, 'WalletProvider', { value: provider, writable: false, configurable: false, enumerable: true });
