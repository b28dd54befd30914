// What approving a request does, whoever approves it: the window, a test, or the 'approve' policy.
import { answer as answerCall, callContext } from '../../core/wallet.ts';
import type { WalletRecord } from '../../wallets/index.ts';
import { RPC_ERROR, RpcError, rpcFailure, rpcSuccess } from '../../core/rpc.ts';
import type { AnyMethod, MethodContext, Target } from '../../core/methods/method.ts';
import type { JsonValue } from '../../core/json.ts';
import type { Settings } from '../../core/settings.ts';
import type { LoggedTransaction } from '../../shared/control.ts';
import { isPrepared, type Answer, type Prepared } from './decision.ts';
import { broadcast, broadcastEndpoint, nodeAccount, nodeNonce } from './broadcast.ts';
import { advancePast, reserveNonce, stacksNonce as walletCounter } from './nonces.ts';
import { keyRing, updateSettings } from '../store/state.ts';
import { grantOf, setConnection, setGrant } from '../store/site-grants.ts';
import { revokeGrant } from '../events/wallet-events.ts';
import { resolvedFor } from './resolved.ts';
import { readsOf } from './chain-reads.ts';
import type { IdentityName } from '../../core/choices.ts';

export interface Approvable {
  id: string;
  /** As shown to the person and logged. */
  origin: string;
  /** What its grant and connection are kept under (shared/site.ts). */
  site: string;
  method: string;
  params?: JsonValue;
  target: Target;
  /** The wallet's master fingerprint when a signing request arrived. */
  fingerprint?: string;
  /** The wallet the page called (its dialect); absent: the contract's provider. */
  identity?: IdentityName;
}

/**
 * The method's context. A Stacks transaction's nonce: with `reserveFor` (its pending entry, when
 * approving) the one reserved for it; otherwise the node's when stacksNodeUrl is set, else the
 * wallet's counter (what the window shows as the next free one). `window`: the context a window
 * draws, which also shows the account's STX balance on the node.
 */
export async function contextFor(
  wallet: WalletRecord,
  method: AnyMethod,
  settings: Settings,
  target: Target,
  request: { reserveFor?: string; key?: string; window?: true } = {},
): Promise<MethodContext> {
  const context = await callContext(keyRing, settings, wallet, target, readsOf(settings, request.key));
  const { reserveFor } = request;
  const stacksNonce = await nonceFor(method, settings, target, context.keys.stx.address, reserveFor);
  // What the window shows of the account on the node: its balance, read for the window only, never on a request's
  // arrival (a failed read says nothing; the nonce's read reports it).
  const stacksBalance =
    request.window && method.usesStacksNonce && settings.stacksNodeUrl
      ? await nodeAccount(settings.stacksNodeUrl, context.keys.stx.address).then(
          (account) => account.balance,
          () => undefined,
        )
      : undefined;
  return { ...context, ...(stacksNonce !== undefined && { stacksNonce }), ...(stacksBalance !== undefined && { stacksBalance }) };
}

