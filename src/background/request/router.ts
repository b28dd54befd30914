// Where a page's request enters the wallet, by step: what arrived → the call resolved (the one call pipeline,
// core/wallet.ts) → its arrival checks → does it wait? → stored and prompted or decided by the policy, or
// answered at once. The request's wallet and method are resolved once, and kept with it (resolved.ts).
import type { Runtime } from 'webextension-polyfill';
import { REQUEST_LIMITS, toJsonValue } from '../../core/json.ts';
import { RPC_ERROR, RpcError, invalidParams, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import { MAX_METHOD_LENGTH, parseRequest, requestId } from '../../core/envelope.ts';
import { type Call, arrivalChecks, deliveryDelayMs, prepareCall } from '../../core/wallet.ts';
import type { JsonValue } from '../../core/json.ts';
import type { Settings } from '../../core/settings.ts';
import type { IdentityName } from '../../core/choices.ts';
import { isIdentity, walletFor } from '../../wallets/index.ts';
import type { CallLogEntry } from '../../shared/control.ts';
import type { RpcPollMessage, RpcReply, RpcRequestMessage } from '../../shared/messages.ts';
import { answerForRetry, failed, outcomeOf, rejection } from './settle.ts';
import type { Answer } from './decision.ts';
import { approve, reject } from './approvals.ts';
import { logCall, logWork } from '../store/call-log.ts';
import { contextFor, fulfil } from './decide.ts';
import { admit, pendingKey, pendingRequests, type PendingRequest } from './pending.ts';
import { forgetResolved, keepResolved } from './resolved.ts';
import { openQueued } from '../window/queue.ts';
import type { ErrorScreen } from '../../core/methods/method.ts';
import { callerOf, frameFactsOf } from '../../shared/site.ts';
import { connectionOf, grantOf } from '../store/site-grants.ts';
import { noteFrame } from '../events/wallet-events.ts';
import { currentSettings, keyRing, settingsProblems, walletOf } from '../store/state.ts';

const reply = (response: RpcResponse): RpcReply => ({ type: 'rpc/response', response });

/** Where a known request stands: its stored answer, or still waiting. */
async function statusOf(key: string): Promise<RpcReply> {
  const answer = await answerForRetry(key);
  return answer ? reply(answer) : { type: 'rpc/pending' };
}

/** The relay asking again about a request it is still waiting on. */
export async function handlePoll(message: RpcPollMessage, sender: Runtime.MessageSender): Promise<RpcReply> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || typeof message.id !== 'string') return { type: 'rpc/unknown' };
  const key = pendingKey(tabId, sender.frameId ?? 0, message.id);
  return (await pendingRequests.get(key)) ? statusOf(key) : { type: 'rpc/unknown' };
}

/** Answering with the default mnemonic would speak for a wallet the developer did not choose. */
const UNUSABLE_WALLET =
  "the wallet's stored mnemonic or passphrase is invalid, so it will not answer for a different wallet; fix it on the settings page, with wallet.setMnemonic(), or with wallet.reset()";

/** A request as it arrived: where from (Chrome's sender, never the page) and what it carries, read once. */
interface Arrival {
  message: RpcRequestMessage;
  sender: Runtime.MessageSender;
  id: string;
  key: string;
  tabId: number;
  frameId: number;
  /** Only the relay sets it, from the port the request came through; anything else is the contract's provider. */
  identity?: IdentityName;
  /** The params as the relay forwarded them, checked against the request limits. */
  checked: ReturnType<typeof toJsonValue>;
  params: JsonValue | undefined;
  caller: { origin: string; site: string };
  /** Its call-log entry, filled in as the steps learn more (what the usage rules read). */
  entry: CallLogEntry;
}

export async function handleRpc(message: RpcRequestMessage, sender: Runtime.MessageSender): Promise<RpcReply> {
  const id = requestId(message.request);
  const tabId = sender.tab?.id;
  if (tabId === undefined) return reply(rpcFailure(id, RPC_ERROR.INVALID_REQUEST, 'requests must come from a web page'));
  const key = pendingKey(tabId, sender.frameId ?? 0, id || crypto.randomUUID());
  // A repeat of a request the relay sent before this worker was stopped: it is waiting, or decided.
  if (id && (await pendingRequests.get(key))) return statusOf(key);
  const arrival = await arrive(message, sender, id, key, tabId);
  const settings = await currentSettings();
  let answer: Answer;
  try {
    const call = await resolve(arrival, settings);
    const checks = await checkOnArrival(arrival, call, settings);
    if (waits(call, settings)) {
      await wait(arrival, call, checks, settings);
      return { type: 'rpc/pending' };
    }
    answer = await answerNow(arrival, call, checks, settings);
  } catch (error) {
    answer = failed(id, error);
  }
  // Answer first; the log write follows without holding the page up.
  void logCall(key, { ...arrival.entry, ...outcomeOf(answer), settledAt: Date.now() });
  return reply(answer.response);
}

