// stx_getAccounts (Xverse): a window, then the Stacks entry with its Gaia hub and app key (docs/reference/xverse.md §3.3, docs/reference/xverse.md §6.3).
import { base58 } from '@scure/base';
import { bytesToHex } from '@noble/hashes/utils.js';
import { deriveAt } from '../../../core/keys.ts';
import { networkObject } from '../account.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { REQUEST_REJECTED, noParams, xverseMethod, xverseOf } from './dialect.ts';

export const xverseStxGetAccounts = xverseMethod(
  defineMethod<null>({
    name: 'stx_getAccounts',
    kind: 'sign',
    gate: 'account',
    parse: (raw) => noParams('stx_getAccounts', raw),
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view: (_params, { keys }) => ({ title: 'Share Stacks account', fields: [{ label: 'Stacks address', value: keys.stx.address }], tables: [] }),
    async respond(_params, context) {
      const { address, publicKey } = (await xverseOf(context)).addresses.stacks;
      // As Xverse: the xprv of m/888'/0'/0'/0' with its base58 checksum, hex. Private key material the app asked for.
      const gaiaAppKey = bytesToHex(base58.decode(deriveAt(await context.root(), "m/888'/0'/0'/0'").privateExtendedKey));
      return { result: { addresses: [{ address, publicKey, gaiaHubUrl: 'https://hub.hiro.so', gaiaAppKey }], network: networkObject(context.target.network) } };
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected request to get accounts' },
  }),
);
