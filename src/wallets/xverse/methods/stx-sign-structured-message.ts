// stx_signStructuredMessage (Xverse): SIP-018 data signed RSV by Xverse's Stacks key (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxSignStructuredMessage } from '../../leather/methods/stx-sign-structured-message.ts';
import type { StacksMessageParams } from '../../leather/methods/stx-sign-message.ts';
import { REQUEST_REJECTED, fieldsOf, xverseMethod } from './dialect.ts';

const leather = stxSignStructuredMessage;

export const xverseStxSignStructuredMessage = xverseMethod(
  defineMethod<StacksMessageParams>({
    ...leather,
    parse: (raw, settings) => {
      const params = fieldsOf(raw);
      return leather.parse({ domain: params['domain'] ?? null, message: params['message'] ?? null }, settings);
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the structured message signing request' },
  }),
);