/** A Stacks transaction's nonce (contextFor). */
async function nonceFor(method: AnyMethod, settings: Settings, target: Target, address: string, reserveFor?: string): Promise<number | undefined> {
  if (!method.usesStacksNonce) return undefined;
  if (!reserveFor && !settings.stacksNodeUrl) return walletCounter(target.network, target.account);
  try {
    return reserveFor
      ? await reserveNonce(reserveFor, target.network, target.account, address, settings.stacksNodeUrl)
      : await nodeNonce(settings.stacksNodeUrl, address);
  } catch (error) {
    throw new RpcError(RPC_ERROR.INTERNAL_ERROR, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Decides an approved request. For getAddresses, `account` is the one the person picked (it
 * becomes the wallet's active account, as in a real wallet); signing methods act for the target
 * fixed when the request arrived, and refuse another. A Stacks transaction's nonce is reserved on
 * the request's pending entry (`key`), so deciding again signs the same transaction.
 */
export async function decide(request: Approvable & { key?: string }, settings: Settings, account?: number): Promise<Answer | Prepared> {
  const { wallet, method, params } = resolvedFor(request, settings);
  let target = request.target;
  if (method.kind === 'connect') {
    const chosen = account ?? settings.activeAccount;
    if (chosen !== settings.activeAccount) settings = await updateSettings({ activeAccount: chosen });
    target = { ...target, account: chosen, source: account === undefined || account === request.target.account ? target.source : 'prompt' };
  } else if (account !== undefined && account !== target.account) {
    throw new Error(`this ${method.name} request acts for account ${target.account}; a signing request's account cannot be changed when approving`);
  }
  // A nonce is reserved only for a transaction that names none of its own.
  const reserveFor = method.requestedNonce?.(params) === undefined ? request.key : undefined;
  const plain = await callContext(keyRing, settings, wallet, target, readsOf(settings, request.key));
  const fingerprint = plain.keys.fingerprint;
  // Checked before a nonce is reserved: a refused request holds none.
  if (method.kind === 'sign' && request.fingerprint !== undefined && request.fingerprint !== fingerprint) {
    throw new RpcError(
      RPC_ERROR.INTERNAL_ERROR,
      `the wallet's mnemonic or passphrase changed while this request waited (it arrived for the wallet with fingerprint ${request.fingerprint}, the wallet is now ${fingerprint}); nothing was signed: ask again`,
    );
  }
  const grant = request.identity ? await grantOf(request.identity, request.site, async () => fingerprint) : undefined;
  const stacksNonce = await nonceFor(method, settings, target, plain.keys.stx.address, reserveFor);
  const context = { ...plain, ...(stacksNonce !== undefined && { stacksNonce }), site: { origin: request.origin, ...(grant && { grant }) } };
  // The one answer path (core/wallet.ts), as the CLI and the kits run it.
  const outcome = await answerCall({ method, params }, context);
  const answered = method.kind === 'query' ? {} : { account: target.account, accountSource: target.source };
  if (method.kind === 'connect' && wallet.keepsConnections) await setConnection(request.site, target.account, fingerprint);
  // What the site may read from now on (a wallet with per-site permissions); a disconnect tells its frames.
  if (request.identity && outcome.grant === null) await revokeGrant(request.identity, request.site, wallet);
  else if (request.identity && outcome.grant) await setGrant(request.identity, request.site, outcome.grant, fingerprint);
  if (outcome.settings) await updateSettings(outcome.settings);
  if (!outcome.transaction) return { response: rpcSuccess(request.id, outcome.result), outcome: 'approved', ...answered };

  const signed = outcome.transaction;
  const endpoint = broadcastEndpoint(settings, signed);
  const transaction: LoggedTransaction = {
    chain: signed.chain,
    hex: signed.hex,
    txid: signed.txid,
    ...(signed.nonce !== undefined && { nonce: signed.nonce }),
    ...(endpoint && { sentTo: endpoint }),
  };
  const answer: Answer = { response: rpcSuccess(request.id, outcome.result), outcome: 'approved', ...answered, transaction };
  return { answer, signed, network: target.network, account: target.account, ...(endpoint && { endpoint }) };
}

/**
 * What a node says when it already holds the transaction (Bitcoin Core's words, src/node/transaction.cpp
 * at v29.0, BroadcastTransaction): sent again after a worker stop, the bytes were sent the first time.
 */
const ALREADY_SENT = /Transaction outputs already in utxo set|txn-already-known|txn-already-in-mempool/;

/**
 * Acts on a stored decision: the nonce counter moves past its nonce, the same bytes go to the node, the
 * answer follows. `again`: the decision was stored by an earlier try, so the node may hold it already.
 */
export async function act(prepared: Prepared, again = false): Promise<Answer> {
  const { answer, signed, endpoint } = prepared;
  if (signed.chain === 'stacks' && signed.nonce !== undefined) await advancePast(prepared.network, prepared.account, signed.nonce);
  if (!endpoint) return answer;
  const sent = await broadcast(endpoint, signed);
  if (sent.ok || (again && signed.chain === 'bitcoin' && ALREADY_SENT.test(sent.reason))) return answer;
  const { failure } = signed;
  const message = failure.reasonInMessage ? `${failure.message}: ${sent.reason}` : failure.message;
  const id = 'id' in answer.response ? answer.response.id : '';
  return {
    ...answer,
    response: rpcFailure(id, failure.code, message, { reason: sent.reason }),
    outcome: 'error',
    transaction: { ...answer.transaction!, error: sent.reason },
  };
}

/** Decides and acts at once: for answers that are never stored (queries). */
export async function fulfil(request: Approvable, settings: Settings, account?: number): Promise<Answer> {
  const decision = await decide(request, settings, account);
  return isPrepared(decision) ? act(decision) : decision;
}
