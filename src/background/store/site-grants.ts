// What each site holds of the wallet, kept across worker restarts; a reset forgets it. A grant (a wallet's
// per-site permissions: Xverse's reads, UniSat's connection), kept per wallet the page called, and a connection (the account the site last connected with: what the window
// compares against, and what accountRule 'site' signs with) belong to the wallet they were given for,
// named by its master fingerprint: another wallet's count as none, and a change of wallet forgets them.
// Sites are keys of shared/site.ts: a real origin, or one sandboxed frame's document.
import type { SiteGrant } from '../../core/site-grant.ts';
import type { IdentityName } from '../../core/choices.ts';
import { IDENTITY_NAMES } from '../../wallets/index.ts';
import { SessionMap } from './session-map.ts';
import { MAX_ACCOUNT } from '../../core/account-path.ts';

export interface StoredGrant extends SiteGrant {
  /** The master fingerprint of the wallet it was given for. */
  wallet: string;
}
interface Connection {
  account: number;
  wallet: string;
}

const isGrant = (value: unknown): boolean => {
  const v = value as Partial<StoredGrant> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.accounts) &&
    v.accounts.every((a) => typeof a === 'string') &&
    typeof v.readNetwork === 'boolean' &&
    typeof v.wallet === 'string'
  );
};
// An account a derivation path can hold (m/84'/0'/n'): -1 or 2^31 would reach the signer and fail there, not read as none.
const isAccount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ACCOUNT;
const isConnection = (value: unknown): boolean => {
  const v = value as Partial<Connection> | null;
  return typeof v === 'object' && v !== null && isAccount(v.account) && typeof v.wallet === 'string';
};

/** Each wallet's own: a site connected to one wallet holds nothing of another. */
const grantMaps = new Map(
  IDENTITY_NAMES.map((identity) => [
    identity,
    new SessionMap<StoredGrant>(`grant:${identity}:`, isGrant, false, `a site's ${identity} grant (accounts, readNetwork, wallet)`),
  ]),
);
const grantsOf = (identity: IdentityName): SessionMap<StoredGrant> => grantMaps.get(identity)!;
// A site with a malformed connection is not connected: accountRule 'site' then signs as for a site that never connected.
const connections = new SessionMap<Connection>('site:', isConnection, false, "a site's connection (an account number and a wallet)");

/** The wallet now, asked only when the site holds something (a cold worker answers most calls without deriving). */
export type WalletNow = () => Promise<string | undefined>;

export async function grantOf(identity: IdentityName, site: string, wallet: WalletNow): Promise<SiteGrant | undefined> {
  const grant = await grantsOf(identity).get(site);
  return grant && grant.wallet === (await wallet()) ? grant : undefined;
}

export async function connectionOf(site: string, wallet: WalletNow): Promise<number | undefined> {
  const connection = await connections.get(site);
  return connection && connection.wallet === (await wallet()) ? connection.account : undefined;
}

export const setGrant = (identity: IdentityName, site: string, grant: SiteGrant, wallet: string): Promise<void> =>
  grantsOf(identity).set(site, { accounts: grant.accounts, readNetwork: grant.readNetwork, wallet });
export const setConnection = (site: string, account: number, wallet: string): Promise<void> => connections.set(site, { account, wallet });
export const deleteGrant = (identity: IdentityName, site: string): Promise<void> => grantsOf(identity).delete([site]);
export const grantEntries = (identity: IdentityName): Promise<[string, StoredGrant][]> => grantsOf(identity).entries();

/** After a change of mnemonic or passphrase: what sites held of any other wallet is forgotten; they connect again. */
export async function forgetOtherWallets(wallet: string): Promise<void> {
  for (const grants of grantMaps.values()) await grants.delete((await grants.entries()).filter(([, grant]) => grant.wallet !== wallet).map(([site]) => site));
  await connections.delete((await connections.entries()).filter(([, connection]) => connection.wallet !== wallet).map(([site]) => site));
}

/** Reset: no site holds anything. */
export async function forgetSites(): Promise<void> {
  await Promise.all([...[...grantMaps.values()].map((grants) => grants.clear()), connections.clear()]);
}
