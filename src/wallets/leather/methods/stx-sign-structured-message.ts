// stx_signStructuredMessage: SIP-018 structured data, { message, domain } as hex Clarity values (docs/reference/leather.md §6.3).
import { paramsObject } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';
import { USER_DENIED_SIGNING, messageView, readStructured, signMessageOutcome, type StacksMessageParams } from './stx-sign-message.ts';

export const stxSignStructuredMessage = defineMethod<StacksMessageParams>({
  name: 'stx_signStructuredMessage',
  kind: 'sign',
  parse: (raw) => readStructured(paramsObject('stx_signStructuredMessage', raw, '{ message, domain }')),
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view: messageView,
  respond: signMessageOutcome,
  rejection: { rejected: USER_DENIED_SIGNING, closed: USER_REJECTED },
});
