// getAccounts (Xverse, legacy connect): always a window; grants account read only (not network read); a bare array (docs/reference/xverse.md §3.2).
import { widen } from '../../../core/site-grant.ts';
import { addressList, type XversePurpose } from '../account.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { POPUP_CLOSED, optionalMessage, paramsOf, purposes, xverseMethod, xverseOf } from './dialect.ts';

export const xverseGetAccounts = xverseMethod(
  defineMethod<{ purposes: XversePurpose[]; message?: string }>({
    name: 'getAccounts',
    kind: 'connect',
    parse(raw) {
      const params = paramsOf('getAccounts', raw, "{ purposes: ['payment', 'ordinals'] }");
      const message = optionalMessage(params);
      return { purposes: purposes(params['purposes'], 'purposes', true)!, ...(message !== undefined && { message }) };
    },
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view: (params) => ({
      title: 'Connect request',
      fields: [
        { label: 'Addresses', value: params.purposes.join(', ') },
        ...(params.message !== undefined ? [{ label: 'Message', value: params.message }] : []),
      ],
      tables: [],
    }),
    async respond(params, context) {
      return {
        result: addressList(await xverseOf(context), params.purposes),
        grant: widen(context.site?.grant, context.target.network, context.target.account, false),
      };
    },
    rejection: { rejected: 'User rejected getAccounts request.', closed: POPUP_CLOSED },
  }),
);
