// What a test calls on the Stacks chain (LocalChain.stacks), in types of its own: the kits' declarations
// name no type of the Clarinet SDK, an optional peer dependency a project may not have installed.
import type { ClarityValue } from '@stacks/transactions';
import type { ClarityEvent, ContractEntry, TxRecord } from './ledger.ts';

export interface CallResult {
  result: ClarityValue;
  events: ClarityEvent[];
  /** The block simnet mined for the call. */
  blockHeight: number;
}

export interface StacksControl {
  /** The wallet's funded accounts on testnet (ST…), account 0 first. */
  readonly accounts: readonly string[];
  /** The project's deployer: the default sender of deployContract. */
  readonly deployer: string;
  /** Mints µSTX to an address. */
  fund(address: string, microStx: bigint): Promise<void>;
  /** Deploys a contract in one block, as `sender` (default: the deployer), in `clarityVersion` (default: the epoch's). */
  deployContract(name: string, source: string, sender?: string, clarityVersion?: number): Promise<CallResult>;
  /** Calls a public function as `sender`, in one block; `contract` is `name` (the deployer's) or `address.name`. */
  callPublic(contract: string, fn: string, args: ClarityValue[], sender: string): Promise<CallResult>;
  /** A read-only function's value (nothing mined). */
  callReadOnly(contract: string, fn: string, args: ClarityValue[], sender?: string): Promise<ClarityValue>;
  /** Mines empty blocks; the new height. */
  mine(blocks?: number): Promise<number>;
  /** A transaction the chain was sent, mined or waiting. */
  tx(txid: string): TxRecord | undefined;
  /** Unlocked µSTX. */
  balance(address: string): Promise<bigint>;
  /** The account's next nonce. */
  nonce(address: string): number;
  /** A deployed contract (`address.name`). */
  contract(id: string): ContractEntry | undefined;
}
