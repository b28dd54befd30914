// Every message that crosses a context boundary, defined once and imported by both ends.
import type { JsonValue } from '../core/json.ts';
import type { NetworkName } from '../core/networks.ts';
import type { IdentityName, MethodKind } from '../core/choices.ts';
import type { MethodView, Target } from '../core/methods/method.ts';
import type { RpcResponse } from '../core/rpc.ts';
import type { Settings, SettingsPatch } from '../core/settings.ts';
import type { UsageFinding } from '../core/usage.ts';

// ── page (MAIN world) ⇄ relay (ISOLATED world), over a private MessagePort ──

/** Marks the one window message that hands the provider its port. */
export const HANDSHAKE = 'mock-wallet-provider/port';
/** A wallet's own page script (an identity's) asks for a port of its own with this document event; the relay answers with handshakeOf(name). */
export const helloOf = (identity: IdentityName): string => `mock-wallet-provider/${identity}-hello`;
export const handshakeOf = (identity: IdentityName): string => `mock-wallet-provider/${identity}-port`;

/** What a wallet event carries to the page (Xverse's accountChange, networkChange, disconnect). */
export interface PageEvent {
  event: { type: string } & Record<string, JsonValue>;
}

export interface PageRequest {
  id: string;
  method: JsonValue;
  params?: JsonValue;
  /** navigator.userActivation.isActive when the page called. */
  userActivation: boolean;
}

/** A provider script whose page added an event listener: from now on its frame hears its wallet's events. */
export interface PageListen {
  listen: true;
}

export interface PageResponse {
  id: string;
  response: RpcResponse;
}

// ── relay ⇄ background (runtime messaging) ──

export interface RpcRequestMessage {
  type: 'rpc/request';
  request: { id: string; method: JsonValue; params?: JsonValue };
  userActivation: boolean;
  /** When the frame last saw a trusted user gesture (epoch ms), if ever. */
  gestureAt?: number;
  /** The wallet the page called: absent for the contract's provider; 'xverse' for Xverse's (the relay knows by the port). */
  identity?: IdentityName;
  /** The requesting frame as its own relay sees it (frameFacts): what Chrome's sender information may lack. */
  frame: FrameFacts;
}

/**
 * What a relay knows of its own frame: whether the document's origin is opaque (a sandboxed
 * frame; Firefox's sender information gives only the URL, which names a real origin), and a token
 * drawn once per document, which makes an opaque frame's site its own and no other frame's.
 */
export interface FrameFacts {
  opaque: boolean;
  token: string;
}

/** A frame whose page listens for its wallet's events (relay → background); the reply is the frame's site. */
export interface WalletListenMessage {
  type: 'wallet/listen';
  identity: IdentityName;
  frame: FrameFacts;
}

/** An event for one identity's providers, sent to the frames of one site (background → relay → page). */
export interface WalletEventMessage {
  type: 'wallet/event';
  identity: IdentityName;
  /** The site it is for: a relay passes it on only when that is its own frame's site. */
  site: string;
  event: PageEvent['event'];
}

/** The final answer, as a reply or later through tabs.sendMessage. */
export interface RpcResponseMessage {
  type: 'rpc/response';
  response: RpcResponse;
}

/** The request waits for a person; the answer will come through tabs.sendMessage. */
export interface RpcPendingMessage {
  type: 'rpc/pending';
}

/** The relay asks again about a request still waiting for its answer (the worker may have stopped). */
export interface RpcPollMessage {
  type: 'rpc/poll';
  id: string;
}

/** The wallet holds no such request: it was answered already, or never arrived. */
export interface RpcUnknownMessage {
  type: 'rpc/unknown';
}

export type RpcReply = RpcResponseMessage | RpcPendingMessage | RpcUnknownMessage;

// ── approval window ⇄ background ──

export interface PromptDetailsMessage {
  type: 'prompt/details';
  key: string;
  account: number;
}

export interface PromptApproveMessage {
  type: 'prompt/approve';
  key: string;
  /** The account the person picked in the window; absent: the wallet's active account when approved. */
  account?: number;
}