/** Step 1: what arrived, and its log entry. A frame that calls a wallet with events may hear them: noted now, before anything it is granted. */
async function arrive(message: RpcRequestMessage, sender: Runtime.MessageSender, id: string, key: string, tabId: number): Promise<Arrival> {
  const frameId = sender.frameId ?? 0;
  const { method } = message.request;
  const identity = isIdentity(message.identity) ? message.identity : undefined;
  // The relay forwards what the page's port carried; the page may not have used the provider.
  const checked = toJsonValue(message.request.params, REQUEST_LIMITS, 'params');
  const params = checked.ok ? checked.value : undefined;
  const caller = callerOf(sender, frameFactsOf(message.frame));
  if (identity) await noteFrame(identity, caller.site, sender);
  const entry: CallLogEntry = {
    id,
    origin: caller.origin,
    url: sender.url ?? '',
    tabId,
    frameId,
    method: typeof method === 'string' ? (method.length > MAX_METHOD_LENGTH ? `${method.slice(0, MAX_METHOD_LENGTH)}…` : method) : typeof method,
    ...(identity && { identity }),
    ...(params !== undefined && { params }),
    userActivation: message.userActivation === true,
    ...(typeof message.gestureAt === 'number' && Number.isFinite(message.gestureAt) && { gestureAt: message.gestureAt }),
    outcome: 'pending',
    startedAt: Date.now(),
  };
  return { message, sender, id, key, tabId, frameId, ...(identity && { identity }), checked, params, caller, entry };
}

/** Step 2: the call, resolved once by the pipeline (core/wallet.ts) from what the site holds of this wallet. Throws RpcError. */
/** A call as the router keeps it: the method's name as the page called it (OKX's names its provider object), the site's connection. */
type Resolved = Call & { name: string; connectedAccount?: number };

async function resolve(arrival: Arrival, settings: Settings): Promise<Resolved> {
  const { identity, caller, checked } = arrival;
  const request = parseRequest(arrival.message.request);
  if (!checked.ok) throw invalidParams(`${checked.path} ${checked.reason}`);
  if (identity && !settings.identities.includes(identity)) {
    throw new RpcError(
      RPC_ERROR.INTERNAL_ERROR,
      `this wallet no longer poses as ${identity} (the identities setting was changed after the page loaded); reload the page, or add '${identity}' to identities`,
    );
  }
  // What this site holds of this wallet (a grant or connection given to another wallet counts as none).
  let walletNow: Promise<string | undefined> | undefined;
  const wallet = (): Promise<string | undefined> => (walletNow ??= walletOf(settings));
  const connectedAccount = await connectionOf(caller.site, wallet);
  const grant = identity ? await grantOf(identity, caller.site, wallet) : undefined;
  const call = await prepareCall(keyRing, walletFor(identity), request.method, arrival.params, settings, {
    ...(connectedAccount !== undefined && { connected: connectedAccount }),
    ...(grant && { grant }),
  });
  // What the usage rules read (core/usage.ts): the wallet's state as this call found it.
  arrival.entry.kind = call.kind;
  arrival.entry.activeAccount = settings.activeAccount;
  if (connectedAccount !== undefined) arrival.entry.connectedAccount = connectedAccount;
  return { ...call, name: request.method, ...(connectedAccount !== undefined && { connectedAccount }) };
}

/** What a signing request met on arrival: the wallet it is for, the real wallet's error screen if any. */
interface ArrivalFacts {
  fingerprint?: string;
  screen?: ErrorScreen;
}

