// What every UniSat method shares (docs/reference/unisat.md §2): positional arguments, its errors, the
// current account and its one address, its window title.
import type { JsonValue } from '../../../core/json.ts';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { Settings } from '../../../core/settings.ts';
import { p2trKey, p2wpkhKey } from '../../../core/keys.ts';
import { describe } from '../../../core/methods/fields.ts';
import { activeAccountMethod, activeAccountQuery, type AnyMethod, type MethodContext, type WalletMethod } from '../../../core/methods/method.ts';
import { unisatAccount, unisatPath, unisatSecret, type UnisatAccount } from '../keys.ts';

import { REJECTED } from '../words.ts';

export { REJECTED, UNAUTHORIZED, UNISAT_ERROR } from '../words.ts';

/** A thrown Error in UniSat's background: -32603 with its text, as eth-rpc-errors serialises it. */
export const failure = (message: string): RpcError => new RpcError(RPC_ERROR.INTERNAL_ERROR, message);

/**
 * A UniSat method's arguments, in order: what its page script sends for `unisat.method(a, b)`, and
 * what the CLI's --params takes. None is no arguments.
 */
export function argsOf(method: string, raw: JsonValue | undefined, example: string): JsonValue[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw failure(`${method} takes its arguments as an array in order, such as ${example}, got ${describe(raw)}`);
  return raw;
}

/** The current account as UniSat derives it, on the target's network. */
export async function unisatOf(context: MethodContext): Promise<UnisatAccount> {
  return unisatAccount(await context.root(), context.settings.unisatAddressType, context.target.account, context.target.network);
}

export async function unisatKeyOf(context: MethodContext): Promise<Uint8Array> {
  return unisatSecret(await context.root(), context.settings.unisatAddressType, context.target.account);
}

/**
 * The acting account's context with UniSat's keys where the window reads the contract's (its summary
 * of the account): segwit at m/84'/0'/0'/0/N, taproot at m/86'/0'/0'/0/N, coin 0' on every network.
 */
export async function withUnisatKeys(context: MethodContext): Promise<MethodContext> {
  const root = await context.root();
  const { account, network } = context.target;
  return {
    ...context,
    keys: { ...context.keys, p2wpkh: p2wpkhKey(root, network, unisatPath('p2wpkh', account)), p2tr: p2trKey(root, network, unisatPath('p2tr', account)) },
    secrets: async () => ({ ...(await context.secrets()), p2wpkh: unisatSecret(root, 'p2wpkh', account), p2tr: unisatSecret(root, 'p2tr', account) }),
  };
}

/** A method as a wallet's folder writes it: what its dialect adds (no account named, the window's title, its rejection) comes after. */
export type DialectMethod<P> = Omit<WalletMethod<P>, 'requestedAccount' | 'rejection' | 'network'> & Partial<Pick<WalletMethod<P>, 'network'>>;

/**
 * One UniSat method: no account named by the request (the current one acts), on the wallet's network
 * unless the method says otherwise (UniSat's requests name none), the window saying the app called UniSat.
 * Every UniSat window, rejected or closed, answers the same (eth-rpc-errors' userRejectedRequest).
 */
export const unisatMethod = <P>(method: DialectMethod<P>): AnyMethod => activeAccountMethod('UniSat', REJECTED, method);

/** A read UniSat answers at once, with no window; `gate: 'site'` when the site must be connected first. */
export const unisatQuery = <P>(
  name: string,
  gate: 'site' | undefined,
  parse: (raw: JsonValue | undefined, settings: Settings) => P,
  respond: WalletMethod<P>['respond'],
): AnyMethod => activeAccountQuery('UniSat', REJECTED, name, gate, parse, respond);

/** A method that takes no arguments (UniSat ignores any it is given). */
export const noArgs =
  (name: string) =>
  (raw: JsonValue | undefined): null => {
    argsOf(name, raw, '[]');
    return null;
  };
