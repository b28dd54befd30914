// MAIN world, document_start: defines window.WalletProvider before any page script runs.
// It holds no secret and no control: it only carries requests to the relay and answers back,
// on the page runtime (src/page/runtime.ts) that every wallet's page script shares.
import { toJsonValue } from '../../../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../../core/rpc.ts';
import { PROVIDER_ID } from '../../../shared/picker.ts';
import { register } from './registration.ts';
import { freeze, isOwn, lockGlobal, openLine, ownProperty, ownValue, promise, requestId } from '../../../page/runtime.ts';

/** The implemented methods' names, written in by the build (the method table stays out of this bundle). */
declare const __METHOD_NAMES__: string[];

// The relay hands over a private port in the first window message: the line's listener is registered
// before any page script, so it runs first and hides the port from them.
const line = openLine(undefined);

function request(methodOrRequest: unknown, params?: unknown): Promise<RpcResponse> {
  const id = requestId();
  // biome-ignore lint/complexity/noArguments: request(method) and request(method, undefined) are told apart, as the real provider does
  const single = arguments.length === 1;
  return promise<RpcResponse>((resolve, reject) => {
    let method = methodOrRequest;
    // Some clients send a single { method, params } object: its own fields only. Reading them may run page code
    // (a getter, a Proxy trap) that throws: that is a rejected promise, never a throw.
    try {
      if (single && typeof methodOrRequest === 'object' && methodOrRequest !== null && isOwn(methodOrRequest, 'method')) {
        method = ownProperty(methodOrRequest, 'method');
        params = ownProperty(methodOrRequest, 'params');
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
    // The envelope either way: resolved with a result, rejected with an error.
    line.ask(id, safeMethod.value, safeParams.value, (response) => (ownValue(response, 'error') !== undefined ? reject(response) : resolve(response)));
  });
}

// isLeather: as the real wallet; @stacks/connect then sends the real wallet's parameter shapes.
lockGlobal(PROVIDER_ID, freeze({ request: freeze(request), isLeather: true }));
register(__METHOD_NAMES__);
