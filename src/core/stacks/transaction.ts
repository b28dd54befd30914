// What the three Stacks transaction methods share (docs/reference/leather.md §6.4): params, signing, answer, view.
import { bytesToHex } from '@noble/hashes/utils.js';
import { PostConditionMode, serializePayloadBytes, serializeTransaction, serializeTransactionBytes, type StacksTransactionWire } from '@stacks/transactions';
import type { StacksTxKind } from './fees.ts';
import { describe, type Params } from '../methods/fields.ts';
import type { MethodContext, MethodOutcome, MethodView } from '../methods/method.ts';
import { NETWORKS, leatherNetwork, type NetworkName } from '../networks.ts';
import { RPC_ERROR, invalidParams } from '../rpc.ts';
import { describePostCondition, postCondition } from './clarity.ts';

/** Fee when the request names none: 0.01 STX (the real wallet estimates one and lets the person edit it). */
export const DEFAULT_STACKS_FEE = 10_000n;

export interface StacksTxCommon {
  /** The STX address the app asks to act for (docs/reference/contract.md §4.2). */
  address?: string;
  /** Absent (or not one of the real wallet's ids): the wallet's network. */
  network?: NetworkName;
  fee?: bigint;
  nonce?: bigint;
  postConditions: string[];
  postConditionMode: 'allow' | 'deny';
  sponsored: boolean;
}

/** A Stacks transaction's amounts, fees and nonces are u64: a larger number would be signed as another. */
export const MAX_U64 = 2n ** 64n - 1n;

/** A whole number of µSTX or a nonce, as a number or digit string (the real wallet coerces), at most u64. */
export function wholeNumber(value: unknown, field: string): bigint {
  let number: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) number = BigInt(value);
  if (typeof value === 'string' && /^[0-9]{1,40}$/.test(value)) number = BigInt(value);
  if (number === undefined) throw invalidParams(`${field} must be a whole number ≥ 0 (a number or a string of digits), got ${describe(value)}`);
  if (number > MAX_U64) throw invalidParams(`${field} ${number} is more than a Stacks transaction can carry (u64: at most ${MAX_U64})`);
  return number;
}

export function readCommon(params: Params): StacksTxCommon {
  const { address, fee, nonce, postConditions, postConditionMode, sponsored } = params;
  if (address !== undefined && typeof address !== 'string')
    throw invalidParams(`address must be the STX address getAddresses returned, got ${describe(address)}`);
  if (postConditionMode !== undefined && postConditionMode !== 'allow' && postConditionMode !== 'deny') {
    throw invalidParams(`postConditionMode must be "allow" or "deny", got ${describe(postConditionMode)}`);
  }
  if (postConditions !== undefined && !Array.isArray(postConditions))
    throw invalidParams(`postConditions must be an array of hex-serialized post conditions, got ${describe(postConditions)}`);
  (postConditions ?? []).forEach((pc, i) => {
    postCondition(pc, `postConditions[${i}]`);
  });
  if (sponsored !== undefined && typeof sponsored !== 'boolean') throw invalidParams(`sponsored must be true or false, got ${describe(sponsored)}`);
  const network = leatherNetwork(params['network']);
  return {
    ...(address !== undefined && { address }),
    ...(network && { network }),
    ...(fee !== undefined && { fee: wholeNumber(fee, 'fee') }),
    ...(nonce !== undefined && { nonce: wholeNumber(nonce, 'nonce') }),
    postConditions: (postConditions ?? []) as string[],
    postConditionMode: postConditionMode ?? 'deny',
    sponsored: sponsored ?? false,
  };
}

/** What every builder of @stacks/transactions takes, offline: fee and nonce are always given. */
export async function builderOptions(common: StacksTxCommon, context: MethodContext, fee: bigint) {
  const secrets = await context.secrets();
  return {
    // The compressed form (…01): the key the STX address hashes.
    senderKey: `${bytesToHex(secrets.stx)}01`,
    fee,
    nonce: common.nonce ?? BigInt(context.stacksNonce),
    network: NETWORKS[context.target.network].stacks,
    postConditionMode: common.postConditionMode === 'allow' ? PostConditionMode.Allow : PostConditionMode.Deny,
    postConditions: common.postConditions,
    sponsored: common.sponsored,
  };
}

