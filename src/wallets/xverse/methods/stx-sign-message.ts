// stx_signMessage (Xverse): a utf8 message signed RSV by Xverse's Stacks key; other params are stripped (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxSignMessage, type StacksMessageParams } from '../../leather/methods/stx-sign-message.ts';
import { REQUEST_REJECTED, fieldsOf, xverseMethod } from './dialect.ts';

const leather = stxSignMessage;

export const xverseStxSignMessage = xverseMethod(
  defineMethod<StacksMessageParams>({
    ...leather,
    // @stacks/connect adds publicKey for Xverse; Xverse's schema strips it and anything else.
    parse: (raw, settings) => leather.parse({ message: fieldsOf(raw)['message'] ?? null }, settings),
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the message signing request' },
  }),
);
