// What the wallet does with one JSON-RPC request, before any prompt.
import { METHODS, methodNamed, unknownMethodOf } from '../wallets/leather/methods/index.ts';
import type { AnyMethod } from './methods/method.ts';
import { RPC_ERROR, RpcError } from './rpc.ts';
import type { IdentityName } from './choices.ts';

export { MAX_ID_LENGTH, MAX_METHOD_LENGTH, parseRequest, requestId, type WalletRequest } from './envelope.ts';

/**
 * Methods the real wallet answers that this mock does not implement: 4002. Everything else
 * (getInfo, stx_getNetworks, stx_getAccounts, wallet_connect …) is -32601, as the real wallet answers.
 */
export const UNSUPPORTED_METHODS: readonly string[] = ['open', 'openSwap', 'stx_transferSip10Ft', 'stx_transferSip9Nft'];

/** The method a well-formed request names, or RpcError with the code a wallet would answer. */
export function findMethod(method: string, identity?: IdentityName): AnyMethod {
  const found = methodNamed(method, identity);
  if (found) return found;
  if (identity) throw unknownMethodOf(identity, method);
  if (UNSUPPORTED_METHODS.includes(method)) {
    throw new RpcError(RPC_ERROR.METHOD_NOT_SUPPORTED, `${method} is not supported by this mock wallet; it implements ${Object.keys(METHODS).join(', ')}`);
  }
  // The real wallet's words: the name in quotes, then where to look.
  throw new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `"${method.slice(0, 64)}" is not supported. Try running .request('supportedMethods') to see what this wallet supports; method "${method.slice(0, 64)}" does not exist here`);
}
