// What the wallet does with one JSON-RPC request, before any prompt: which method of which wallet.
import type { AnyMethod } from './methods/method.ts';
import type { WalletRecord } from '../wallets/record.ts';

export { MAX_ID_LENGTH, MAX_METHOD_LENGTH, parseRequest, requestId, type WalletRequest } from './envelope.ts';

/** The wallet's method of that name, if it has one. */
export const methodNamed = (wallet: WalletRecord, name: string): AnyMethod | undefined =>
  Object.hasOwn(wallet.methods, name) ? wallet.methods[name] : undefined;

/** The method a well-formed request names, or RpcError with the code that wallet answers. */
export function findMethod(wallet: WalletRecord, name: string): AnyMethod {
  const found = methodNamed(wallet, name);
  if (found) return found;
  throw wallet.unknownMethod(name);
}
