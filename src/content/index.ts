// ISOLATED world relay: carries the provider's requests to the background and answers back.
// Origin, tab and frame are never taken from the page: the background reads them from
// the sender information Chrome attaches to this script's messages.
import browser, { type Runtime } from 'webextension-polyfill';
import { REQUEST_LIMITS, toJsonValue } from '../core/json.ts';
import { MAX_ID_LENGTH, parseRequest } from '../core/envelope.ts';
import { RPC_ERROR, RpcError, rpcFailure, type RpcResponse } from '../core/rpc.ts';
import {
  HANDSHAKE,
  handshakeOf,
  helloOf,
  isMessage,
  type FrameFacts,
  type PageEvent,
  type PageRequest,
  type RpcPendingMessage,
  type RpcPollMessage,
  type RpcReply,
  type RpcRequestMessage,
  type RpcResponseMessage,
  type WalletEventMessage,
  type WalletListenMessage,
  RELAY_PORT,
} from '../shared/messages.ts';
import type { IdentityName } from '../core/choices.ts';
import { siteKey } from '../shared/site.ts';

/** The wallets' identities, written in by the build from the wallets' table (the records stay out of this bundle). */
declare const __IDENTITY_NAMES__: readonly IdentityName[];

const RETRY_DELAYS_MS = [10, 50, 100, 250, 500, 1000, 2000, 4000];
/** How often a request waiting for its person is asked about: it wakes a stopped worker, which then delivers. */
const POLL_MS = 1000;
/** Polls the wallet may answer "no such request" (its answer in flight) before the request counts as lost. */
const UNKNOWN_LIMIT = 3;
const channel = new MessageChannel();
/** Each identity's providers get a port of their own when their page script asks: the port says which wallet was called. */
const ports = new Map<IdentityName, MessageChannel>();
/** Each waiting request, and the port its answer goes back through. */
const outstanding = new Map<string, MessagePort>();
/**
 * This frame as the wallet must know it: self.origin is the document's own origin here, "null" in
 * a sandboxed frame (checked in Chromium and Firefox), and the token is this document's alone.
 */
const frame: FrameFacts = { opaque: self.origin === 'null', token: crypto.randomUUID() };
/** The site this frame's events are for: an event for any other site is not passed to the page. */
const ownSite = siteKey(self.origin, frame);
/** The providers whose page listens for events: the wallet was told once. */
const listening = new Set<IdentityName>();

const ORPHAN_CHECK_MS = 500;
let orphanCheck: ReturnType<typeof setInterval> | undefined;

function answer(id: string, response: RpcResponse): void {
  const port = outstanding.get(id);
  if (!port) return; // exactly one answer per request
  outstanding.delete(id);
  port.postMessage({ id, response });
  if (outstanding.size === 0 && orphanCheck !== undefined) {
    clearInterval(orphanCheck);
    orphanCheck = undefined;
  }
  if (outstanding.size === 0) {
    watching?.disconnect();
    watching = undefined;
  }
}

/** How soon the relay connects again after its port to the worker dropped. */
const RECONNECT_MS = 50;
let watching: Runtime.Port | undefined;

/**
 * While a request waits, a port to the worker. It drops when the worker stops, or dies with the
 * extension's renderer (killed under memory pressure, an "Aw, Snap!"), and connecting again starts
 * the worker at once: its start-up recovery (background/request/recover.ts) opens a new window for a
 * request whose window died, a poll's second sooner.
 */
function watchWorker(): void {
  if (watching || outstanding.size === 0 || extensionGone()) return;
  try {
    watching = browser.runtime.connect({ name: RELAY_PORT });
  } catch {
    return; // the extension is gone: the orphan check answers
  }
  const port = watching;
  port.onDisconnect.addListener(() => {
    if (watching !== port) return;
    watching = undefined;
    setTimeout(watchWorker, RECONNECT_MS);
  });
}

const extensionGone = (): boolean => !browser.runtime?.id;

/** An answer that was never coming: the extension was reloaded or removed under a waiting request. */
function answerOrphaned(): void {
  for (const id of [...outstanding.keys()]) {
    answer(id, rpcFailure(id, RPC_ERROR.INTERNAL_ERROR, 'the wallet extension was reloaded or removed; reload the page'));
  }
}

function track(id: string, port: MessagePort): void {
  outstanding.set(id, port);
  orphanCheck ??= setInterval(() => {
    if (extensionGone()) answerOrphaned();
  }, ORPHAN_CHECK_MS);
}

/** The id a port message answers to, when it has one this relay can answer. */
function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH ? id : undefined;
}

/**
 * The port is meant for the provider, but this relay does not take that on trust: it
 * checks each request's shape and size itself, and confirms the page's userActivation
 * with the frame's own state (shared by all worlds) instead of believing the message.
 */
function checked(id: string, value: object): PageRequest | RpcResponse {
  let method: string;
  try {
    ({ method } = parseRequest(value));
  } catch (error) {
    return error instanceof RpcError ? error.toResponse(id) : rpcFailure(id, RPC_ERROR.INVALID_REQUEST, String(error));
  }
  const { params, userActivation } = value as Record<string, unknown>;
  const safe = toJsonValue(params, REQUEST_LIMITS, 'params');
  if (!safe.ok) return rpcFailure(id, RPC_ERROR.INVALID_PARAMS, `${safe.path} ${safe.reason}`);
  const active = userActivation === true && navigator.userActivation?.isActive === true;
  return safe.value === undefined ? { id, method, userActivation: active } : { id, method, params: safe.value, userActivation: active };
}

