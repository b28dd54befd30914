// What the wallet does with one JSON-RPC request, before any prompt.
import { isPlainRecord } from './json.ts';
import { METHODS, methodNamed } from './methods/index.ts';
import type { AnyMethod } from './methods/method.ts';
import { MAX_ID_LENGTH, MAX_METHOD_LENGTH, RPC_ERROR, RpcError } from './rpc.ts';

export { MAX_ID_LENGTH, MAX_METHOD_LENGTH };

/**
 * Methods the real wallet answers that this mock does not implement: 4002. Everything else
 * (getInfo, stx_getNetworks, stx_getAccounts, wallet_connect …) is -32601, as the real wallet answers.
 */
export const UNSUPPORTED_METHODS: readonly string[] = ['open', 'openSwap', 'stx_transferSip10Ft', 'stx_transferSip9Nft'];

export interface WalletRequest {
  id: string;
  method: string;
  params?: unknown;
}

/** The id of a request, or '' when even that is unusable (the reply still needs one). */
export function requestId(raw: unknown): string {
  return isPlainRecord(raw) && typeof raw['id'] === 'string' && raw['id'].length <= MAX_ID_LENGTH ? raw['id'] : '';
}

/** Checks the envelope. Throws RpcError -32600 with what is wrong. */
export function parseRequest(raw: unknown): WalletRequest {
  if (!isPlainRecord(raw)) throw new RpcError(RPC_ERROR.INVALID_REQUEST, 'request must be an object');
  const { id, method, params } = raw;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) {
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, `request id must be a non-empty string of at most ${MAX_ID_LENGTH} characters`);
  }
  if (typeof method !== 'string') {
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, `method must be a string, got ${method === null ? 'null' : typeof method}`);
  }
  if (method.length === 0 || method.length > MAX_METHOD_LENGTH) {
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, `method must be 1 to ${MAX_METHOD_LENGTH} characters long`);
  }
  return params === undefined ? { id, method } : { id, method, params };
}

/** The method a well-formed request names, or RpcError with the code a wallet would answer. */
export function findMethod(method: string): AnyMethod {
  const found = methodNamed(method);
  if (found) return found;
  if (UNSUPPORTED_METHODS.includes(method)) {
    throw new RpcError(RPC_ERROR.METHOD_NOT_SUPPORTED, `${method} is not supported by this mock wallet; it implements ${Object.keys(METHODS).join(', ')}`);
  }
  // The real wallet's words: the name in quotes, then where to look.
  throw new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `"${method.slice(0, 64)}" is not supported. Try running .request('supportedMethods') to see what this wallet supports; method "${method.slice(0, 64)}" does not exist here`);
}
