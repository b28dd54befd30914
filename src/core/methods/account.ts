// Which account acts for a request (spec §4.2, and the real wallet's rule as accountRule 'site').
import { invalidParams } from '../rpc.ts';
import type { Settings } from '../settings.ts';
import type { AnyMethod, Target } from './method.ts';

/** The accounts the wallet lists: Account 1 … accountCount, and the active one. */
export function isListed(account: number, settings: Settings): boolean {
  return account < settings.accountCount || account === settings.activeAccount;
}

/**
 * The target of a request, fixed when it arrives. `connected` is the account this
 * origin last connected with (its last approved getAddresses), if any.
 */
export function chooseTarget(method: AnyMethod, params: unknown, settings: Settings, connected: number | undefined): Target {
  const network = method.network(params, settings);
  if (method.kind === 'connect') return { account: settings.activeAccount, source: 'active', network };
  const requested = method.requestedAccount(params);
  if (requested !== undefined && !isListed(requested, settings)) {
    throw invalidParams(`account ${requested} is not one of this wallet's accounts (it lists 0 to ${settings.accountCount - 1}, "Account 1" to "Account ${settings.accountCount}")`);
  }
  if (settings.accountRule === 'site') {
    if (connected !== undefined) return { account: connected, source: 'site', network };
    if (requested === 0 && method.ignoresAccountZero) return { account: settings.activeAccount, source: 'active', network };
  }
  if (requested !== undefined) return { account: requested, source: 'request', network };
  return { account: settings.activeAccount, source: 'active', network };
}
