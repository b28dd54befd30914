// connect(token): the addresses of the purposes asked, in their order; a site connected already is answered
// at once (docs/reference/magiceden.md §3.1, §2.3).
import { accountLabel } from '../../../core/account-path.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { CONNECTED } from '../../unisat/methods/request-accounts.ts';
import { MAGIC_EDEN_PURPOSES, type MagicEdenPurpose, addressesOf, magicEdenMethod, optionalString, payloadOf } from './dialect.ts';

export interface ConnectParams {
  purposes: MagicEdenPurpose[];
  message?: string;
}

export const connect = magicEdenMethod<ConnectParams>({
  name: 'connect',
  kind: 'connect',
  parse(raw, settings) {
    const payload = payloadOf('connect', raw, settings);
    const purposes = payload['purposes'];
    if (!Array.isArray(purposes) || purposes.length === 0)
      throw invalidParams(
        `connect: purposes must be a non-empty array of "ordinals" and "payment", got ${purposes === undefined ? 'nothing' : describe(purposes)}`,
      );
    purposes.forEach((p, i) => {
      if (!(MAGIC_EDEN_PURPOSES as readonly unknown[]).includes(p))
        throw invalidParams(`connect: purposes[${i}] must be "ordinals" or "payment", got ${describe(p)}`);
    });
    const message = optionalString(payload, 'message', 'connect');
    return { purposes: purposes as MagicEdenPurpose[], ...(message !== undefined && { message }) };
  },
  answersAtOnce: (_params, site) => site.grant !== undefined,
  view: (params, context) => ({
    title: 'Connect request',
    fields: [
      { label: 'Account', value: accountLabel(context.target.account) },
      { label: 'Addresses', value: params.purposes.join(', ') },
      ...(params.message !== undefined ? [{ label: 'Message', value: params.message }] : []),
    ],
    tables: [],
  }),
  async respond(params, context) {
    const own = addressesOf(context.keys);
    return { result: { addresses: params.purposes.map((purpose) => own[purpose]) }, grant: CONNECTED };
  },
});
