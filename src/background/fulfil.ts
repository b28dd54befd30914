// What approving a request does, whoever approves it: the window, a test, or the 'approve' policy.
import { findMethod } from '../core/request.ts';
import { respond } from '../core/wallet.ts';
import { rpcFailure, rpcSuccess } from '../core/rpc.ts';
import type { Target } from '../core/methods/method.ts';
import type { JsonValue } from '../core/json.ts';
import type { Settings } from '../core/settings.ts';
import type { LoggedTransaction } from '../shared/control.ts';
import type { Answer } from './answer.ts';
import { broadcast } from './broadcast.ts';
import { connections } from './connections.ts';
import { keyRing, updateSettings } from './state.ts';

export interface Approvable {
  id: string;
  origin: string;
  method: string;
  params?: JsonValue;
  target: Target;
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
  const outcome = await respond(keyRing, settings, { method, params: method.parse(request.params, settings), target });
  const answered = { account: target.account, accountSource: target.source };
  if (method.kind === 'connect') await connections.set(request.origin, target.account);
  let transaction: LoggedTransaction | undefined;
  if (outcome.transaction) {
    const { hex, txid, chain, failure } = outcome.transaction;
    transaction = { chain, hex, txid };
    const url = settings.bitcoinBroadcastUrl;
    if (url) {
      const sent = await broadcast(url, outcome.transaction);
      transaction = { ...transaction, sentTo: `${url}/tx`, ...(!sent.ok && { error: sent.reason }) };
      if (!sent.ok) {
        const message = failure.reasonInMessage ? `${failure.message}: ${sent.reason}` : failure.message;
        return { response: rpcFailure(request.id, failure.code, message, { reason: sent.reason }), outcome: 'error', ...answered, transaction };
      }
    }
  }
  return { response: rpcSuccess(request.id, outcome.result), outcome: 'approved', ...answered, ...(transaction && { transaction }) };
}
