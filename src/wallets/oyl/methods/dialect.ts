// What every Oyl method shares (docs/reference/oyl.md §2): one argument, an object (switchNetwork's a string),
// sent by the page as its argument list; the current account's four entries; the window saying the app called Oyl.
import { isPlainRecord, type JsonValue } from '../../../core/json.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { p2trKey, p2wpkhKey } from '../../../core/keys.ts';
import { describe, type Params } from '../../../core/methods/fields.ts';
import { activeAccountMethod, activeAccountQuery, type AnyMethod, type MethodContext, type WalletMethod } from '../../../core/methods/method.ts';
import type { Settings } from '../../../core/settings.ts';
import type { DialectMethod } from '../../unisat/methods/dialect.ts';
import { oylAccount, oylPath, oylSecret, type OylAccount, type OylEntryName } from '../keys.ts';
import { REJECTED } from '../words.ts';

/** The arguments the page passed, in order (the CLI's --params takes the same array); none: []. */
export function argsOf(method: string, raw: JsonValue | undefined, example: string): JsonValue[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidParams(`${method} takes its arguments as an array in order, such as ${example}, got ${describe(raw)}`);
  return raw;
}

/** The one object argument most of Oyl's methods take. */
export function objectArg(method: string, raw: JsonValue | undefined, example: string): Params {
  const [first] = argsOf(method, raw, example);
  if (!isPlainRecord(first)) throw invalidParams(`${method} takes one object, such as ${example}, got ${first === undefined ? 'nothing' : describe(first)}`);
  return first as Params;
}

/** A boolean option: absent (or null) is the default; `label` names it in an error. */
export function flag(params: Params, field: string, fallback: boolean, label = field): boolean {
  const value = params[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalidParams(`${label} must be true or false, got ${describe(value)}`);
  return value;
}

/** The current account's four entries on the target's network. */
export async function oylOf(context: MethodContext): Promise<OylAccount> {
  return oylAccount(await context.root(), context.target.account, context.target.network);
}

export async function oylKeyOf(context: MethodContext, entry: OylEntryName): Promise<Uint8Array> {
  return oylSecret(await context.root(), entry, context.target.network, context.target.account);
}

/**
 * The acting account's context with Oyl's keys where the window reads the contract's (its summary of the
 * account): nativeSegwit and taproot at m/84' and m/86', coin 0' on regtest as on mainnet.
 */
export async function withOylKeys(context: MethodContext): Promise<MethodContext> {
  const root = await context.root();
  const { account, network } = context.target;
  return {
    ...context,
    keys: {
      ...context.keys,
      p2wpkh: p2wpkhKey(root, network, oylPath('nativeSegwit', network, account)),
      p2tr: p2trKey(root, network, oylPath('taproot', network, account)),
    },
    secrets: async () => ({
      ...(await context.secrets()),
      p2wpkh: oylSecret(root, 'nativeSegwit', network, account),
      p2tr: oylSecret(root, 'taproot', network, account),
    }),
  };
}

// Oyl's methods as UniSat's are made: the current account acts, on the wallet's network, the window says Oyl,
// and every window, rejected or closed, answers the same words (this mock's reading, docs/reference/oyl.md §2.3).
export const oylMethod = <P>(method: DialectMethod<P>): AnyMethod => activeAccountMethod('Oyl', REJECTED, method);
/** A read answered at once, with no window; `gate: 'site'` when the site must have connected. */
export const oylQuery = <P>(
  name: string,
  gate: 'site' | undefined,
  parse: (raw: JsonValue | undefined, settings: Settings) => P,
  respond: WalletMethod<P>['respond'],
): AnyMethod => activeAccountQuery('Oyl', REJECTED, name, gate, parse, respond);

/** A method that takes no arguments (any given are ignored, as a JavaScript function ignores them). */
export const noArgs =
  (name: string) =>
  (raw: JsonValue | undefined): null => {
    argsOf(name, raw, '[]');
    return null;
  };