/** Step 3: the arrival checks (a precheck refuses at once; an error screen is kept), the method's notes, the wallet's state. */
async function checkOnArrival(arrival: Arrival, call: Call, settings: Settings): Promise<ArrivalFacts> {
  const { entry } = arrival;
  const { method, params, target } = call;
  const facts: ArrivalFacts = {};
  if (call.kind === 'sign') {
    entry.accountNamed = method.requestedAccount(params) !== undefined;
    entry.accountRule = settings.accountRule;
    const keys = await keyRing.account(settings.mnemonic, settings.passphrase, target.network, target.account);
    facts.fingerprint = keys.fingerprint;
    if (method.precheck || method.errorScreen) {
      const screen = await arrivalChecks(method, params, await contextFor(call.wallet, method, settings, target));
      if (screen) facts.screen = screen;
    }
    const notes = method.notes?.(params, { target, keys }) ?? [];
    if (notes.length > 0) entry.notes = notes;
  }
  const ignored = method.ignored?.(params) ?? [];
  if (ignored.length > 0) entry.ignoredParams = ignored.slice(0, 20).map((name) => name.slice(0, 64));
  if (call.kind !== 'query' && (await settingsProblems()).walletUnusable) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, UNUSABLE_WALLET);
  if (call.kind !== 'query') entry.asksApproval = true;
  return facts;
}

/**
 * Step 4, which requests wait as stored entries: one asking a person (a window opens), one whose answer the
 * slow-wallet fault delays (so a reset withdraws it and a stopped worker still delivers it), and a signing
 * request approved at once (its transaction and nonce are decided exactly once, whatever happens to this
 * worker or the page's retry). A query (supportedMethods) asks nothing of the person: no window, no policy.
 */
function waits(call: Call, settings: Settings): boolean {
  const prompted = call.kind !== 'query' && settings.approvalPolicy === 'prompt';
  return prompted || deliveryDelayMs(call, settings) > 0 || (call.kind === 'sign' && settings.approvalPolicy === 'approve');
}

/** Step 5a: stored, then its window opens (in turn, window/queue.ts), or the policy decides it. */
async function wait(arrival: Arrival, call: Resolved, facts: ArrivalFacts, settings: Settings): Promise<void> {
  const { key, id, caller, entry, tabId, frameId, identity, params, sender } = arrival;
  const prompted = call.kind !== 'query' && settings.approvalPolicy === 'prompt';
  const pending: PendingRequest = {
    key,
    id,
    origin: entry.origin,
    site: caller.site,
    url: entry.url,
    tabId,
    frameId,
    ...(sender.documentId !== undefined && { documentId: sender.documentId }),
    method: call.name,
    ...(identity && { identity }),
    ...(params !== undefined && { params }),
    target: call.target,
    ...(call.connectedAccount !== undefined && { connectedAccount: call.connectedAccount }),
    ...(facts.fingerprint !== undefined && { fingerprint: facts.fingerprint }),
    ...(facts.screen && { screen: facts.screen }),
    createdAt: entry.startedAt,
    ...(prompted && { queued: true as const }),
  };
  // Stored before its window opens: no room, or a write the quota refuses, answers the page and opens nothing.
  // Logged first: a worker that dies between the two leaves a log entry that the relay's resend writes again,
  // never a request the log does not know (its outcome would have nowhere to go). Readers of the log wait for both.
  keepResolved(key, settings, call);
  await logWork(
    (async () => {
      await logCall(key, entry);
      await admit(pending);
    })(),
  ).catch((refused: unknown) => {
    forgetResolved(key);
    throw refused;
  });
  // An error screen can only be closed: either policy presses its Close button.
  if (!prompted) await (settings.approvalPolicy === 'approve' && !facts.screen ? approve(key) : reject(key, 'rejected'));
  else await openQueued();
}

/** Step 5b: answered at once: a query, or the approve or reject policy for what need not wait. */
async function answerNow(arrival: Arrival, call: Resolved, facts: ArrivalFacts, settings: Settings): Promise<Answer> {
  const { id, entry, caller, identity, params } = arrival;
  const approvable = {
    id,
    origin: entry.origin,
    site: caller.site,
    method: call.name,
    ...(identity && { identity }),
    ...(params !== undefined && { params }),
    target: call.target,
    ...(facts.screen && { screen: facts.screen }),
  };
  return call.kind === 'query' || settings.approvalPolicy === 'approve'
    ? fulfil(approvable, settings)
    : { response: rejection(approvable, settings, 'rejected'), outcome: 'rejected' };
}
