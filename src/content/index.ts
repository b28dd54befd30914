// ISOLATED world relay: carries the provider's requests to the background and answers back.
// Origin, tab and frame are never taken from the page: the background reads them from
// the sender information Chrome attaches to this script's messages.
import browser, { type Runtime } from 'webextension-polyfill';
import { RPC_ERROR, rpcFailure, type RpcResponse } from '../core/rpc.ts';
import { HANDSHAKE, isMessage, type PageRequest, type RpcReply, type RpcRequestMessage, type RpcResponseMessage } from '../shared/messages.ts';

const RETRY_DELAYS_MS = [10, 50, 100, 250, 500, 1000, 2000, 4000];
const channel = new MessageChannel();
const outstanding = new Set<string>();

const ORPHAN_CHECK_MS = 500;
let orphanCheck: ReturnType<typeof setInterval> | undefined;

function answer(id: string, response: RpcResponse): void {
  if (!outstanding.delete(id)) return; // exactly one answer per request
  channel.port1.postMessage({ id, response });
  if (outstanding.size === 0 && orphanCheck !== undefined) {
    clearInterval(orphanCheck);
    orphanCheck = undefined;
  }
}

const extensionGone = (): boolean => !browser.runtime?.id;

/** An answer that was never coming: the extension was reloaded or removed under a waiting request. */
function answerOrphaned(): void {
  for (const id of [...outstanding]) {
    answer(id, rpcFailure(id, RPC_ERROR.INTERNAL_ERROR, 'the wallet extension was reloaded or removed; reload the page'));
  }
}

function track(id: string): void {
  outstanding.add(id);
  orphanCheck ??= setInterval(() => {
    if (extensionGone()) answerOrphaned();
  }, ORPHAN_CHECK_MS);
}

function isPageRequest(value: unknown): value is PageRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { id, userActivation } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && id.length <= 128 && typeof userActivation === 'boolean';
}

async function forward(request: PageRequest): Promise<void> {
  const message: RpcRequestMessage = {
    type: 'rpc/request',
    request: request.params === undefined ? { id: request.id, method: request.method } : { id: request.id, method: request.method, params: request.params },
    userActivation: request.userActivation,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = (await browser.runtime.sendMessage(message)) as RpcReply | undefined;
      if (isMessage<RpcResponseMessage>(reply, 'rpc/response')) answer(request.id, reply.response);
      return; // 'rpc/pending': the answer comes through tabs.sendMessage
    } catch (error) {
      if (!outstanding.has(request.id)) return;
      if (extensionGone()) {
        answerOrphaned();
        return;
      }
      // The worker was stopped mid-request: send again; the background knows a repeat by its id.
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        answer(request.id, rpcFailure(request.id, RPC_ERROR.INTERNAL_ERROR, `the wallet did not answer: ${String(error)}`));
        return;
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

channel.port1.onmessage = (event: MessageEvent<unknown>) => {
  if (!isPageRequest(event.data) || outstanding.has(event.data.id)) return;
  track(event.data.id);
  void forward(event.data);
};

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id || !isMessage<RpcResponseMessage>(message, 'rpc/response')) return undefined;
  answer(message.response.id, message.response);
  return undefined;
});

window.postMessage({ [HANDSHAKE]: true }, '*', [channel.port2]);
