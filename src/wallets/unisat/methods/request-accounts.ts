// requestAccounts: UniSat's connect, per site (docs/reference/unisat.md §3.1).
import type { SiteGrant } from '../../../core/site-grant.ts';
import { accountLabel } from '../../../core/account-path.ts';
import { noArgs, unisatMethod, unisatOf } from './dialect.ts';

/** UniSat's connection: any grant (it keeps no per-account read permission). */
export const CONNECTED: SiteGrant = { accounts: [], readNetwork: false };

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
