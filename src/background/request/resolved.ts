// Each waiting request resolved once (core/wallet.ts prepareCall, in the router): its wallet, method and params
// are kept beside its pending entry and read by every later step (the window, the decision, the answer's words,
// its delivery). A parse belongs to the settings it was made under (a getAddresses parse reads the variant), so a
// change of settings parses again; so does a restarted worker, whose memory is new (parsed params hold bytes:
// they are not kept in session storage), which looks the wallet and method up again from what the entry names.
import type { AnyMethod } from '../../core/methods/method.ts';
import type { JsonValue } from '../../core/json.ts';
import type { Settings } from '../../core/settings.ts';
import { findMethod } from '../../core/request.ts';
import { walletFor, type WalletRecord } from '../../wallets/index.ts';
import type { IdentityName } from '../../core/choices.ts';

/** What a stored request names of its call. */
export interface CallNamed {
  key?: string;
  method: string;
  params?: JsonValue;
  identity?: IdentityName;
}

interface Resolved {
  settings: Settings;
  wallet: WalletRecord;
  method: AnyMethod;
  params: unknown;
}

/** Waiting requests are bounded (pending.ts); this bound only guards against a leak. */
const MAX_KEPT = 512;
const kept = new Map<string, Resolved>();

/** Keeps the call the router resolved as the request arrived. */
export function keepResolved(key: string, settings: Settings, call: { wallet: WalletRecord; method: AnyMethod; params: unknown }): void {
  kept.delete(key);
  kept.set(key, { settings, wallet: call.wallet, method: call.method, params: call.params });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** The wallet and method a stored request calls (no parse): the kept ones, else looked up from the names it holds. */
export function calledBy(request: CallNamed): { wallet: WalletRecord; method: AnyMethod } {
  const hit = request.key === undefined ? undefined : kept.get(request.key);
  if (hit) return hit;
  const wallet = walletFor(request.identity);
  return { wallet, method: findMethod(wallet, request.method) };
}

/** The request's wallet, method and params under these settings: the kept call, or a new parse (then kept). */
export function resolvedFor(request: CallNamed, settings: Settings): { wallet: WalletRecord; method: AnyMethod; params: unknown } {
  const hit = request.key === undefined ? undefined : kept.get(request.key);
  if (hit && hit.settings === settings) return hit;
  const { wallet, method } = calledBy(request);
  const params = method.parse(request.params, settings);
  if (request.key !== undefined) keepResolved(request.key, settings, { wallet, method, params });
  return { wallet, method, params };
}

/** A request answered, dropped or refused: its call goes with it. */
export const forgetResolved = (key: string): boolean => kept.delete(key);
