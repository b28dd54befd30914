// What a site may read without asking: the per-origin permissions a wallet like Xverse keeps (docs/reference/xverse.md §2.3).
import type { NetworkName } from './networks.ts';

export interface SiteGrant {
  /** Accounts the site may read, as "<network>:<account>" (Xverse's account read permission is per account and network). */
  accounts: string[];
  /** Xverse's wallet readNetwork permission: granted by wallet_connect, not by getAccounts. */
  readNetwork: boolean;
}

export const grantKey = (network: NetworkName, account: number): string => `${network}:${account}`;

export const canReadAccount = (grant: SiteGrant | undefined, network: NetworkName, account: number): boolean =>
  grant?.accounts.includes(grantKey(network, account)) ?? false;

/** The grant with one more account readable (and readNetwork when asked). */
export function widen(grant: SiteGrant | undefined, network: NetworkName, account: number, readNetwork: boolean): SiteGrant {
  const accounts = [...new Set([...(grant?.accounts ?? []), grantKey(network, account)])];
  return { accounts, readNetwork: readNetwork || (grant?.readNetwork ?? false) };
}
