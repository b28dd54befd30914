// Answers a request exactly once: to the frame that asked, then the log, then the window.
import browser from 'webextension-polyfill';
import { RPC_ERROR, rpcFailure, type RpcFailure, type RpcResponse } from '../core/rpc.ts';
import type { Settings } from '../core/settings.ts';
import type { CallLogEntry, CallOutcome } from '../shared/control.ts';
import type { RpcResponseMessage } from '../shared/messages.ts';
import { logOutcome, logWork } from './call-log.ts';
import { pendingRequests, type PendingRequest } from './pending.ts';
import { closePromptWindow } from './prompt-window.ts';

export interface Answer {
  response: RpcResponse;
  outcome: CallOutcome;
  account?: number;
}

export function rejection(id: string, settings: Settings, reason: 'rejected' | 'closed' | 'reset'): RpcFailure {
  const message = {
    rejected: 'User rejected the request.',
    closed: 'User closed the approval window.',
    reset: 'The request was withdrawn: the wallet was reset.',
  }[reason];
  return rpcFailure(id, settings.rejectionCode, message, { reason });
}

export function outcomeOf(answer: Answer): Pick<CallLogEntry, 'outcome' | 'errorCode' | 'account'> {
  const errorCode = 'error' in answer.response ? answer.response.error.code : undefined;
  return {
    outcome: answer.outcome,
    ...(errorCode !== undefined && { errorCode }),
    ...(answer.account !== undefined && { account: answer.account }),
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
    answer = { response: rpcFailure(request.id, RPC_ERROR.INTERNAL_ERROR, `the wallet failed: ${String(error)}`), outcome: 'error' };
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
