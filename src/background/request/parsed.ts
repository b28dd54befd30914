// Each waiting request parsed once: when it arrives, its method and params are kept beside its pending
// entry, and the window's details and the decision read them. A parse belongs to the settings it was
// made under (a getAddresses parse reads the variant), so a change of settings parses again; so does a
// restarted worker, whose memory is new (parsed params hold bytes: they are not kept in session storage).
import type { AnyMethod } from '../../core/methods/method.ts';
import type { JsonValue } from '../../core/json.ts';
import type { Settings } from '../../core/settings.ts';
import { findMethod } from '../../core/request.ts';
import { walletFor } from '../../wallets/index.ts';
import type { IdentityName } from '../../core/choices.ts';

interface Parsed {
  settings: Settings;
  method: AnyMethod;
  params: unknown;
}

/** Waiting requests are bounded (pending.ts); this bound only guards against a leak. */
const MAX_KEPT = 512;
const kept = new Map<string, Parsed>();

/** Keeps the parse the router made as the request arrived. */
export function keepParsed(key: string, settings: Settings, method: AnyMethod, params: unknown): void {
  kept.delete(key);
  kept.set(key, { settings, method, params });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** The request's method and params under these settings: the kept parse, or a new one (then kept). */
export function parsedFor(
  request: { key?: string; method: string; params?: JsonValue; identity?: IdentityName },
  settings: Settings,
): { method: AnyMethod; params: unknown } {
  const hit = request.key === undefined ? undefined : kept.get(request.key);
  if (hit && hit.settings === settings) return hit;
  const method = findMethod(walletFor(request.identity), request.method);
  const params = method.parse(request.params, settings);
  if (request.key !== undefined) keepParsed(request.key, settings, method, params);
  return { method, params };
}

/** A request answered, dropped or refused: its parse goes with it. */
export const forgetParsed = (key: string): boolean => kept.delete(key);
