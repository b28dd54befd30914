// What the wallet does with one JSON-RPC request, before any prompt.
import { isPlainRecord } from './json.ts';
import { METHODS, methodNamed } from './methods/index.ts';
import type { AnyMethod } from './methods/method.ts';
import { RPC_ERROR, RpcError } from './rpc.ts';

export const MAX_ID_LENGTH = 128;
export const MAX_METHOD_LENGTH = 128;

/** Methods real Bitcoin/Stacks wallets answer that this mock does not implement. */
export const UNSUPPORTED_METHODS: readonly string[] = [
  'getInfo',
  'getBalance',
  'open',
  'openSwap',
  'supportedMethods',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_requestPermissions',
  'wallet_renouncePermissions',
  'wallet_getNetwork',
  'wallet_changeNetwork',
];

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
  if (UNSUPPORTED_METHODS.includes(method) || method.startsWith('stx_')) {
    throw new RpcError(RPC_ERROR.METHOD_NOT_SUPPORTED, `${method} is not supported by this mock wallet; it implements ${Object.keys(METHODS).join(', ')}`);
  }
  throw new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `method "${method.slice(0, 64)}" does not exist`);
}
