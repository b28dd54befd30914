// Where a page's request enters the wallet: validate, route, then answer at once or prompt.
import type { Runtime } from 'webextension-polyfill';
import type { JsonValue } from '../core/json.ts';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../core/rpc.ts';
import { parseRequest, requestId } from '../core/request.ts';
import { prepareCall } from '../core/wallet.ts';
import type { CallLogEntry } from '../shared/control.ts';
import type { RpcReply, RpcRequestMessage } from '../shared/messages.ts';
import { failed, outcomeOf, rejection, type Answer } from './answer.ts';
import { logCall } from './call-log.ts';
import { connections } from './connections.ts';
import { fulfil } from './fulfil.ts';
import { pendingKey, pendingRequests, type PendingRequest } from './pending.ts';
import { openPromptWindow } from './prompt-window.ts';
import { currentSettings, keyRing } from './state.ts';

const reply = (response: RpcResponse): RpcReply => ({ type: 'rpc/response', response });

/** Chrome adds the sender's origin (the real one, also for about:blank frames); the polyfill's types lack it. */
function originOf(sender: Runtime.MessageSender & { origin?: string }): string {
  if (sender.origin) return sender.origin;
  try {
    return new URL(sender.url ?? '').origin;
  } catch {
    return 'null';
  }
}

export async function handleRpc(message: RpcRequestMessage, sender: Runtime.MessageSender): Promise<RpcReply> {
  const id = requestId(message.request);
  const tabId = sender.tab?.id;
  if (tabId === undefined) return reply(rpcFailure(id, RPC_ERROR.INVALID_REQUEST, 'requests must come from a web page'));
  const frameId = sender.frameId ?? 0;
  const key = pendingKey(tabId, frameId, id || crypto.randomUUID());
  // A repeat of a request the relay sent before this worker was stopped: it is already waiting.
  if (id && (await pendingRequests.get(key))) return { type: 'rpc/pending' };

  const settings = await currentSettings();
  const { method, params } = message.request;
  const entry: CallLogEntry = {
    id,
    origin: originOf(sender),
    url: sender.url ?? '',
    tabId,
    frameId,
    method: typeof method === 'string' ? method : JSON.stringify(method ?? null).slice(0, 128),
    ...(params !== undefined && { params }),
    userActivation: message.userActivation === true,
    outcome: 'pending',
    startedAt: Date.now(),
  };

  let answer: Answer;
  try {
    const request = parseRequest(message.request);
    const connectedAccount = await connections.get(entry.origin);
    const { method, target } = await prepareCall(keyRing, request.method, request.params as JsonValue | undefined, settings, connectedAccount);
    const approvable = { id, origin: entry.origin, method: request.method, ...(params !== undefined && { params }), target };
    // A query (supportedMethods) asks nothing of the person: no window, no policy.
    if (method.kind !== 'query' && settings.approvalPolicy === 'prompt') {
      const pending: PendingRequest = {
        key,
        id,
        origin: entry.origin,
        url: entry.url,
        tabId,
        frameId,
        ...(sender.documentId !== undefined && { documentId: sender.documentId }),
        method: request.method,
        ...(params !== undefined && { params }),
        target,
        ...(connectedAccount !== undefined && { connectedAccount }),
        createdAt: entry.startedAt,
      };
      // The window needs a few tens of milliseconds to ask for the request; storing it takes one.
      const stored = Promise.all([pendingRequests.set(key, pending), logCall(key, entry)]);
      const windowId = await openPromptWindow(pending, settings);
      await stored;
      await pendingRequests.update(key, (p) => ({ ...p, ...(windowId !== undefined && { windowId }) }));
      return { type: 'rpc/pending' };
    }
    answer =
      method.kind === 'query' || settings.approvalPolicy === 'approve'
        ? await fulfil(approvable, settings)
        : { response: rejection(id, request.method, settings, 'rejected'), outcome: 'rejected' };
  } catch (error) {
    answer = failed(id, error);
  }
  // Answer first; the log write follows without holding the page up.
  void logCall(key, { ...entry, ...outcomeOf(answer), settledAt: Date.now() });
  return reply(answer.response);
}
