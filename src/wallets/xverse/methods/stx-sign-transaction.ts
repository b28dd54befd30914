// stx_signTransaction (Xverse): signs the app's transaction; answers { transaction } only, no txid (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxSignTransaction, type SignTransactionParams } from '../../leather/methods/stx-sign-transaction.ts';
import { POPUP_CLOSED, REQUEST_REJECTED, XverseWords, fieldsOf, invalid, xverseMethod } from './dialect.ts';
import { RPC_ERROR } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';

const leather = stxSignTransaction;

export const xverseStxSignTransaction = xverseMethod(
  defineMethod<SignTransactionParams>({
    ...leather,
    parse(raw, settings) {
      const { transaction } = fieldsOf(raw);
      // sats-connect-core's schema: a string; then Xverse's own check (src/common/utils/rpc/stx/signTransaction/index.ts,
      // isValidStacksTransaction) answers bytes that are no transaction with its words, and no data.
      if (typeof transaction !== 'string') throw invalid(`transaction must be a hex-encoded Stacks transaction, got ${describe(transaction ?? null)}`);
      try {
        return leather.parse({ transaction }, settings);
      } catch {
        throw new XverseWords(RPC_ERROR.INVALID_PARAMS, 'Invalid Stacks transaction.');
      }
    },
    async respond(params, context) {
      const outcome = await leather.respond(params, context);
      return { result: { transaction: (outcome.result as { transaction: string }).transaction } };
    },
    rejection: { rejected: REQUEST_REJECTED, closed: POPUP_CLOSED },
  }),
);
