// getAddresses: Oyl's connect, per site, and its read once connected (docs/reference/oyl.md §3.1): the current
// account's four entries, each { address, publicKey }.
import type { SiteGrant } from '../../../core/site-grant.ts';
import { accountLabel } from '../../../core/account-path.ts';
import { OYL_ENTRIES, type OylAccount, type OylEntryName } from '../keys.ts';
import { noArgs, oylMethod, oylOf } from './dialect.ts';

/** Oyl's connection: any grant (it keeps no per-account permission). */
const CONNECTED: SiteGrant = { accounts: [], readNetwork: false };

export type OylAddresses = Record<OylEntryName, { address: string; publicKey: string }>;

export const addressesOf = (account: OylAccount): OylAddresses =>
  Object.fromEntries(OYL_ENTRIES.map((name) => [name, { address: account[name].address, publicKey: account[name].publicKey }])) as OylAddresses;

/** The connect window (the person may pick another account); a connected site is answered at once. */
export const getAddresses = oylMethod<null>({
  name: 'getAddresses',
  kind: 'connect',
  parse: noArgs('getAddresses'),
  answersAtOnce: (_params, site) => site.grant !== undefined,
  view: (_params, context) => ({
    title: 'Connect request',
    fields: [{ label: 'Account', value: accountLabel(context.target.account) }],
    tables: [],
  }),
  respond: async (_params, context) => ({ result: addressesOf(await oylOf(context)), grant: CONNECTED }),
});
