// One request answered from the wallet's state: shared by the extension, the CLI and the kit.
import type { JsonValue } from './json.ts';
import type { KeyRing } from './keyring.ts';
import { chooseTarget, listedAccounts } from './methods/account.ts';
import type { AnyMethod, ErrorScreen, MethodContext, MethodOutcome, Target } from './methods/method.ts';
import type { NetworkName } from './networks.ts';
import { findMethod } from './request.ts';
import { walletFor, type WalletRecord } from '../wallets/index.ts';
import { RpcError, rpcSuccess, type RpcResponse } from './rpc.ts';
import type { Settings } from './settings.ts';
import type { IdentityName } from './choices.ts';
import { canReadAccount, type SiteGrant } from './site-grant.ts';
import { readerFor, type ChainReader } from './bitcoin/coins.ts';
import { leatherFee, nodeEstimates, type Post } from './stacks/fees.ts';

/** Whether the site holds what the method's gate asks: read of the active account on this network, network read, or any grant. */
export function permitted(method: AnyMethod, grant: SiteGrant | undefined, settings: Settings): boolean {
  if (method.gate === 'site') return grant !== undefined;
  if (method.gate === 'account') return canReadAccount(grant, settings.network, settings.activeAccount);
  if (method.gate === 'network') return grant?.readNetwork ?? false;
  return true;
}

/** `stacksNonce`: the next nonce of the acting account (the worker's counter, or the node's); 0 where no counter is kept (the CLI, the kits' expected values). */
/**
 * `bitcoin`, `post`: how the chains are read (the worker's remember their reads per request); by
 * default the settings' chains, read afresh.
 */
export async function methodContext(
  ring: KeyRing,
  settings: Settings,
  target: Target,
  stacksNonce?: number,
  bitcoin?: ChainReader,
  post?: Post,
): Promise<MethodContext> {
  const { mnemonic, passphrase } = settings;
  const keys = await ring.account(mnemonic, passphrase, target.network, target.account);
  return {
    settings,
    target,
    keys,
    secrets: () => ring.secrets(mnemonic, passphrase, target.network, target.account),
    root: () => ring.masterKey(mnemonic, passphrase),
    stacksNonce: stacksNonce ?? 0,
    bitcoin: bitcoin ?? readerFor(settings),
    ...(settings.stacksNodeUrl && {
      stacksEstimates: (payload: string, length: number) => nodeEstimates(settings.stacksNodeUrl, payload, length, post),
    }),
    stacksFeeRule: leatherFee,
  };
}

export interface Call {
  /** The wallet the page called (its dialect). */
  wallet: WalletRecord;
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
/** `wallet`: the identity the page called, or a record itself (a wallet the table does not list: a test's). */
export async function prepareCall(
  ring: KeyRing,
  name: string,
  raw: JsonValue | undefined,
  settings: Settings,
  connected?: number,
  wallet: IdentityName | WalletRecord | undefined = undefined,
  grant?: SiteGrant,
): Promise<Call> {
  wallet = typeof wallet === 'object' ? wallet : walletFor(wallet);
  const method = findMethod(wallet, name);
  if (wallet.accessDenied && !permitted(method, grant, settings)) throw wallet.accessDenied();
  const params = method.parse(raw, settings);
  return { wallet, method, params, target: await chooseTarget(wallet.signer, method, params, settings, connected, stacksAccountOf(ring, settings)) };
}

/** The acting account's context as the called wallet derives it (its own Stacks path, for Xverse), with the calling site. */
export async function callContext(
  ring: KeyRing,
  settings: Settings,
  wallet: WalletRecord,
  target: Target,
  extra: { stacksNonce?: number; site?: MethodContext['site']; bitcoin?: ChainReader; post?: Post } = {},
): Promise<MethodContext> {
  const plain = { ...(await methodContext(ring, settings, target, extra.stacksNonce, extra.bitcoin, extra.post)), ...(extra.site && { site: extra.site }) };
  return wallet.adaptContext ? wallet.adaptContext(plain) : plain;
}

/**
 * The one answer to an approved call: what the worker, the CLI, the kits' expected values and the
 * unit tests all run. The worker adds only what is its own (grants, connections, nonces, broadcast),
 * and runs a signing method's precheck when the request arrives; here, with no window between, just before.
 */
export async function respond(ring: KeyRing, settings: Settings, call: Call, stacksNonce?: number, site?: MethodContext['site']): Promise<MethodOutcome> {
  const context = await callContext(ring, settings, call.wallet, call.target, { ...(stacksNonce !== undefined && { stacksNonce }), ...(site && { site }) });
  // A request the real wallet shows an error screen for can only be closed: its Close button's answer.
  const screen = call.method.kind === 'sign' ? await arrivalChecks(call.method, call.params, context) : undefined;
  if (screen) throw new RpcError(screen.onClose.code, screen.onClose.message);
  return answer(call, context);
}

/**
 * What a signing request meets when it arrives: its precheck (throws RpcError, answered at once) and the
 * real wallet's error screen for it, if any. The worker runs it before a window opens; respond() here.
 */
export async function arrivalChecks(method: AnyMethod, params: unknown, context: MethodContext): Promise<ErrorScreen | undefined> {
  await method.precheck?.(params, context);
  return method.errorScreen?.(params, context);
}

/** A parsed call answered in a context built by callContext (the worker's adds a reserved nonce). */
export const answer = (call: Call, context: MethodContext): Promise<MethodOutcome> => call.method.respond(call.params, context);

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
  as?: { identity?: IdentityName | WalletRecord; site?: NonNullable<MethodContext['site']> },
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
