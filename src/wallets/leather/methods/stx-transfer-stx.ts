// stx_transferStx: a signed STX token transfer, built offline (docs/reference/leather.md §6.4).
import { makeSTXTokenTransfer } from '@stacks/transactions';
import { NETWORKS } from '../../../core/networks.ts';
import { networkMismatch, principal, type Principal } from '../../../core/stacks/principal.ts';
import { invalidParams } from '../../../core/rpc.ts';
import {
  buildSigned,
  commonView,
  readCommon,
  signedOutcome,
  stx,
  wholeNumber,
  type BuilderOptions,
  type StacksTxCommon,
} from '../../../core/stacks/transaction.ts';
import { describe, paramsObject } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';

export interface TransferStxParams extends StacksTxCommon {
  recipient: Principal;
  amount: bigint;
  memo?: string;
}

/** The transfer, built with the given options. */
const transfer = (params: TransferStxParams) => (options: BuilderOptions) =>
  makeSTXTokenTransfer({ ...options, recipient: params.recipient.value, amount: params.amount, ...(params.memo !== undefined && { memo: params.memo }) });

export const stxTransferStx = defineMethod<TransferStxParams>({
  name: 'stx_transferStx',
  kind: 'sign',
  usesStacksNonce: true,
  requestedNonce: (params) => params.nonce,
  parse(raw, settings) {
    const params = paramsObject('stx_transferStx', raw, '{ recipient, amount }');
    const common = readCommon(params);
    const recipient = principal(params['recipient'], 'recipient', NETWORKS[common.network ?? settings.network].stacks);
    const amount = wholeNumber(params['amount'], 'amount');
    if (amount === 0n) throw invalidParams('amount must be more than 0 µSTX');
    const memo = params['memo'];
    if (memo !== undefined && (typeof memo !== 'string' || new TextEncoder().encode(memo).length > 34))
      throw invalidParams(`memo must be a string of at most 34 bytes, got ${describe(memo)}`);
    return { ...common, recipient, amount, ...(memo !== undefined && { memo }) };
  },
  notes(params, { target }) {
    const mismatch = networkMismatch('recipient', params.recipient, NETWORKS[target.network].stacks);
    return mismatch ? [{ rule: 'network-mismatch', message: mismatch }] : [];
  },
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view: (params, context) =>
    commonView(
      'Send STX',
      [
        { label: 'From', value: context.keys.stx.address },
        { label: 'Recipient', value: params.recipient.value },
        { label: 'Amount', value: stx(params.amount) },
        ...(params.memo !== undefined ? [{ label: 'Memo', value: params.memo }] : []),
      ],
      params,
      context,
      { kind: 'transfer', build: transfer(params) },
    ),
  async respond(params, context) {
    return signedOutcome(await buildSigned('transfer', params, context, transfer(params)), params);
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
