// Whether the node's mempool takes a transaction, in the node's order and words:
// StacksChainState::can_admit_mempool_semantic, will_admit_mempool_tx and can_include_tx
// (stacks-network/stacks-core, stackslib/src/chainstate/stacks/db/blocks.rs), the refusals as
// MemPoolRejection::into_json writes them (same file). The mempool's own nonce conflicts
// (MemPoolDB::try_add_tx, stackslib/src/core/mempool.rs) are the chain's, which holds the mempool.
import {
  AddressVersion,
  AuthType,
  PayloadType,
  PostConditionMode,
  addressFromPublicKeys,
  isSingleSig,
  nextVerification,
  validateContractCall,
  type ClarityAbi,
  type ContractCallPayload,
  type StacksTransactionWire,
} from '@stacks/transactions';
import type { JsonValue } from '../../core/json.ts';
import type { ContractEntry } from './ledger.ts';
import { isTestnetPrincipal, type TxInfo } from './txinfo.ts';

export interface Rejection {
  reason: string;
  reason_data?: { [key: string]: JsonValue };
}

/** What admission reads of the chain. */
export interface AdmissionView {
  /** The Stacks epoch as a number (2.05, 3.4). */
  epoch: number;
  /** The account's next nonce on chain (not counting the mempool). */
  nonce(principal: string): number;
  /** µSTX it can spend now (its unlocked balance). */
  available(principal: string): bigint;
  contract(id: string): ContractEntry | undefined;
}

/** MAXIMUM_MEMPOOL_TX_CHAINING (stackslib/src/core/mempool.rs): how far past its next nonce an account may queue. */
export const MAX_CHAINING = 25;
/** MINIMUM_TX_FEE and MINIMUM_TX_FEE_RATE_PER_BYTE (blocks.rs): 1 µSTX, and 1 µSTX per byte. */
const MIN_FEE = 1n;
/** TransactionVersion.Testnet (@stacks/network): the chain is a testnet. */
const TESTNET_VERSION = 0x80;

/** A u128 as the node writes it in NotEnoughFunds: 0x and 32 hex digits. */
export const hex128 = (value: bigint): string => `0x${value.toString(16).padStart(32, '0')}`;

const refuse = (reason: string, reason_data?: { [key: string]: JsonValue }): Rejection => (reason_data ? { reason, reason_data } : { reason });
const other = (message: string): Rejection => refuse('ServerFailureOther', { message });
const notEnough = (expected: bigint, actual: bigint): Rejection => refuse('NotEnoughFunds', { expected: hex128(expected), actual: hex128(actual) });

