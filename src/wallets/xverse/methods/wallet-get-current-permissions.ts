// wallet_getCurrentPermissions (Xverse): what the calling site holds, one entry per readable account and one for network read (docs/reference/xverse.md §3.1).
import { NETWORK_NAMES, type NetworkName } from '../../../core/networks.ts';
import { accountId, accountResourceId } from '../account.ts';
import { noParams, xverseQuery } from './dialect.ts';

export const walletGetCurrentPermissions = xverseQuery(
  'wallet_getCurrentPermissions',
  'account',
  (raw) => noParams('wallet_getCurrentPermissions', raw),
  async (_params, { site, root }) => {
    const clientId = site?.origin ?? '';
    const grant = site?.grant;
    const master = await root();
    const accounts = (grant?.accounts ?? []).flatMap((key) => {
      const [network, account] = key.split(':') as [NetworkName, string];
      if (!NETWORK_NAMES.includes(network)) return [];
      return [{ type: 'account', resourceId: accountResourceId(accountId(master, Number(account), network)), clientId, actions: { read: true } }];
    });
    const wallet = grant?.readNetwork ? [{ type: 'wallet', resourceId: 'wallet', clientId, actions: { readNetwork: true } }] : [];
    return { result: [...accounts, ...wallet] };
  },
);
