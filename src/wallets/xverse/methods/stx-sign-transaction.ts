// stx_signTransaction (Xverse): signs the app's transaction; answers { transaction } only, no txid (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxSignTransaction, type SignTransactionParams } from '../../leather/methods/stx-sign-transaction.ts';
import { POPUP_CLOSED, REQUEST_REJECTED, fieldsOf, invalid, xverseMethod } from './dialect.ts';

const leather = stxSignTransaction;

export const xverseStxSignTransaction = xverseMethod(
  defineMethod<SignTransactionParams>({
    ...leather,
    parse(raw, settings) {
      const params = fieldsOf(raw);
      try {
        return leather.parse({ transaction: params['transaction'] ?? null }, settings);
      } catch (error) {
        throw invalid(`Invalid Stacks transaction. ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async respond(params, context) {
      const outcome = await leather.respond(params, context);
      return { result: { transaction: (outcome.result as { transaction: string }).transaction } };
    },
    rejection: { rejected: REQUEST_REJECTED, closed: POPUP_CLOSED },
  }),
);
