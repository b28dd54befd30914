// stx_signTransactions (Xverse): several app-built transactions signed in one window; answers { transactions } (docs/reference/xverse.md §10).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxSignTransaction, type SignTransactionParams } from '../../leather/methods/stx-sign-transaction.ts';
import { describe } from '../../../core/methods/fields.ts';
import { REQUEST_REJECTED, POPUP_CLOSED, invalid, paramsOf, xverseMethod } from './dialect.ts';

const single = stxSignTransaction;

export const xverseStxSignTransactions = xverseMethod(
  defineMethod<SignTransactionParams[]>({
    name: 'stx_signTransactions',
    kind: 'sign',
    parse(raw, settings) {
      const params = paramsOf('stx_signTransactions', raw, '{ transactions: [hex, …] }');
      const list = params['transactions'];
      if (!Array.isArray(list) || list.length === 0)
        throw invalid(`transactions must be a non-empty array of transaction hex strings, got ${list === undefined ? 'nothing' : describe(list)}`);
      const broadcast = params['broadcast'];
      if (broadcast !== undefined && typeof broadcast !== 'boolean') throw invalid(`broadcast must be true or false, got ${describe(broadcast)}`);
      return list.map((transaction, i) => {
        try {
          return single.parse({ transaction }, settings);
        } catch (error) {
          throw invalid(`transactions[${i}]: Invalid Stacks transaction. ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    },
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view: async (params, context) => {
      const views = await Promise.all(params.map((p) => single.view(p, context)));
      return {
        title: `Sign ${params.length} transaction${params.length === 1 ? '' : 's'}`,
        fields: views[0]!.fields.filter((f) => f.label === 'Signer'),
        tables: [
          {
            caption: 'Transactions',
            columns: ['#', 'Transaction', 'Fee', 'Nonce'],
            rows: views.map((v, i) => [String(i), ...['Transaction', 'Fee', 'Nonce'].map((l) => v.fields.find((f) => f.label === l)?.value ?? '')]),
          },
        ],
      };
    },
    async respond(params, context) {
      const transactions: string[] = [];
      for (const p of params) transactions.push(((await single.respond(p, context)).result as { transaction: string }).transaction);
      return { result: { transactions } };
    },
    rejection: { rejected: REQUEST_REJECTED, closed: POPUP_CLOSED },
  }),
);
