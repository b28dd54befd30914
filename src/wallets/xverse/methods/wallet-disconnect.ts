// wallet_disconnect and wallet_renouncePermissions (Xverse): the site's permissions go, its tabs get `disconnect` (docs/reference/xverse.md §3.1).
import { defineMethod, type AnyMethod } from '../../../core/methods/method.ts';
import { noParams, xverseMethod } from './dialect.ts';

const disconnecting = (name: string): AnyMethod =>
  xverseMethod(
    defineMethod<null>({
      name,
      kind: 'query',
      parse: (raw) => noParams(name, raw),
      requestedAccount: () => undefined,
      network: (_params, settings) => settings.network,
      view: () => ({ title: 'Disconnect', fields: [], tables: [] }),
      respond: async () => ({ result: null, grant: null }),
      rejection: { rejected: 'User rejected the request.', closed: 'User closed the wallet popup.' },
    }),
  );

export const walletDisconnect = disconnecting('wallet_disconnect');
export const walletRenouncePermissions = disconnecting('wallet_renouncePermissions');
