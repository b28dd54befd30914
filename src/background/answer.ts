// Answers a request exactly once: to the frame that asked, then the log, then the window.
import browser from 'webextension-polyfill';
import { methodNamed } from '../core/methods/index.ts';
import type { AccountSource } from '../core/methods/method.ts';
import { RPC_ERROR, RpcError, rpcFailure, type RpcFailure, type RpcResponse } from '../core/rpc.ts';
import type { Settings } from '../core/settings.ts';
import type { CallLogEntry, CallOutcome, LoggedTransaction } from '../shared/control.ts';
import type { JsonValue } from '../core/json.ts';
import type { RpcResponseMessage } from '../shared/messages.ts';
import { logOutcome, logWork } from './call-log.ts';
import { pendingRequests, type PendingRequest } from './pending.ts';
import { closePromptWindow } from './prompt-window.ts';

export interface Answer {
  response: RpcResponse;
  outcome: CallOutcome;
  account?: number;
  accountSource?: AccountSource;
  transaction?: LoggedTransaction;
}

export type Settled = Pick<CallLogEntry, 'outcome' | 'errorCode' | 'account' | 'accountSource' | 'result' | 'transaction'>;

/** The method's own words when the person rejects or closes (the real wallet's, for signing methods). */
export function rejection(id: string, method: string, settings: Settings, reason: 'rejected' | 'closed' | 'reset'): RpcFailure {
  const words = methodNamed(method)?.rejection ?? { rejected: 'User rejected the request.', closed: 'User closed the approval window.' };
  const message = reason === 'reset' ? 'The request was withdrawn: the wallet was reset.' : words[reason];
  return rpcFailure(id, settings.rejectionCode, message, { reason });
}

/** A thrown error as the page gets it: an RpcError keeps its code, anything else is -32603. */
export function failed(id: string, error: unknown): Answer {
  const response = error instanceof RpcError ? error.toResponse(id) : rpcFailure(id, RPC_ERROR.INTERNAL_ERROR, `the wallet failed: ${String(error)}`);
  return { response, outcome: 'error' };
}

export function outcomeOf(answer: Answer): Settled {
  const { response } = answer;
  return {
    outcome: answer.outcome,
    ...('error' in response && { errorCode: response.error.code }),
    ...('result' in response && { result: response.result as JsonValue }),
    ...(answer.account !== undefined && { account: answer.account }),
    ...(answer.accountSource !== undefined && { accountSource: answer.accountSource }),
    ...(answer.transaction !== undefined && { transaction: answer.transaction }),
  };
}

async function deliver(request: PendingRequest, response: RpcResponse): Promise<boolean> {
  const message: RpcResponseMessage = { type: 'rpc/response', response };
  const target = request.documentId ? { documentId: request.documentId } : { frameId: request.frameId };
  try {
    await browser.tabs.sendMessage(request.tabId, message, target);
    return true;
  } catch {
    return false; // the tab or frame is gone, or navigated away
  }
}

/**
 * Settles a pending request with the answer `decide` gives. Returns false when the
 * request was already settled (a second click, a window closed after approving).
 */
export function settle(key: string, decide: (request: PendingRequest) => Promise<Answer>): Promise<boolean> {
  return logWork(settleNow(key, decide));
}

async function settleNow(key: string, decide: (request: PendingRequest) => Promise<Answer>): Promise<boolean> {
  const request = await pendingRequests.take(key);
  if (!request) return false;
  let answer: Answer;
  try {
    answer = await decide(request);
  } catch (error) {
    answer = failed(request.id, error);
  }
  const delivered = await deliver(request, answer.response);
  await Promise.all([
    logOutcome(key, delivered ? outcomeOf(answer) : { ...outcomeOf(answer), outcome: 'dropped' }),
    closePromptWindow(request.windowId),
  ]);
  return true;
}

/** Forgets a request whose page is gone; its window closes, nothing is sent. */
export function drop(key: string): Promise<void> {
  return logWork(
    (async () => {
      const request = await pendingRequests.take(key);
      if (!request) return;
      await Promise.all([logOutcome(key, { outcome: 'dropped' }), closePromptWindow(request.windowId)]);
    })(),
  );
}
