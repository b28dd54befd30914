// MAIN world, document_start: defines window.WalletProvider before any page script runs.
// It holds no secret and no control: it only carries requests to the relay and answers back.
import { toJsonValue } from '../../../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../../core/rpc.ts';
import { HANDSHAKE, type PageRequest } from '../../../shared/messages.ts';
import { PROVIDER_ID } from '../../../shared/picker.ts';
import { register } from './registration.ts';
import { answerIn, connectPort, ownValue, userActivationNow } from '../../../page/port.ts';

/** The implemented methods' names, written in by the build (the method table stays out of this bundle). */
declare const __METHOD_NAMES__: string[];

// Page code may later replace any of these built-ins; keep the originals.
const PromiseCtor = Promise;
const { freeze, defineProperty, create } = Object;
const randomUUID = crypto.randomUUID.bind(crypto);

type Settle = { resolve: (r: RpcResponse) => void; reject: (r: RpcResponse) => void };
const waiting: Record<string, Settle> = create(null);

function receive(data: object): void {
  const { id, response } = answerIn(data) ?? {};
  const settle = id === undefined ? undefined : waiting[id];
  if (!settle || !response) return;
  delete waiting[id!];
  if (ownValue(response, 'error') !== undefined) settle.reject(response);
  else settle.resolve(response);
}

// The relay hands over a private port in the first window message. Its listener is registered
// before any page script, so it runs first and hides the port from them.
const send = connectPort(HANDSHAKE, receive);

function request(methodOrRequest: unknown, params?: unknown): Promise<RpcResponse> {
  const id = randomUUID();
  // biome-ignore lint/complexity/noArguments: request(method) and request(method, undefined) are told apart, as the real provider does
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
      reject(
        rpcFailure(id, RPC_ERROR.INVALID_REQUEST, 'the request object could not be read (a getter or proxy threw); call request("getAddresses", params?)'),
      );
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
    const userActivation = userActivationNow();
    const message: PageRequest =
      safeParams.value === undefined
        ? { id, method: safeMethod.value, userActivation }
        : { id, method: safeMethod.value, params: safeParams.value, userActivation };
    send(message);
  });
}

// isLeather: as the real wallet; @stacks/connect then sends the real wallet's parameter shapes.
const provider = freeze({ request: freeze(request), isLeather: true });
defineProperty(window, PROVIDER_ID, { value: provider, writable: false, configurable: false, enumerable: true });
register(__METHOD_NAMES__);
