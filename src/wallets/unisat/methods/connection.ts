// requestAccounts, getAccounts, getPublicKey, disconnect: UniSat's per-site connection (docs/reference/unisat.md §3.1).
import type { SiteGrant } from '../../../core/site-grant.ts';
import { accountLabel } from '../../../core/account-path.ts';
import { noArgs, unisatMethod, unisatOf, unisatQuery } from './dialect.ts';

/** UniSat's connection: any grant (it keeps no per-account read permission). */
const CONNECTED: SiteGrant = { accounts: [], readNetwork: false };

/** The connect window (the person may pick another account); a connected site is answered at once. */
export const requestAccounts = unisatMethod<null>({
  name: 'requestAccounts',
  kind: 'connect',
  parse: noArgs('requestAccounts'),
  answersAtOnce: (_params, site) => site.grant !== undefined,
  view: (_params, context) => ({
    title: 'Connect request',
    fields: [
      { label: 'Account', value: accountLabel(context.target.account) },
      { label: 'Address type', value: context.settings.unisatAddressType },
    ],
    tables: [],
  }),
  respond: async (_params, context) => ({ result: [(await unisatOf(context)).address], grant: CONNECTED }),
});

/** No window: the current address to a connected site, [] to any other. */
export const getAccounts = unisatQuery('getAccounts', undefined, noArgs('getAccounts'), async (_params, context) => ({
  result: context.site?.grant ? [(await unisatOf(context)).address] : [],
}));

/** The compressed key, hex, for every address type (the untweaked key for taproot). */
export const getPublicKey = unisatQuery('getPublicKey', 'site', noArgs('getPublicKey'), async (_params, context) => ({ result: (await unisatOf(context)).publicKey }));

/** The site's connection goes; its frames hear accountsChanged [] (the record's revokedEvent). Resolves undefined. */
export const disconnect = unisatQuery('disconnect', 'site', noArgs('disconnect'), async () => ({ result: null, grant: null }));
