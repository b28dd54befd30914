// One request answered from the wallet's state: shared by the extension, the CLI and the kit.
import type { JsonValue } from './json.ts';
import type { KeyRing } from './keyring.ts';
import { chooseTarget } from './methods/account.ts';
import type { AnyMethod, MethodContext, MethodOutcome, Target } from './methods/method.ts';
import { findMethod } from './request.ts';
import { RpcError, rpcSuccess, type RpcResponse } from './rpc.ts';
import type { Settings } from './settings.ts';

export async function methodContext(ring: KeyRing, settings: Settings, target: Target): Promise<MethodContext> {
  const { mnemonic, passphrase } = settings;
  const keys = await ring.account(mnemonic, passphrase, target.network, target.account);
  return { settings, target, keys, secrets: () => ring.secrets(mnemonic, passphrase, target.network, target.account) };
}

export interface Call {
  method: AnyMethod;
  params: unknown;
  target: Target;
}

/** Parses a request and fixes the account it acts for; throws RpcError as the wallet answers. */
export function prepareCall(name: string, raw: JsonValue | undefined, settings: Settings, connected?: number): Call {
  const method = findMethod(name);
  const params = method.parse(raw, settings);
  return { method, params, target: chooseTarget(method, params, settings, connected) };
}

export async function respond(ring: KeyRing, settings: Settings, call: Call): Promise<MethodOutcome> {
  return call.method.respond(call.params, await methodContext(ring, settings, call.target));
}

/**
 * The approved answer to a request, as the extension gives it when nothing is broadcast
 * (no bitcoinBroadcastUrl): errors come back as the failure envelope, never thrown.
 */
export async function approvedResponse(ring: KeyRing, settings: Settings, id: string, method: string, params: JsonValue | undefined, connected?: number): Promise<RpcResponse> {
  try {
    const outcome = await respond(ring, settings, prepareCall(method, params, settings, connected));
    return rpcSuccess(id, outcome.result);
  } catch (error) {
    if (error instanceof RpcError) return error.toResponse(id);
    throw error;
  }
}
