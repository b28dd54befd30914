// One request answered from the wallet's state: shared by the extension, the CLI and the kit.
import type { JsonValue } from './json.ts';
import type { KeyRing } from './keyring.ts';
import { chooseTarget, listedAccounts } from './methods/account.ts';
import type { AnyMethod, MethodContext, MethodOutcome, Target } from './methods/method.ts';
import type { NetworkName } from './networks.ts';
import { findMethod } from './request.ts';
import { RpcError, rpcSuccess, type RpcResponse } from './rpc.ts';
import { walletNonce, type Settings } from './settings.ts';
import type { IdentityName } from './choices.ts';
import { canReadAccount, type SiteGrant } from './site-grant.ts';

/** The code a wallet with per-site permissions answers a site that lacks one (Xverse's ACCESS_DENIED). */
const XVERSE_ACCESS_DENIED_CODE = -32002;

/** Whether the site holds what the method's gate asks: read of the active account on this network, or network read. */
export function permitted(method: AnyMethod, grant: SiteGrant | undefined, settings: Settings): boolean {
  if (method.gate === 'account') return canReadAccount(grant, settings.network, settings.activeAccount);
  if (method.gate === 'network') return grant?.readNetwork ?? false;
  return true;
}

/** `stacksNonce`: the node's next nonce when the wallet asked one; else the wallet's own counter. */
export async function methodContext(ring: KeyRing, settings: Settings, target: Target, stacksNonce?: number): Promise<MethodContext> {
  const { mnemonic, passphrase } = settings;
  const keys = await ring.account(mnemonic, passphrase, target.network, target.account);
  return {
    settings,
    target,
    keys,
    secrets: () => ring.secrets(mnemonic, passphrase, target.network, target.account),
    root: () => ring.masterKey(mnemonic, passphrase),
    stacksNonce: stacksNonce ?? walletNonce(settings, target.network, target.account),
  };
}

export interface Call {
  method: AnyMethod;
  params: unknown;
  target: Target;
}

/** Which listed account has this STX address on the network. */
export function stacksAccountOf(ring: KeyRing, settings: Settings) {
  return async (address: string, network: NetworkName): Promise<number | undefined> => {
    for (const account of listedAccounts(settings)) {
      if ((await ring.account(settings.mnemonic, settings.passphrase, network, account)).stx.address === address) return account;
    }
    return undefined;
  };
}

/** Parses a request and fixes the account it acts for; throws RpcError as the wallet answers. */
/** `site`: the calling site's permissions, for a wallet that gates methods on them (-32002 before params are read). */
export async function prepareCall(ring: KeyRing, name: string, raw: JsonValue | undefined, settings: Settings, connected?: number, identity?: IdentityName, grant?: SiteGrant): Promise<Call> {
  const method = findMethod(name, identity);
  if (!permitted(method, grant, settings)) throw new RpcError(XVERSE_ACCESS_DENIED_CODE, 'Access denied.');
  const params = method.parse(raw, settings);
  return { method, params, target: await chooseTarget(method, params, settings, connected, stacksAccountOf(ring, settings)) };
}

export async function respond(ring: KeyRing, settings: Settings, call: Call, stacksNonce?: number, site?: MethodContext['site']): Promise<MethodOutcome> {
  const context = { ...(await methodContext(ring, settings, call.target, stacksNonce)), ...(site && { site }) };
  return call.method.respond(call.params, call.method.adaptContext ? await call.method.adaptContext(context) : context);
}

/**
 * The approved answer to a request, as the extension gives it when nothing is broadcast
 * (no broadcast URL): errors come back as the failure envelope, never thrown.
 */
export async function approvedResponse(
  ring: KeyRing,
  settings: Settings,
  id: string,
  method: string,
  params: JsonValue | undefined,
  connected?: number,
  as?: { identity?: IdentityName; site?: NonNullable<MethodContext['site']> },
): Promise<RpcResponse> {
  try {
    const call = await prepareCall(ring, method, params, settings, connected, as?.identity, as?.site?.grant);
    const outcome = await respond(ring, settings, call, undefined, as?.site);
    return rpcSuccess(id, outcome.result);
  } catch (error) {
    if (error instanceof RpcError) return error.toResponse(id);
    throw error;
  }
}
