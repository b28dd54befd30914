// stx_transferStx (Xverse): the contract's transfer, signed with Xverse's Stacks key; answers { txid, transaction } (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxTransferStx, type TransferStxParams } from '../../leather/methods/stx-transfer-stx.ts';
import { REQUEST_REJECTED, fieldsOf, xverseMethod } from './dialect.ts';

const leather = stxTransferStx;

export const xverseStxTransferStx = xverseMethod(
  defineMethod<TransferStxParams>({
    ...leather,
    parse: (raw, settings) => {
      // Xverse forwards amount, recipient and memo only; the rest of the app's params never reach the transaction.
      const params = fieldsOf(raw);
      const { amount, recipient, memo } = params;
      return leather.parse(
        { amount: typeof amount === 'number' ? String(amount) : (amount ?? null), recipient: recipient ?? null, ...(memo !== undefined && { memo }) },
        settings,
      );
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the Stacks transaction signing request' },
  }),
);