// The last trusted user gesture in this frame (the gestures that grant user activation). Seen from
// this world, which page scripts cannot reach: the usage rules tell one action from the next by it.
let lastGestureAt: number | undefined;
for (const type of ['pointerdown', 'keydown', 'touchend'] as const) {
  addEventListener(type, (event) => void (event.isTrusted && (lastGestureAt = Date.now())), { capture: true, passive: true });
}

async function forward(request: PageRequest, identity?: IdentityName): Promise<void> {
  const message: RpcRequestMessage = {
    type: 'rpc/request',
    request: request.params === undefined ? { id: request.id, method: request.method } : { id: request.id, method: request.method, params: request.params },
    userActivation: request.userActivation,
    ...(lastGestureAt !== undefined && { gestureAt: lastGestureAt }),
    ...(identity && { identity }),
    frame,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = (await browser.runtime.sendMessage(message)) as RpcReply | undefined;
      if (isMessage<RpcResponseMessage>(reply, 'rpc/response')) answer(request.id, reply.response);
      else if (isMessage<RpcPendingMessage>(reply, 'rpc/pending')) {
        // The answer comes through tabs.sendMessage, or a poll.
        poll(request.id);
        watchWorker();
      }
      // No reply: the worker died holding it (Chrome closes the message's channel, which the polyfill
      // reads as no answer). Sent again, as after a failure; polled instead, a request it never stored
      // was answered "no longer holds this request".
      else throw new Error('the wallet gave no reply');
      return;
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

/**
 * Asks again while a request waits. A worker Chrome stopped after deciding, but before
 * delivering, is woken by the poll and hands the stored answer back as its reply.
 */
function poll(id: string): void {
  let unknown = 0;
  const tick = async (): Promise<void> => {
    if (!outstanding.has(id)) return;
    try {
      const reply = (await browser.runtime.sendMessage({ type: 'rpc/poll', id } satisfies RpcPollMessage)) as RpcReply | undefined;
      if (isMessage<RpcResponseMessage>(reply, 'rpc/response')) return answer(id, reply.response);
      unknown = isMessage(reply, 'rpc/unknown') ? unknown + 1 : 0;
      if (unknown >= UNKNOWN_LIMIT) return answer(id, rpcFailure(id, RPC_ERROR.INTERNAL_ERROR, 'the wallet no longer holds this request; send it again'));
    } catch {
      if (extensionGone()) return answerOrphaned();
      // The worker is restarting: the next poll reaches it.
    }
    setTimeout(() => void tick(), POLL_MS);
  };
  setTimeout(() => void tick(), POLL_MS);
}

/**
 * The page added a listener to a provider with events: the wallet notes this frame (tab, frame and
 * document, from Chrome's sender information) as one to send that wallet's events to. Once per document.
 */
function listen(identity: IdentityName): void {
  if (listening.has(identity)) return;
  listening.add(identity);
  const message: WalletListenMessage = { type: 'wallet/listen', identity, frame };
  void browser.runtime.sendMessage(message).catch(() => listening.delete(identity));
}

const isListen = (data: unknown): boolean => typeof data === 'object' && data !== null && (data as Record<string, unknown>)['listen'] === true;

/** Requests through one provider's port: checked here, then sent to the wallet tagged with that provider's identity. */
const receiveFrom =
  (port: MessagePort, identity?: IdentityName) =>
  (event: MessageEvent<unknown>): void => {
    if (identity && isListen(event.data)) {
      listen(identity);
      return;
    }
    const id = idOf(event.data);
    if (id === undefined || outstanding.has(id)) return;
    track(id, port);
    const request = checked(id, event.data as object);
    if ('jsonrpc' in request) answer(id, request);
    else void forward(request, identity);
  };
channel.port1.onmessage = receiveFrom(channel.port1);

// Each identity's page script (registered only while the identities setting lists it) asks once for
// its port. A page script could ask too: it gets a port whose requests the wallet answers only while
// that identity is on.
for (const identity of __IDENTITY_NAMES__) {
  document.addEventListener(helloOf(identity), () => {
    if (ports.has(identity)) return;
    const channel = new MessageChannel();
    ports.set(identity, channel);
    channel.port1.onmessage = receiveFrom(channel.port1, identity);
    window.postMessage({ [handshakeOf(identity)]: true }, '*', [channel.port2]);
  });
}

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id) return undefined;
  if (isMessage<RpcResponseMessage>(message, 'rpc/response')) answer(message.response.id, message.response);
  // Only an event for this frame's own site: never one meant for another frame of the tab.
  else if (isMessage<WalletEventMessage>(message, 'wallet/event') && message.site === ownSite)
    ports.get(message.identity)?.port1.postMessage({ event: message.event } satisfies PageEvent);
  return undefined;
});

window.postMessage({ [HANDSHAKE]: true }, '*', [channel.port2]);
