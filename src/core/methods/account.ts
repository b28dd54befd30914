// Which account acts for a request (docs/reference/contract.md §4.2), and the real wallet's rule as accountRule 'site'.
import type { NetworkName } from '../networks.ts';
import { invalidParams } from '../rpc.ts';
import type { Settings } from '../settings.ts';
import type { AnyMethod, Target } from './method.ts';

/** The accounts the wallet lists: Account 1 … accountCount, and the active one. */
export function isListed(account: number, settings: Settings): boolean {
  return account < settings.accountCount || account === settings.activeAccount;
}

/** The listed accounts, the active one first (the likeliest match for an address). */
export function listedAccounts(settings: Settings): number[] {
  const rest = Array.from({ length: settings.accountCount }, (_, i) => i).filter((i) => i !== settings.activeAccount);
  return [settings.activeAccount, ...rest];
}

/** Finds which listed account has this STX address on a network. */
export type StacksAddressLookup = (address: string, network: NetworkName) => Promise<number | undefined>;

/**
 * The target of a request, fixed when it arrives. `signer`: the wallet's (its record's) rule;
 * `connected` is the account this origin last connected with (its last approved getAddresses), if any.
 */
export async function chooseTarget(
  signer: 'active' | 'accountRule',
  method: AnyMethod,
  params: unknown,
  settings: Settings,
  connected: number | undefined,
  lookup: StacksAddressLookup,
): Promise<Target> {
  const network = method.network(params, settings);
  if (method.kind !== 'sign' || signer === 'active') return { account: settings.activeAccount, source: 'active', network };
  const requested = method.requestedAccount(params);
  if (settings.accountRule === 'site') {
    // As the real wallet: the site's account wins; a Stacks `address` never picks the signer.
    if (connected !== undefined) return { account: connected, source: 'site', network };
    if (typeof requested === 'string' || (requested === 0 && method.ignoresAccountZero)) return { account: settings.activeAccount, source: 'active', network };
  }
  if (typeof requested === 'string') {
    const account = await lookup(requested, network);
    if (account === undefined) {
      throw invalidParams(
        `address ${requested.slice(0, 64)} is not the STX address of any of this wallet's accounts on ${network} (accounts 0 to ${settings.accountCount - 1})`,
      );
    }
    return { account, source: 'request', network };
  }
  if (requested !== undefined && !isListed(requested, settings)) {
    throw invalidParams(
      `account ${requested} is not one of this wallet's accounts (it lists 0 to ${settings.accountCount - 1}, "Account 1" to "Account ${settings.accountCount}")`,
    );
  }
  if (requested !== undefined) return { account: requested, source: 'request', network };
  return { account: settings.activeAccount, source: 'active', network };
}
