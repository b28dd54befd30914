// Whether a stored answer is the request's own: the one check every delivery path makes (settle.ts: delivered
// live, by a restarted worker, or handed to the relay that asks again), kept free of browser APIs so it is unit-tested.
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import type { AnswerFor, PendingRequest, StoredAnswer } from './pending.ts';

const same = (a: AnswerFor, b: AnswerFor): boolean =>
  a.id === b.id && a.origin === b.origin && a.tabId === b.tabId && a.frameId === b.frameId && a.documentId === b.documentId;

/** Whom a request's answer is for, stamped on it when it is stored: its id, origin and frame. */
export const answerFor = (request: PendingRequest): AnswerFor => ({
  id: request.id,
  origin: request.origin,
  tabId: request.tabId,
  frameId: request.frameId,
  ...(request.documentId !== undefined && { documentId: request.documentId }),
});

/**
 * The stored answer, if it is this request's: its envelope names the request's id, and it was stored for
 * this id, origin and frame. Anything else (storage written by something other than this worker) is
 * reported and replaced by an error naming the request: never delivered, whatever the path.
 */
export function ownAnswer(request: PendingRequest, answer: StoredAnswer, report: (problem: string) => void): { response: RpcResponse; forged: boolean } {
  const { response } = answer;
  const stamped: Partial<AnswerFor> | undefined = typeof answer.for === 'object' && answer.for !== null ? answer.for : undefined;
  const envelope = typeof response === 'object' && response !== null && 'id' in response;
  const fits = envelope && response.id === request.id && response.jsonrpc === '2.0' && stamped !== undefined && same(stamped as AnswerFor, answerFor(request));
  if (fits) return { response, forged: false };
  const found = `id ${JSON.stringify(envelope ? response.id : undefined)}${stamped ? `, made for ${stamped.origin} (tab ${stamped.tabId}, frame ${stamped.frameId}, id ${stamped.id})` : ', made for no request'}`;
  report(
    `the stored answer of ${request.method} from ${request.origin} (id ${request.id}) was not made for it (${found}): dropped, never delivered; the page got an error`,
  );
  return {
    response: rpcFailure(
      request.id,
      RPC_ERROR.INTERNAL_ERROR,
      'the wallet no longer holds a valid answer for this request (its stored answer was not made for it); ask again',
    ),
    forged: true,
  };
}