export type BuilderOptions = Awaited<ReturnType<typeof builderOptions>>;

/**
 * The fee a transaction carries: the request's, else (a Stacks node set) the node's estimate for this
 * transaction read by the wallet's rule (fees.ts), else DEFAULT_STACKS_FEE. `build` makes the
 * transaction with the given options, here with fee 0, as Leather sizes it for the estimate.
 */
export async function feeFor(
  kind: StacksTxKind,
  common: StacksTxCommon,
  context: MethodContext,
  build: (options: BuilderOptions) => Promise<StacksTransactionWire>,
): Promise<bigint> {
  if (common.fee !== undefined) return common.fee;
  if (!context.stacksEstimates) return DEFAULT_STACKS_FEE;
  const draft = await build(await builderOptions(common, context, 0n));
  const estimates = await context.stacksEstimates(bytesToHex(serializePayloadBytes(draft.payload)), serializeTransactionBytes(draft).length);
  return context.stacksFeeRule(kind, estimates);
}

/** Builds the transaction with its fee (feeFor). */
export async function buildSigned(
  kind: StacksTxKind,
  common: StacksTxCommon,
  context: MethodContext,
  build: (options: BuilderOptions) => Promise<StacksTransactionWire>,
): Promise<StacksTransactionWire> {
  return build(await builderOptions(common, context, await feeFor(kind, common, context, build)));
}

/** { txid, transaction }: a sponsored transaction is answered with txid "" and never sent, as the real wallet. */
export function signedOutcome(tx: StacksTransactionWire, common: StacksTxCommon): MethodOutcome {
  const hex = serializeTransaction(tx);
  const txid = common.sponsored ? '' : tx.txid();
  return {
    result: { txid, transaction: hex },
    transaction: {
      chain: 'stacks',
      hex,
      txid,
      send: !common.sponsored,
      nonce: Number(tx.auth.spendingCondition.nonce),
      failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true },
    },
  };
}

/** µSTX as STX, e.g. 1000000n → "1 STX". */
export function stx(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} STX`;
}

/** The fields every transaction window shows after the method's own. */
export async function commonView(
  title: string,
  fields: MethodView['fields'],
  common: StacksTxCommon,
  context: MethodContext,
  transaction: { kind: StacksTxKind; build: (options: BuilderOptions) => Promise<StacksTransactionWire> },
  tables: MethodView['tables'] = [],
): Promise<MethodView> {
  const nonce = common.nonce ?? BigInt(context.stacksNonce);
  const fee = await feeFor(transaction.kind, common, context, transaction.build);
  const whose = common.fee !== undefined ? '' : context.stacksEstimates ? " (the wallet's pick from the node's estimate)" : " (the wallet's default)";
  return {
    title,
    fields: [
      ...fields,
      ...(context.stacksBalance !== undefined ? [{ label: 'Balance', value: `${stx(context.stacksBalance)} on ${context.settings.stacksNodeUrl}` }] : []),
      { label: 'Fee', value: `${stx(fee)}${whose}` },
      { label: 'Nonce', value: `${nonce}${common.nonce === undefined ? " (the wallet's next, held for this request)" : ''}` },
      { label: 'Post-condition mode', value: common.postConditionMode },
      ...(common.sponsored ? [{ label: 'Sponsored', value: 'yes: signed for a sponsor, not sent' }] : []),
    ],
    tables: [
      ...tables,
      ...(common.postConditions.length > 0
        ? [
            {
              caption: 'Post conditions',
              columns: ['#', 'Condition'],
              rows: common.postConditions.map((hex, i) => [String(i), describePostCondition(postCondition(hex, `postConditions[${i}]`))]),
            },
          ]
        : []),
    ],
  };
}
