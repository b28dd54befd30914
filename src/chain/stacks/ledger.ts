// What the chain keeps beside simnet: account nonces, the transactions it was sent (mined or waiting),
// the contracts it knows. Simnet has no nonces (a Clarity session runs calls, not signed transactions),
// so the chain counts them: one per transaction, and one per control call made in an account's name.
// Records are never changed in place (a new one replaces an old), so a copy of the maps is a snapshot.
import type { ClarityValue, StacksTransactionWire } from '@stacks/transactions';
import type { JsonValue } from '../../core/json.ts';
import type { TxInfo } from './txinfo.ts';

/**
 * An event of an executed call as simnet reports it (@stacks/clarinet-sdk's ClarityEvent), declared
 * here so that the kits' types do not need the SDK, an optional peer dependency.
 */
export interface ClarityEvent {
  event: string;
  data: { raw_value?: string; value?: ClarityValue; [key: string]: unknown };
}

/** The block a transaction was mined in: simnet mines one block per transaction. */
export interface BlockRef {
  height: number;
  burnHeight: number;
  /** Unix seconds, simnet's clock. */
  time: number;
}

export type MinedStatus = 'success' | 'abort_by_response' | 'abort_by_post_condition';

export interface MinedTx {
  state: 'mined';
  info: TxInfo;
  tx: StacksTransactionWire;
  status: MinedStatus;
  /** The call's value (the would-be value when a post-condition aborted it; (err none) after a runtime error). */
  result: ClarityValue;
  /** The transaction's own events (none when aborted: the node does not commit them). */
  events: ClarityEvent[];
  vmError: string | null;
  block: BlockRef;
  /** Unix seconds when it was received. */
  received: number;
}

export interface WaitingTx {
  state: 'waiting';
  info: TxInfo;
  tx: StacksTransactionWire;
  /** pending: waits for an earlier nonce; dropped_replace_by_fee: another with more fee took its nonce. */
  status: 'pending' | 'dropped_replace_by_fee';
  replacedBy: string | null;
  received: number;
  /** Why a miner would not take it when its nonce came (it stays pending, as a node keeps it until GC). */
  problem?: string;
}

export type TxRecord = MinedTx | WaitingTx;

/** A contract's interface in the node's JSON (GET /v2/contracts/interface), its source and height. */
export interface ContractEntry {
  abi: { [key: string]: JsonValue };
  source: string | undefined;
  height: number;
}

export class Ledger {
  constructor(
    readonly nonces = new Map<string, number>(),
    readonly txs = new Map<string, TxRecord>(),
    readonly contracts = new Map<string, ContractEntry>(),
  ) {}

  copy(): Ledger {
    return new Ledger(new Map(this.nonces), new Map(this.txs), new Map(this.contracts));
  }

  nonce(principal: string): number {
    return this.nonces.get(principal) ?? 0;
  }

  bump(principal: string): void {
    this.nonces.set(principal, this.nonce(principal) + 1);
  }

  /** Transactions that wait, oldest first. */
  waiting(): WaitingTx[] {
    return [...this.txs.values()].filter((r): r is WaitingTx => r.state === 'waiting' && r.status === 'pending');
  }
}
