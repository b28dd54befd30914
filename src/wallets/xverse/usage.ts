// Xverse's own usage rule: its protocol is not the contract's (an Xverse read is not a connect).
import type { UsageCall, UsageFinding } from '../../core/usage.ts';
import { XVERSE_ERROR } from './methods/dialect.ts';

/** An Xverse read refused -32002: the app read before wallet_connect (or after a switch of account or network, or a disconnect). */
export function xverseRules(calls: readonly UsageCall[]): UsageFinding[] {
  return calls
    .filter((c) => c.errorCode === XVERSE_ERROR.ACCESS_DENIED)
    .map((c) => ({
      rule: 'xverse-not-connected',
      origin: c.origin,
      callIds: [c.id],
      message:
        `${c.method} was answered -32002 Access denied. (as Xverse answers): this site holds no read permission for the active account. ` +
        'Xverse grants it with wallet_connect (getAccounts grants account read but not network read), per account and network, and takes it back on ' +
        'wallet_disconnect: call wallet_connect on a user action first, and again after an accountChange or networkChange with no addresses.',
    }));
}
