// stx_transferStx: a signed STX token transfer, built offline (signing-methods.md §6.4).
import { makeSTXTokenTransfer, validateStacksAddress } from '@stacks/transactions';
import { invalidParams } from '../rpc.ts';
import { builderOptions, commonView, readCommon, signedOutcome, stx, wholeNumber, type StacksTxCommon } from '../stacks/transaction.ts';
import { describe, paramsObject } from './fields.ts';
import { USER_REJECTED, defineMethod } from './method.ts';

export interface TransferStxParams extends StacksTxCommon {
  recipient: string;
  amount: bigint;
  memo?: string;
}

/** A standard (SP…) or contract (SP….name) principal. */
export function principal(value: unknown, field: string): string {
  const [address, name, ...rest] = typeof value === 'string' ? value.split('.') : [];
  if (typeof value !== 'string' || !address || !validateStacksAddress(address) || rest.length > 0 || (name !== undefined && !/^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/.test(name))) {
    throw invalidParams(`${field} must be a Stacks principal (SP… or SP….contract-name), got ${describe(value)}`);
  }
  return value;
}

export const stxTransferStx = defineMethod<TransferStxParams>({
  name: 'stx_transferStx',
  kind: 'sign',
  usesStacksNonce: true,
  parse(raw) {
    const params = paramsObject('stx_transferStx', raw, '{ recipient, amount }');
    const recipient = principal(params['recipient'], 'recipient');
    const amount = wholeNumber(params['amount'], 'amount');
    if (amount === 0n) throw invalidParams('amount must be more than 0 µSTX');
    const memo = params['memo'];
    if (memo !== undefined && (typeof memo !== 'string' || new TextEncoder().encode(memo).length > 34)) throw invalidParams(`memo must be a string of at most 34 bytes, got ${describe(memo)}`);
    return { ...readCommon(params), recipient, amount, ...(memo !== undefined && { memo }) };
  },
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view: (params, context) =>
    commonView(
      'Send STX',
      [
        { label: 'From', value: context.keys.stx.address },
        { label: 'Recipient', value: params.recipient },
        { label: 'Amount', value: stx(params.amount) },
        ...(params.memo !== undefined ? [{ label: 'Memo', value: params.memo }] : []),
      ],
      params,
      context,
    ),
  async respond(params, context) {
    const tx = await makeSTXTokenTransfer({ ...(await builderOptions(params, context)), recipient: params.recipient, amount: params.amount, ...(params.memo !== undefined && { memo: params.memo }) });
    return signedOutcome(tx, params);
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
