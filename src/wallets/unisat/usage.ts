// The usage rules of UniSat and the wallets with its API: a call from a site not connected yet opens the
// connect window first; and UniSat keeps one approval at a time.
import type { UsageCall, UsageFinding } from '../../core/usage.ts';
import { UNISAT_ERROR } from './words.ts';

// The page the findings cite: the package ships it.
const ONE_APPROVAL = 'mock-wallet-provider/docs/reference/unisat.md#25-one-approval-at-a-time';

/** A call answered 4100 by the wallet: the page script opened the connect window before it, as UniSat does. */
export const connectFirstRules =
  (title: string, connect: string) =>
  (calls: readonly UsageCall[]): UsageFinding[] =>
    calls
      .filter((c) => c.errorCode === UNISAT_ERROR.UNAUTHORIZED)
      .map((c) => ({
        rule: 'unisat-not-connected',
        origin: c.origin,
        callIds: [c.id],
        message:
          `${c.method} came from a site ${title} had not connected: ${title} opens its connect window first, then the call (so the person sees two windows). ` +
          `Call ${connect} on a user action first, as an app that works with every wallet does.`,
      }));

/**
 * A call UniSat would open its window for, made while its window for an earlier call was still open. UniSat
 * holds one approval: the newer request takes it, the earlier one's window is closed and its promise never
 * settles (docs/reference/unisat.md §2.5). This wallet opens a window for each and answers both, so the finding
 * is how a test learns it. Calls are in the order they came.
 */
export function oneApprovalRule(calls: readonly UsageCall[]): UsageFinding[] {
  const findings: UsageFinding[] = [];
  // UniSat's one slot: the newest call that asked for a window.
  let current: UsageCall | undefined;
  for (const call of calls) {
    if (!call.asksApproval) continue;
    const replaced = current !== undefined && (current.settledAt === undefined || current.settledAt > call.startedAt) ? current : undefined;
    if (replaced) {
      const where = replaced.origin === call.origin ? '' : ` from ${replaced.origin}`;
      findings.push({
        rule: 'unisat-one-approval',
        origin: call.origin,
        callIds: [replaced.id, call.id],
        message:
          `${call.method} came while UniSat's window for ${replaced.method}${where} was still open. UniSat keeps one approval at a time: ` +
          `its window would have replaced that one, and ${replaced.method} would never have been answered (this wallet answers both). ` +
          `Wait for each answer before the next request (${ONE_APPROVAL}).`,
      });
    }
    current = call;
  }
  return findings;
}

const unisatConnectFirst = connectFirstRules('UniSat', 'requestAccounts');
export const unisatRules = (calls: readonly UsageCall[]): UsageFinding[] => [...unisatConnectFirst(calls), ...oneApprovalRule(calls)];

/** A wallet with UniSat's API under another global (Bitget, Binance, OneKey): UniSat's rules, in its own name. */
export const lookalikeRules = (title: string) => {
  const connectFirst = connectFirstRules(title, 'requestAccounts');
  return (calls: readonly UsageCall[]): UsageFinding[] => [...connectFirst(calls), ...oneApprovalRule(calls)];
};
