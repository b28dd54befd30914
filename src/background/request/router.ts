// Where a page's request enters the wallet: validate, route, then answer at once or prompt.
import type { Runtime } from 'webextension-polyfill';
import { REQUEST_LIMITS, toJsonValue } from '../../core/json.ts';
import { RPC_ERROR, RpcError, invalidParams, rpcFailure, type RpcResponse } from '../../core/rpc.ts';
import { MAX_METHOD_LENGTH, parseRequest, requestId } from '../../core/envelope.ts';
import { arrivalChecks, prepareCall } from '../../core/wallet.ts';
import { isIdentity } from '../../core/choices.ts';
import { answerDelayMs } from '../../core/faults.ts';
import type { CallLogEntry } from '../../shared/control.ts';
import type { RpcPollMessage, RpcReply, RpcRequestMessage } from '../../shared/messages.ts';
import { answerForRetry, failed, outcomeOf, rejection } from './settle.ts';
import type { Answer } from './decision.ts';
import { approve, reject } from './approvals.ts';
import { logCall, logWork } from '../store/call-log.ts';
import { contextFor, fulfil } from './decide.ts';
import { admit, pendingKey, pendingRequests, type PendingRequest } from './pending.ts';
import { forgetParsed, keepParsed } from './parsed.ts';
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

export async function handleRpc(message: RpcRequestMessage, sender: Runtime.MessageSender): Promise<RpcReply> {
  const id = requestId(message.request);
  const tabId = sender.tab?.id;
  if (tabId === undefined) return reply(rpcFailure(id, RPC_ERROR.INVALID_REQUEST, 'requests must come from a web page'));
  const frameId = sender.frameId ?? 0;
  const key = pendingKey(tabId, frameId, id || crypto.randomUUID());
  // A repeat of a request the relay sent before this worker was stopped: it is waiting, or decided.
  if (id && (await pendingRequests.get(key))) return statusOf(key);

  const settings = await currentSettings();
  const { method } = message.request;
  // Only the relay sets it, from the port the request came through; anything else is the contract's provider.
  const identity = isIdentity(message.identity) ? message.identity : undefined;
  // The relay forwards what the page's port carried; the page may not have used the provider.
  const checked = toJsonValue(message.request.params, REQUEST_LIMITS, 'params');
  const params = checked.ok ? checked.value : undefined;
  const caller = callerOf(sender, frameFactsOf(message.frame));
  // A frame that calls a wallet with events may hear them: noted now, before anything it is granted.
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

  let answer: Answer;
  try {
    const request = parseRequest(message.request);
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
    const { wallet: called, method, params: parsed, target } = await prepareCall(keyRing, request.method, params, settings, connectedAccount, identity, grant);
    // A connect from a site already connected (Xverse's wallet_connect): answered at once, as a query.
    const kind = method.answersAtOnce?.(parsed, { ...(grant && { grant }) }, settings) ? 'query' : method.kind;
    let fingerprint: string | undefined;
    let screen: ErrorScreen | undefined;
    // What the usage rules read (core/usage.ts): the wallet's state as this call found it.
    entry.kind = kind;
    entry.activeAccount = settings.activeAccount;
    if (connectedAccount !== undefined) entry.connectedAccount = connectedAccount;
    if (kind === 'sign') {
      entry.accountNamed = method.requestedAccount(parsed) !== undefined;
      entry.accountRule = settings.accountRule;
      const keys = await keyRing.account(settings.mnemonic, settings.passphrase, target.network, target.account);
      fingerprint = keys.fingerprint;
      if (method.precheck || method.errorScreen) screen = await arrivalChecks(method, parsed, await contextFor(called, method, settings, target));
      const notes = method.notes?.(parsed, { target, keys }) ?? [];
      if (notes.length > 0) entry.notes = notes;
    }
    const ignored = method.ignored?.(parsed) ?? [];
    if (ignored.length > 0) entry.ignoredParams = ignored.slice(0, 20).map((name) => name.slice(0, 64));
    if (kind !== 'query' && (await settingsProblems()).walletUnusable) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, UNUSABLE_WALLET);
    if (kind !== 'query') entry.asksApproval = true;
    const approvable = {
      id,
      origin: entry.origin,
      site: caller.site,
      method: request.method,
      ...(identity && { identity }),
      ...(params !== undefined && { params }),
      target,
      ...(screen && { screen }),
    };
    // A query (supportedMethods) asks nothing of the person: no window, no policy.
    const prompted = kind !== 'query' && settings.approvalPolicy === 'prompt';
    // The slow-wallet fault delays a connect answer under every policy: it waits as a stored
    // request does, so a reset withdraws it and a stopped worker still delivers it.
    const delayed = answerDelayMs(kind, settings) > 0;
    // A signing request is stored even when approved at once: its transaction and nonce are decided
    // exactly once, whatever happens to this worker or the page's retry.
    const signing = kind === 'sign' && settings.approvalPolicy === 'approve';
    if (prompted || delayed || signing) {
      const pending: PendingRequest = {
        key,
        id,
        origin: entry.origin,
        site: caller.site,
        url: entry.url,
        tabId,
        frameId,
        ...(sender.documentId !== undefined && { documentId: sender.documentId }),
        method: request.method,
        ...(identity && { identity }),
        ...(params !== undefined && { params }),
        target,
        ...(connectedAccount !== undefined && { connectedAccount }),
        ...(fingerprint !== undefined && { fingerprint }),
        ...(screen && { screen }),
        createdAt: entry.startedAt,
        ...(prompted && { queued: true as const }),
      };
      // Stored before its window opens: no room, or a write the quota refuses, answers the page and opens nothing.
      // Logged first: a worker that dies between the two leaves a log entry that the relay's resend
      // writes again, never a request the log does not know (its outcome would have nowhere to go).
      // Readers of the log wait for both.
      keepParsed(key, settings, method, parsed);
      await logWork(
        (async () => {
          await logCall(key, entry);
          await admit(pending);
        })(),
      ).catch((refused: unknown) => {
        forgetParsed(key);
        throw refused;
      });
      if (!prompted) {
        // An error screen can only be closed: either policy presses its Close button.
        await (settings.approvalPolicy === 'approve' && !screen ? approve(key) : reject(key, 'rejected'));
        return { type: 'rpc/pending' };
      }
      // Its window opens now, or in turn when fewer than maxOpenWindows are open (window/queue.ts).
      await openQueued();
      return { type: 'rpc/pending' };
    }
    answer =
      kind === 'query' || settings.approvalPolicy === 'approve'
        ? await fulfil(approvable, settings)
        : { response: rejection(approvable, settings, 'rejected'), outcome: 'rejected' };
  } catch (error) {
    answer = failed(id, error);
  }
  // Answer first; the log write follows without holding the page up.
  void logCall(key, { ...entry, ...outcomeOf(answer), settledAt: Date.now() });
  return reply(answer.response);
}
