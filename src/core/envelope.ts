// A JSON-RPC request's envelope (id, method, params): checked alike by the page's relay and the wallet.
import { isPlainRecord } from './json.ts';
import { RPC_ERROR, RpcError } from './rpc.ts';

/** How long a request's id and method name may be: names, not data. */
export const MAX_ID_LENGTH = 128;
export const MAX_METHOD_LENGTH = 128;

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
