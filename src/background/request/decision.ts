// What deciding a request yields: an answer, or a transaction to hand to a node with the answer it gives.
import type { AccountSource, SignedTransaction } from '../../core/methods/method.ts';
import type { NetworkName } from '../../core/networks.ts';
import type { RpcResponse } from '../../core/rpc.ts';
import type { CallOutcome, LoggedTransaction } from '../../shared/control.ts';

export interface Answer {
  response: RpcResponse;
  outcome: CallOutcome;
  account?: number;
  accountSource?: AccountSource;
  transaction?: LoggedTransaction;
}

/**
 * A decision that hands a transaction to a node (or moves a Stacks nonce): stored on the pending
 * entry before anything leaves the worker, then acted on. Acting again sends the same bytes.
 */
export interface Prepared {
  /** What the page gets once the transaction is sent (or at once, when it goes nowhere). */
  answer: Answer;
  signed: SignedTransaction;
  network: NetworkName;
  account: number;
  /** Where it is POSTed; absent: nowhere. */
  endpoint?: string;
}

export const isPrepared = (decision: Answer | Prepared): decision is Prepared => 'signed' in decision;
