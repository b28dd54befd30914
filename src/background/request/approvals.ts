// What Approve and Reject do, from the approval window or from a test.
import browser, { type Runtime } from 'webextension-polyfill';
import { assertAccount, type AccountKeys } from '../../core/keys.ts';
import type { AccountSummary, PromptDetails, PromptMessage, PromptReply } from '../../shared/messages.ts';
import { rejection, settle } from './settle.ts';
import { findingsFor } from '../store/call-log.ts';
import { contextFor, decide } from './decide.ts';
import { pendingRequests } from './pending.ts';
import { calledBy, resolvedFor } from './resolved.ts';
import { releaseWindow } from '../window/warm.ts';
import { currentSettings } from '../store/state.ts';

/** Approves; for getAddresses `account` is the person's pick and becomes the active account. A window showing the wallet's error screen cannot be approved. */
export async function approve(key: string, account?: number): Promise<boolean> {
  const waiting = await pendingRequests.get(key);
  if (waiting?.screen)
    throw new Error(
      `the window shows ${calledBy(waiting).wallet.title}'s error screen "${waiting.screen.title}": ${waiting.screen.text} It can only be closed.`,
    );
  return settle(key, async (request) => decide(request, await currentSettings(), account), { approving: true });
}

export function reject(key: string, reason: 'rejected' | 'closed' | 'reset'): Promise<boolean> {
  return settle(
    key,
    async (request) => ({
      response: rejection(request, await currentSettings(), reason),
      outcome: reason === 'closed' ? 'closed' : 'rejected',
    }),
    { delayed: reason !== 'reset' }, // a reset answers at once, whatever the delay fault (a decided transaction stands)
  );
}

const summaryOf = ({ account, p2wpkh, p2tr, stx }: AccountKeys): AccountSummary => ({ account, p2wpkh: p2wpkh.address, p2tr: p2tr.address, stx: stx.address });

/** Messages that change the wallet are taken only from the extension's own pages. */
export function isOwnPage(sender: Runtime.MessageSender, page: string): boolean {
  return sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL(page));
}

const GONE = 'This request was already answered or withdrawn.';

export async function handlePrompt(message: PromptMessage, sender: Runtime.MessageSender): Promise<PromptReply<PromptDetails | null>> {
  try {
    const windowId = sender.tab?.windowId;
    switch (message.type) {
      case 'prompt/details': {
        const request = await pendingRequests.get(message.key);
        if (!request || request.answer || request.prepared) return { ok: false, error: GONE, gone: true };
        // The window may report in before windows.create resolved in the router.
        if (request.windowId === undefined && windowId !== undefined) await pendingRequests.update(message.key, (p) => ({ ...p, windowId }));
        const settings = await currentSettings();
        const { wallet, method, params } = resolvedFor(request, settings);
        // getAddresses: the account the person is looking at; signing methods: the one that acts.
        const account = method.kind === 'connect' ? message.account : request.target.account;
        assertAccount(account);
        const target = { ...request.target, account };
        // A transaction's nonce is reserved for its request when the window shows it: what it shows is what it signs.
        const reserveFor = method.usesStacksNonce && method.requestedNonce?.(params) === undefined ? request.key : undefined;
        const context = await contextFor(wallet, method, settings, target, { ...(reserveFor && { reserveFor }), key: request.key, window: true });
        return {
          ok: true,
          value: {
            origin: request.origin,
            method: request.method,
            kind: method.kind,
            network: target.network,
            target,
            ...(request.connectedAccount !== undefined && { connectedAccount: request.connectedAccount }),
            accountNamed: method.kind === 'sign' && method.requestedAccount(params) !== undefined,
            accountCount: settings.accountCount,
            activeAccount: settings.activeAccount,
            summary: summaryOf(context.keys),
            view: await method.view(params, context),
            ...(request.screen && { screen: { title: request.screen.title, text: request.screen.text } }),
            findings: await findingsFor(request.id, request.origin),
          },
        };
      }
      case 'prompt/approve': {
        if (message.account !== undefined) assertAccount(message.account);
        const done = await approve(message.key, message.account);
        await releaseWindow(windowId, message.key);
        return done ? { ok: true, value: null } : { ok: false, error: GONE, gone: true };
      }
      case 'prompt/reject': {
        const done = await reject(message.key, 'rejected');
        await releaseWindow(windowId, message.key);
        return done ? { ok: true, value: null } : { ok: false, error: GONE, gone: true };
      }
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
