// stx_signTransaction: signs the origin of a transaction the app built, keeping its fee and nonce; never sends it (docs/reference/leather.md §6.5).
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  Cl,
  PayloadType,
  TransactionSigner,
  addressToString,
  deserializeTransaction,
  serializeTransaction,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { leatherNetwork, type NetworkName } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { stx } from '../../../core/stacks/transaction.ts';
import { describe, paramsObject } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';

export interface SignTransactionParams {
  hex: string;
  /** The STX address the app asks to sign with (`address`, or Leather's `stxAddress`). */
  address?: string;
  network?: NetworkName;
}

const decode = (hex: string): StacksTransactionWire => deserializeTransaction(hex.startsWith('0x') ? hex.slice(2) : hex);

function payloadSummary(tx: StacksTransactionWire): string {
  const { payload } = tx;
  switch (payload.payloadType) {
    case PayloadType.TokenTransfer:
      return `send ${stx(BigInt(payload.amount))} to ${Cl.prettyPrint(payload.recipient)}`;
    case PayloadType.ContractCall:
      return `call ${addressToString(payload.contractAddress)}.${payload.contractName.content}::${payload.functionName.content}`;
    case PayloadType.SmartContract:
    case PayloadType.VersionedSmartContract:
      return `deploy ${payload.contractName.content}`;
    default:
      return PayloadType[payload.payloadType] ?? 'other';
  }
}

export const stxSignTransaction = defineMethod<SignTransactionParams>({
  name: 'stx_signTransaction',
  kind: 'sign',
  parse(raw) {
    const params = paramsObject('stx_signTransaction', raw, '{ transaction } or { txHex }');
    // The real wallet reads Leather's own txHex first; SIP-030's transaction is the fallback.
    const field = params['txHex'] !== undefined ? 'txHex' : 'transaction';
    const hex = params[field];
    if (typeof hex !== 'string')
      throw invalidParams(`stx_signTransaction needs transaction (or txHex): the serialized transaction as hex, got ${describe(hex)}`);
    try {
      decode(hex);
    } catch (error) {
      throw invalidParams(`${field} is not a serialized Stacks transaction (${error instanceof Error ? error.message : String(error)})`);
    }
    const address = params['address'] ?? params['stxAddress'];
    if (address !== undefined && typeof address !== 'string')
      throw invalidParams(`address must be the STX address getAddresses returned, got ${describe(address)}`);
    const network = leatherNetwork(params['network']);
    return { hex, ...(address !== undefined && { address }), ...(network && { network }) };
  },
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view(params, context) {
    const tx = decode(params.hex);
    return {
      title: 'Sign transaction',
      fields: [
        { label: 'Signer', value: context.keys.stx.address },
        { label: 'Transaction', value: payloadSummary(tx) },
        { label: 'Fee', value: stx(BigInt(tx.auth.spendingCondition.fee)) },
        { label: 'Nonce', value: String(tx.auth.spendingCondition.nonce) },
        { label: 'Sent', value: 'no: signed and handed back to the app' },
      ],
      tables: [],
    };
  },
  async respond(params, context) {
    const tx = decode(params.hex);
    new TransactionSigner(tx).signOrigin(`${bytesToHex((await context.secrets()).stx)}01`);
    const hex = serializeTransaction(tx);
    // The same signed hex under both names, as the real wallet answers.
    return { result: { transaction: hex, txHex: hex } };
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
