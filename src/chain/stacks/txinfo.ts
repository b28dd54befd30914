// What a decoded transaction says, in the chain's terms: who sends and pays, its nonces and fee, and
// its payload as a tagged union the other modules switch on.
import {
  AddressVersion,
  AuthType,
  PayloadType,
  addressFromVersionHash,
  addressHashModeToVersion,
  addressToString,
  createAddress,
  type ClarityValue,
  type SpendingCondition,
  type StacksTransactionWire,
} from '@stacks/transactions';

export type Payload =
  | { kind: 'transfer'; recipient: string; amount: bigint; memo: string }
  | { kind: 'call'; contract: string; fn: string; args: ClarityValue[] }
  | { kind: 'deploy'; name: string; code: string; clarityVersion: number | undefined }
  | { kind: 'other'; type: PayloadType };

export interface TxInfo {
  /** 64 hex digits, no 0x, as @stacks/transactions and the node's /v2 routes write it. */
  txid: string;
  origin: string;
  originNonce: number;
  sponsor: string | undefined;
  sponsorNonce: number | undefined;
  /** Paid by the sponsor when there is one. */
  fee: bigint;
  payload: Payload;
}

/** A signer's address, its version byte from the transaction's version (as the node derives it). */
const addressOf = (condition: SpendingCondition, mainnet: boolean): string =>
  addressToString(addressFromVersionHash(addressHashModeToVersion(condition.hashMode, mainnet ? 'mainnet' : 'testnet'), condition.signer));

function payloadOf(tx: StacksTransactionWire): Payload {
  const p = tx.payload;
  switch (p.payloadType) {
    case PayloadType.TokenTransfer:
      return { kind: 'transfer', recipient: p.recipient.value, amount: p.amount, memo: p.memo.content };
    case PayloadType.ContractCall:
      return { kind: 'call', contract: `${addressToString(p.contractAddress)}.${p.contractName.content}`, fn: p.functionName.content, args: p.functionArgs };
    case PayloadType.SmartContract:
      return { kind: 'deploy', name: p.contractName.content, code: p.codeBody.content, clarityVersion: undefined };
    case PayloadType.VersionedSmartContract:
      return { kind: 'deploy', name: p.contractName.content, code: p.codeBody.content, clarityVersion: p.clarityVersion };
    default:
      return { kind: 'other', type: p.payloadType };
  }
}

export function txInfo(tx: StacksTransactionWire): TxInfo {
  const mainnet = tx.transactionVersion === 0x00;
  const origin = tx.auth.spendingCondition;
  const sponsor = tx.auth.authType === AuthType.Sponsored ? tx.auth.sponsorSpendingCondition : undefined;
  return {
    txid: tx.txid(),
    origin: addressOf(origin, mainnet),
    originNonce: Number(origin.nonce),
    sponsor: sponsor && addressOf(sponsor, mainnet),
    sponsorNonce: sponsor && Number(sponsor.nonce),
    fee: (sponsor ?? origin).fee,
    payload: payloadOf(tx),
  };
}

const TESTNET_VERSIONS: readonly number[] = [AddressVersion.TestnetSingleSig, AddressVersion.TestnetMultiSig];

/** Whether a principal (ST…, or ST….name) has a testnet version byte; false if it does not parse. */
export function isTestnetPrincipal(principal: string): boolean {
  try {
    return TESTNET_VERSIONS.includes(createAddress(principal.split('.')[0] ?? '').version);
  } catch {
    return false;
  }
}