export interface PromptRejectMessage {
  type: 'prompt/reject';
  key: string;
}

/**
 * The port a page's relay holds to the worker while a request of its frame waits: it drops when the
 * worker stops or dies, and connecting again starts the worker at once (src/content/index.ts).
 */
export const RELAY_PORT = 'relay-waiting';
/** The port a warm window (src/background/window/warm.ts) waits on for its request. */
export const WARM_PORT = 'warm-window';
/**
 * Down a warm window's port: the request that takes it, or that it is no longer the pool's (it closes). The port
 * stays open while the request is drawn; `again` then tells the window it is back in the pool, to draw itself as loaded.
 */
export type WarmPortMessage = { query: string } | { gone: true } | { again: true };

/** The query a warm window is marked with until a request takes it. */
export const WARM_QUERY = 'warm=1';
/** The event a warm window dispatches on itself once a request took it (TAKEN_QUERY then holds the request's query). */
export const TAKEN_EVENT = 'mock-wallet-taken';
/**
 * The event an approval window dispatches on itself when it is given back to the warm pool and drawn again: a kit
 * call still waiting in it for the last request (src/kit/prompt.ts) ends there, instead of reading the next one.
 */
export const AGAIN_EVENT = 'mock-wallet-again';
/** Where a taken warm window keeps that query (document.documentElement.dataset): in Firefox its address keeps the warm query. */
export const TAKEN_QUERY = 'takenQuery';
/** A page-script expression (for the kits' evaluates): the address of the request the approval window holds, as a window opened for it would have. */
export const HELD_ADDRESS_SCRIPT = `(document.documentElement.dataset.${TAKEN_QUERY} ? location.origin + location.pathname + '?' + document.documentElement.dataset.${TAKEN_QUERY} : location.href)`;

export type PromptMessage = PromptDetailsMessage | PromptApproveMessage | PromptRejectMessage;

export interface AccountSummary {
  account: number;
  p2wpkh: string;
  p2tr: string;
  stx: string;
}

export interface PromptDetails {
  origin: string;
  method: string;
  /** connect: the person picks the account; sign: the target account acts. */
  kind: MethodKind;
  network: NetworkName;
  target: Target;
  /** The account this origin last connected with, if it ever did. */
  connectedAccount?: number;
  /** A signing request named an account (`account` / `address`), whether or not the rule in force let it choose. */
  accountNamed: boolean;
  accountCount: number;
  activeAccount: number;
  summary: AccountSummary;
  /** The method's own fields and tables, in a person's terms. */
  view: MethodView;
  /** Usage rules this request breaks (shown as a notice, so a person clicking through sees them). */
  findings: UsageFinding[];
  /** The real wallet's error screen for this request: shown instead of it, with only a Close button. */
  screen?: { title: string; text: string };
}

/** gone: the request was answered or withdrawn elsewhere; its window has nothing left to do. */
export type PromptReply<T = null> = { ok: true; value: T } | { ok: false; error: string; gone?: true };

// ── settings page ⇄ background: the worker is the one writer, so its cache is never stale ──

export interface SettingsSaveMessage {
  type: 'settings/save';
  patch: SettingsPatch;
  /** The next Stacks nonce of the account and network the patch leaves active (the form's nonce field). */
  stacksNonce?: number;
}

export interface SettingsResetMessage {
  type: 'settings/reset';
}

export interface SettingsReadMessage {
  type: 'settings/read';
}

export type SettingsMessage = SettingsSaveMessage | SettingsResetMessage | SettingsReadMessage;
/** The settings the worker holds, and what was wrong with the stored ones (none once a change was saved). */
export type SettingsReply = PromptReply<{ settings: Settings; problems: string[] }>;

/** Query-string of the approval window: enough to draw it before any round trip. */
export interface PromptUrlParams {
  key: string;
  origin: string;
  method: string;
  kind: MethodKind;
  network: NetworkName;
  account: string;
  accountCount: string;
}

export function isMessage<T extends { type: string }>(value: unknown, type: T['type']): value is T {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;
}
