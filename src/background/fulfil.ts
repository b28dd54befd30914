// What approving a request does, whoever approves it: the window, a test, or the 'approve' policy.
import { findMethod } from '../core/request.ts';
import { methodContext } from '../core/wallet.ts';
import { RPC_ERROR, RpcError, rpcFailure, rpcSuccess } from '../core/rpc.ts';
import type { AnyMethod, MethodContext, Target } from '../core/methods/method.ts';
import type { JsonValue } from '../core/json.ts';
import { nonceKey, walletNonce, type Settings } from '../core/settings.ts';
import type { LoggedTransaction } from '../shared/control.ts';
import type { Answer } from './answer.ts';
import { broadcast, broadcastEndpoint, nodeNonce } from './broadcast.ts';
import { connections } from './connections.ts';
import { changeSettings, keyRing, updateSettings } from './state.ts';

export interface Approvable {
  id: string;
  origin: string;
  method: string;
  params?: JsonValue;
  target: Target;
}

/** The method's context; for a Stacks transaction with stacksNodeUrl set, the nonce is the node's. */
export async function contextFor(method: AnyMethod, settings: Settings, target: Target): Promise<MethodContext> {
  const context = await methodContext(keyRing, settings, target);
  if (!settings.stacksNodeUrl || !method.usesStacksNonce) return context;
  try {
    return { ...context, stacksNonce: await nodeNonce(settings.stacksNodeUrl, context.keys.stx.address) };
  } catch (error) {
    throw new RpcError(RPC_ERROR.INTERNAL_ERROR, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The approved answer. For getAddresses, `account` is the one the person picked (it
 * becomes the wallet's active account, as in a real wallet); signing methods act for
 * the target fixed when the request arrived, and refuse another.
 */
export async function fulfil(request: Approvable, settings: Settings, account?: number): Promise<Answer> {
  const method = findMethod(request.method);
  let target = request.target;
  if (method.kind === 'connect') {
    const chosen = account ?? settings.activeAccount;
    if (chosen !== settings.activeAccount) settings = await updateSettings({ activeAccount: chosen });
    target = { ...target, account: chosen, source: account === undefined || account === request.target.account ? target.source : 'prompt' };
  } else if (account !== undefined && account !== target.account) {
    throw new Error(`this ${method.name} request acts for account ${target.account}; a signing request's account cannot be changed when approving`);
  }
  const params = method.parse(request.params, settings);
  const outcome = await method.respond(params, await contextFor(method, settings, target));
  const answered = method.kind === 'query' ? {} : { account: target.account, accountSource: target.source };
  if (method.kind === 'connect') await connections.set(request.origin, target.account);
  if (!outcome.transaction) return { response: rpcSuccess(request.id, outcome.result), outcome: 'approved', ...answered };

  const signed = outcome.transaction;
  let transaction: LoggedTransaction = { chain: signed.chain, hex: signed.hex, txid: signed.txid, ...(signed.nonce !== undefined && { nonce: signed.nonce }) };
  const { nonce } = signed;
  if (signed.chain === 'stacks' && nonce !== undefined) {
    // The wallet's counter moves past every nonce it signs with, as a real wallet's pending nonce does.
    await changeSettings((current) =>
      nonce < walletNonce(current, target.network, target.account) ? {} : { stacksNonces: { ...current.stacksNonces, [nonceKey(target.network, target.account)]: nonce + 1 } },
    );
  }
  const endpoint = broadcastEndpoint(settings, signed);
  if (endpoint) {
    const sent = await broadcast(endpoint, signed);
    transaction = { ...transaction, sentTo: endpoint, ...(!sent.ok && { error: sent.reason }) };
    if (!sent.ok) {
      const { failure } = signed;
      const message = failure.reasonInMessage ? `${failure.message}: ${sent.reason}` : failure.message;
      return { response: rpcFailure(request.id, failure.code, message, { reason: sent.reason }), outcome: 'error', ...answered, transaction };
    }
  }
  return { response: rpcSuccess(request.id, outcome.result), outcome: 'approved', ...answered, transaction };
}
