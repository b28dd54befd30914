// The one call pipeline, for the worker, the CLI and the kits alike: resolve (the wallet's method, its params,
// the account that acts, how it is asked) → arrival checks → answer → delivery (when the page gets it). The
// worker runs the same steps with its own parts between them (storage, windows, nonces, broadcast, grants);
// answerCall runs them back to back. A call names its wallet's record: core looks no wallet up by name.
import type { JsonValue } from './json.ts';
import type { KeyRing } from './keyring.ts';
import { chooseTarget, listedAccounts } from './methods/account.ts';
import type { AnyMethod, ErrorScreen, MethodContext, MethodOutcome, Target } from './methods/method.ts';
import type { NetworkName } from './networks.ts';
import { findMethod } from './request.ts';
import type { WalletRecord } from '../wallets/record.ts';
import { RpcError, rpcSuccess, type RpcResponse } from './rpc.ts';
import type { Settings } from './settings.ts';
import type { MethodKind } from './choices.ts';
import { canReadAccount, type SiteGrant } from './site-grant.ts';
import { readerFor, type ChainReader } from './bitcoin/coins.ts';
import { leatherFee, nodeEstimates, type Post } from './stacks/fees.ts';
import { answerDelayMs } from './faults.ts';

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

/** A request resolved: the wallet the page called (its dialect), its method and params, the account that acts, how it is asked. */
export interface Call {
  wallet: WalletRecord;
  method: AnyMethod;
  params: unknown;
  target: Target;
  /**
   * What it asks of the person: the method's kind, except a connect the site already holds the answer to
   * (Xverse's wallet_connect of a connected site), answered at once as a query.
   */
  kind: MethodKind;
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

/**
 * Step 1, resolve: the wallet's method, its params parsed, the account that acts, how it is asked. Throws
 * RpcError as the wallet answers. `connected`: the account the site connected with (accountRule 'site');
 * `grant`: the site's permissions, for a wallet that gates methods on them (-32002 before params are read).
 */
export async function prepareCall(
  ring: KeyRing,
  wallet: WalletRecord,
  name: string,
  raw: JsonValue | undefined,
  settings: Settings,
  site: { connected?: number; grant?: SiteGrant } = {},
): Promise<Call> {
  const method = findMethod(wallet, name);
  if (wallet.accessDenied && !permitted(method, site.grant, settings)) throw wallet.accessDenied();
  const params = method.parse(raw, settings);
  const target = await chooseTarget(wallet.signer, method, params, settings, site.connected, stacksAccountOf(ring, settings));
  const kind = method.answersAtOnce?.(params, { ...(site.grant && { grant: site.grant }) }, settings) ? 'query' : method.kind;
  return { wallet, method, params, target, kind };
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
 * Step 2, arrival checks: what a signing request meets when it arrives: its precheck (throws RpcError,
 * answered at once) and the real wallet's error screen for it, if any. The worker runs it before a window opens.
 */
export async function arrivalChecks(method: AnyMethod, params: unknown, context: MethodContext): Promise<ErrorScreen | undefined> {
  await method.precheck?.(params, context);
  return method.errorScreen?.(params, context);
}

/** Step 3, answer: a parsed call answered in a context built by callContext (the worker's adds a reserved nonce). */
export const answer = (call: Pick<Call, 'method' | 'params'>, context: MethodContext): Promise<MethodOutcome> => call.method.respond(call.params, context);

/** Step 4, delivery: how much later than its answer the page gets it (the slow-wallet fault delays connects). */
export const deliveryDelayMs = (call: Pick<Call, 'kind'>, settings: Settings): number => answerDelayMs(call.kind, settings);

/**
 * Steps 2 and 3 for an approved call, with no window between: what the CLI, the kits' expected values and the
 * unit tests run. A request the real wallet shows an error screen for can only be closed: its Close button's answer.
 */
export async function respond(ring: KeyRing, settings: Settings, call: Call, stacksNonce?: number, site?: MethodContext['site']): Promise<MethodOutcome> {
  const context = await callContext(ring, settings, call.wallet, call.target, { ...(stacksNonce !== undefined && { stacksNonce }), ...(site && { site }) });
  const screen = call.kind === 'sign' ? await arrivalChecks(call.method, call.params, context) : undefined;
  if (screen) throw new RpcError(screen.onClose.code, screen.onClose.message);
  return answer(call, context);
}

/**
 * Every step, back to back, for a request approved as it arrives: the response the page gets (errors as the
 * failure envelope, never thrown) and how much later (the delay fault), when nothing is broadcast.
 * `site`: the calling site and its grant (a wallet with per-site permissions answers a site that holds one).
 */
export async function answerCall(
  ring: KeyRing,
  settings: Settings,
  wallet: WalletRecord,
  request: { id: string; method: string; params: JsonValue | undefined; connected?: number; site?: NonNullable<MethodContext['site']> },
): Promise<{ response: RpcResponse; delayMs: number }> {
  const { id, site } = request;
  let call: Call | undefined;
  try {
    call = await prepareCall(ring, wallet, request.method, request.params, settings, {
      ...(request.connected !== undefined && { connected: request.connected }),
      ...(site?.grant && { grant: site.grant }),
    });
    const outcome = await respond(ring, settings, call, undefined, site);
    return { response: rpcSuccess(id, outcome.result), delayMs: deliveryDelayMs(call, settings) };
  } catch (error) {
    // A refusal on arrival is answered at once; one from an approved call waits as its answer would.
    if (error instanceof RpcError) return { response: error.toResponse(id), delayMs: call ? deliveryDelayMs(call, settings) : 0 };
    throw error;
  }
}
