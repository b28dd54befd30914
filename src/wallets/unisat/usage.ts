// UniSat's usage rule: a call from a site not connected yet opens UniSat's connect window first.
import type { UsageCall, UsageFinding } from '../../core/usage.ts';
import { UNISAT_ERROR } from './words.ts';

/** A call answered 4100 by the wallet: the page script opened the connect window before it, as UniSat does. */
export function unisatRules(calls: readonly UsageCall[]): UsageFinding[] {
  return calls
    .filter((c) => c.errorCode === UNISAT_ERROR.UNAUTHORIZED)
    .map((c) => ({
      rule: 'unisat-not-connected',
      origin: c.origin,
      callIds: [c.id],
      message:
        `${c.method} came from a site UniSat had not connected: UniSat opens its connect window first, then the call (so the person sees two windows). ` +
        "Call requestAccounts on a user action first; other wallets with UniSat's API (OKX) do not connect on their own.",
    }));
}
