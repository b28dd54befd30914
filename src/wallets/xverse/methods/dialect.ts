// What every Xverse method shares (docs/reference/xverse.md §2): its errors, its params rules, its account, its window title.
import type { JsonValue } from '../../../core/json.ts';
import { isPlainRecord } from '../../../core/json.ts';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { Settings } from '../../../core/settings.ts';
import { XVERSE_PURPOSES, xverseAccount, xverseSecret, type XverseAccount, type XversePurpose } from '../account.ts';
import { describe, type Params } from '../../../core/methods/fields.ts';
import type { AnyMethod, MethodContext, WalletMethod } from '../../../core/methods/method.ts';
import { xverseFee } from '../stacks-fee.ts';

/** Xverse's codes (SCC RpcErrorCode): a rejection is -32000, a missing permission -32002. */
export const XVERSE_ERROR = { USER_REJECTION: -32000, ACCESS_DENIED: -32002 } as const;

export const ACCESS_DENIED = 'Access denied.';
export const POPUP_CLOSED = 'User closed the wallet popup.';
export const REQUEST_REJECTED = 'User rejected the request.';

/** An error in Xverse's own words: its methods' parse passes it on as it is, where any other -32602 becomes 'Invalid parameters.'. */
export class XverseWords extends RpcError {}

/** Xverse's schema failure: 'Invalid parameters.' with what was wrong in data.error (here: a sentence naming the field). */
export const invalid = (why: string): RpcError => new RpcError(RPC_ERROR.INVALID_PARAMS, 'Invalid parameters.', { error: why });

/** Params Xverse's schema types `nullish(null)`: nothing, or null. */
export function noParams(method: string, raw: JsonValue | undefined): null {
  if (raw !== undefined && raw !== null) throw invalid(`${method} takes no params (null or none), got ${describe(raw)}`);
  return null;
}

/**
 * The fields of params Xverse picks a few from, to hand to a contract method: an object's own, or
 * none (that method then names what is missing).
 */
export const fieldsOf = (raw: JsonValue | undefined): Params => (isPlainRecord(raw) ? (raw as Params) : {});

export function paramsOf(method: string, raw: JsonValue | undefined, example: string): Params {
  if (!isPlainRecord(raw)) throw invalid(`${method} params must be an object such as ${example}, got ${raw === undefined ? 'none' : describe(raw)}`);
  return raw as Params;
}

/** A purposes list of Xverse's three; -32602 for anything else (the wallet's @sats-connect/core 0.6 enum). */
export function purposes(value: JsonValue | undefined, field: string, required: boolean): XversePurpose[] | undefined {
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value))
    throw invalid(`${field} must be an array of ${XVERSE_PURPOSES.map((p) => `"${p}"`).join(', ')}, got ${value === undefined ? 'nothing' : describe(value)}`);
  return value.map((p, i) => {
    if (!(XVERSE_PURPOSES as readonly JsonValue[]).includes(p))
      throw invalid(`${field}[${i}] must be one of ${XVERSE_PURPOSES.join(', ')}, got ${describe(p)}`);
    return p as XversePurpose;
  });
}

export function optionalMessage(params: Params, max?: number): string | undefined {
  const message = params['message'];
  if (message === undefined) return undefined;
  if (typeof message !== 'string' || (max !== undefined && message.length > max))
    throw invalid(`message must be a string${max === undefined ? '' : ` of at most ${max} characters`}, got ${describe(message)}`);
  return message;
}

/** The acting account as Xverse derives it (its own Stacks path, its payment type). */
export async function xverseOf(context: MethodContext): Promise<XverseAccount> {
  return xverseAccount(await context.root(), context.target.network, context.target.account, context.settings.xversePaymentType);
}

export async function secretOf(context: MethodContext, purpose: XversePurpose): Promise<Uint8Array> {
  const root = await context.root();
  return xverseSecret(root, xverseAccount(root, context.target.network, context.target.account, context.settings.xversePaymentType), purpose);
}

/**
 * A context whose Stacks key is Xverse's (m/44'/5757'/N'/0/0, where the contract's is
 * m/44'/5757'/0'/0/N): a Leather signing method then signs as Xverse would. Bitcoin keys are
 * the same paths in both wallets.
 */
export async function withXverseStacksKey(context: MethodContext): Promise<MethodContext> {
  const account = await xverseOf(context);
  const stacks = account.addresses.stacks;
  const secret = await secretOf(context, 'stacks');
  return {
    ...context,
    keys: { ...context.keys, stx: { publicKey: stacks.publicKey, address: stacks.address } },
    secrets: async () => ({ ...(await context.secrets()), stx: secret }),
    stacksFeeRule: xverseFee,
  };
}

/**
 * One Xverse method: its params errors as Xverse words them, no account named by the request, and
 * the window saying the app called Xverse (the record, ../index.ts, holds what every method shares).
 */
export function xverseMethod<P>(method: WalletMethod<P>): AnyMethod {
  const parse = (raw: JsonValue | undefined, settings: Settings): P => {
    try {
      return method.parse(raw, settings);
    } catch (error) {
      if (error instanceof RpcError && !(error instanceof XverseWords) && error.code === RPC_ERROR.INVALID_PARAMS && error.message !== 'Invalid parameters.')
        throw invalid(error.message);
      throw error;
    }
  };
  const wrapped: WalletMethod<P> = {
    ...method,
    requestedAccount: () => undefined,
    parse,
    view: async (params, context) => {
      const view = await method.view(params, context);
      return { ...view, title: `${view.title} — via Xverse` };
    },
  };
  return wrapped as unknown as AnyMethod;
}

/** A read Xverse answers at once, with no window, once the site holds `gate` (docs/reference/xverse.md §2.3). */
export function xverseQuery<P>(
  name: string,
  gate: 'account' | 'network' | undefined,
  parse: (raw: JsonValue | undefined) => P,
  respond: WalletMethod<P>['respond'],
): AnyMethod {
  return xverseMethod<P>({
    name,
    kind: 'query',
    ...(gate && { gate }),
    parse,
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view: () => ({ title: name, fields: [], tables: [] }),
    respond,
    rejection: { rejected: REQUEST_REJECTED, closed: POPUP_CLOSED },
  });
}
