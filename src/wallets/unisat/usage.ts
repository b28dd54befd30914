// The usage rule of UniSat and the wallets with its API: a call from a site not connected yet opens the connect window first.
import type { UsageCall, UsageFinding } from '../../core/usage.ts';
import { UNISAT_ERROR } from './words.ts';

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

export const unisatRules = connectFirstRules('UniSat', 'requestAccounts');