/** The signatures (origin, then sponsor), the chain id and the epoch's post-condition rules: FailedToValidate. */
function validation(tx: StacksTransactionWire, info: TxInfo, epoch: number): string | undefined {
  try {
    const next = tx.verifyOrigin();
    if (tx.auth.authType === AuthType.Sponsored) {
      const sponsor = tx.auth.sponsorSpendingCondition;
      if (!isSingleSig(sponsor)) return 'a multi-sig sponsor signature is not checked by this chain';
      const { pubKey } = nextVerification(next, AuthType.Sponsored, sponsor.fee, sponsor.nonce, sponsor.keyEncoding, sponsor.signature.data);
      const hash = addressFromPublicKeys(AddressVersion.TestnetSingleSig, sponsor.hashMode, 1, [pubKey]).hash160;
      if (hash !== sponsor.signer) return `Signer hash does not equal hash of public key(s): ${hash} != ${sponsor.signer}`;
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  // stackslib/src/chainstate/stacks/db/transactions.rs, process_transaction_precheck.
  if (tx.chainId !== 0x80000000) return `Invalid tx ${info.txid}: invalid chain ID ${tx.chainId} (expected 2147483648)`;
  if (epoch < 3.4 && tx.postConditionMode === PostConditionMode.Originator) {
    return 'Invalid Stacks transaction: Originator post-condition mode is not supported before Stacks 3.4';
  }
  if (epoch < 3.4 && tx.postConditions.values.some((pc) => 'conditionCode' in pc && pc.conditionCode === 0x12)) {
    return 'Invalid Stacks transaction: NFT MaybeSent post-condition is not supported before Stacks 3.4';
  }
  return undefined;
}

function nonces(info: TxInfo, view: AdmissionView): Rejection | undefined {
  const checks = [
    ...(info.sponsor === undefined ? [] : [{ principal: info.sponsor, actual: info.sponsorNonce ?? 0, is_origin: false }]),
    { principal: info.origin, actual: info.originNonce, is_origin: true },
  ];
  for (const { principal, actual, is_origin } of checks) {
    const expected = view.nonce(principal);
    if (actual < expected) return refuse('BadNonce', { expected, actual, principal, is_origin });
  }
  for (const { principal, actual, is_origin } of checks.reverse()) {
    const max = view.nonce(principal) + 1 + MAX_CHAINING;
    if (actual > max) {
      return refuse('TooMuchChaining', { message: 'Nonce would exceed chaining limit in mempool', expected: max, actual, principal, is_origin });
    }
  }
  return undefined;
}

/** The contract-call checks of can_include_tx: the contract, a public function, arguments of its types. */
function call(tx: StacksTransactionWire, contractId: string, fn: string, view: AdmissionView): Rejection | undefined {
  if (!isTestnetPrincipal(contractId)) return refuse('BadAddressVersionByte');
  const contract = view.contract(contractId);
  if (!contract) return refuse('NoSuchContract');
  const functions = contract.abi['functions'];
  const found =
    Array.isArray(functions) && functions.some((f) => typeof f === 'object' && f !== null && !Array.isArray(f) && f['name'] === fn && f['access'] === 'public');
  if (!found) return refuse('NoSuchPublicFunction');
  try {
    // @stacks/transactions' own check of arguments against an ABI; its words, not Clarity's CheckErrors.
    validateContractCall(tx.payload as ContractCallPayload, contract.abi as unknown as ClarityAbi);
  } catch (error) {
    return refuse('BadFunctionArgument', { message: error instanceof Error ? error.message : String(error) });
  }
  return undefined;
}

/** The first reason the node's mempool would refuse this transaction, or undefined if it takes it. */
export function admission(tx: StacksTransactionWire, info: TxInfo, view: AdmissionView): Rejection | undefined {
  const { payload } = info;
  // can_admit_mempool_semantic
  if (tx.transactionVersion !== TESTNET_VERSION) return refuse('BadTransactionVersion');
  if (payload.kind === 'transfer') {
    if (payload.recipient === info.origin) return refuse('TransferRecipientCannotEqualSender', { recipient: payload.recipient });
    if (payload.amount === 0n) return refuse('TransferAmountMustBePositive');
    if (!isTestnetPrincipal(payload.recipient)) return refuse('BadAddressVersionByte');
  }
  if (payload.kind === 'other' && payload.type === PayloadType.PoisonMicroblock) return other('PoisonMicroblock transactions not accepted via mempool');
  // can_include_tx: 2. signed; 3. a fee of at least 1 µSTX per byte
  const invalid = validation(tx, info, view.epoch);
  if (invalid !== undefined) return refuse('SignatureValidation', { message: invalid });
  const size = BigInt(tx.serializeBytes().byteLength);
  if (info.fee < MIN_FEE || info.fee / size < 1n) return refuse('FeeTooLow', { expected: Number(size > MIN_FEE ? size : MIN_FEE), actual: Number(info.fee) });
  // 4. valid in this epoch
  if (payload.kind === 'deploy' && payload.clarityVersion !== undefined && view.epoch < 2.1) return other('Transaction is not supported in this epoch');
  // 5. nonces
  const nonce = nonces(info, view);
  if (nonce) return nonce;
  // 6. the payer can pay the fee (a transfer's total is checked below)
  const payer = info.sponsor ?? info.origin;
  if (payload.kind !== 'transfer' && view.available(payer) < info.fee) return notEnough(info.fee, view.available(payer));
  // 7. the payload
  switch (payload.kind) {
    case 'transfer': {
      const total = payload.amount + (payer === info.origin ? info.fee : 0n);
      if (view.available(info.origin) < total) return notEnough(total, view.available(info.origin));
      if (payer !== info.origin && view.available(payer) < info.fee) return notEnough(info.fee, view.available(payer));
      return undefined;
    }
    case 'call':
      return call(tx, payload.contract, payload.fn, view);
    case 'deploy': {
      const id = `${info.origin}.${payload.name}`;
      return view.contract(id) ? refuse('ContractAlreadyExists', { contract_identifier: id }) : undefined;
    }
    case 'other':
      if (payload.type === PayloadType.TenureChange) return refuse('NoTenureChangeViaMempool');
      return refuse('NoCoinbaseViaMempool');
  }
}
