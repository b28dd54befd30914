// JSON-RPC 2.0 envelopes and the error codes Bitcoin/Stacks wallets use.
import type { JsonValue } from './json.ts';

export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
  USER_REJECTED: 4001,
  METHOD_NOT_SUPPORTED: 4002,
  PERMISSION_DENIED: 7,
  UNAUTHENTICATED: 16,
} as const;
export type RpcErrorCode = (typeof RPC_ERROR)[keyof typeof RPC_ERROR];

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: JsonValue;
}

export interface RpcSuccess<T> {
  jsonrpc: '2.0';
  id: string;
  result: T;
}

export interface RpcFailure {
  jsonrpc: '2.0';
  id: string;
  error: RpcErrorObject;
}

export type RpcResponse<T = unknown> = RpcSuccess<T> | RpcFailure;

export function rpcSuccess<T>(id: string, result: T): RpcSuccess<T> {
  return { jsonrpc: '2.0', id, result };
}

export function rpcFailure(id: string, code: number, message: string, data?: JsonValue): RpcFailure {
  const error: RpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

export function isRpcFailure(response: RpcResponse): response is RpcFailure {
  return 'error' in response;
}

/** An error thrown inside the wallet that already knows its JSON-RPC code. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: JsonValue,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  toResponse(id: string): RpcFailure {
    return rpcFailure(id, this.code, this.message, this.data);
  }
}

export const invalidParams = (message: string): RpcError => new RpcError(RPC_ERROR.INVALID_PARAMS, message);
