// Mines one admitted transaction: simnet runs it in a block of its own, after the fee is paid, and the
// outcome is what the node would record (StacksChainState::process_transaction_payload,
// stackslib/src/chainstate/stacks/db/transactions.rs):
// - success, or abort_by_response when the call returns (err …): Clarity undoes its changes itself;
// - abort_by_response with (err none) and vm_error when it fails at run time (simnet throws);
// - abort_by_post_condition: the changes are undone (the session is rewound to before the block and a
//   block with the fee alone is mined in its place), the fee and the nonce stay spent.
// Simnet charges no fees, so the fee is a transfer from the payer in the same block to the boot
// address (standing in for the miner); it is not one of the transaction's events.
import type { DeployContractOptions, Tx } from '@stacks/clarinet-sdk';
import type { ClarityEvent } from './ledger.ts';
import { Cl, type ClarityValue, type StacksTransactionWire } from '@stacks/transactions';
import type { BlockRef, ContractEntry, MinedStatus, MinedTx } from './ledger.ts';
import { postConditionFailure } from './postconditions.ts';
import { SimnetPanic, txBuilders, type Session, type Simnet } from './simnet.ts';
import type { TxInfo } from './txinfo.ts';

/** Where fees go: the boot contracts' address (ST000000000000000000002AMW42H), no one's account. */
export const FEE_SINK = 'ST000000000000000000002AMW42H';

export type Outcome =
  | { mined: MinedTx; contract?: { id: string; entry: ContractEntry } }
  /** A miner would not take it (it stays in the mempool): the node's reason. */
  | { problem: string };

/** The epoch's default Clarity version ("Clarity4" → 4), as the node takes for an unversioned contract. */
export const defaultClarityVersion = (simnet: Simnet): number => Number(simnet.getDefaultClarityVersionForCurrentEpoch().replace(/\D/g, ''));

export const blockOf = (simnet: Simnet): BlockRef => ({
  height: simnet.stacksBlockHeight,
  burnHeight: simnet.burnBlockHeight,
  time: Number(simnet.getBlockTime()),
});

/** A contract interface from simnet as plain JSON, the node's GET /v2/contracts/interface shape. */
export const plainJson = (abi: object): ContractEntry['abi'] => JSON.parse(JSON.stringify(abi)) as ContractEntry['abi'];

/** A contract just deployed. Simnet gives its interfaces all at once (~20 ms, the boot contracts' included). */
export function contractEntry(simnet: Simnet, id: string, source: string | undefined): ContractEntry | undefined {
  const abi = simnet.getContractsInterfaces().get(id);
  return abi && { abi: plainJson(abi), source, height: simnet.stacksBlockHeight };
}

function mainTx(info: TxInfo, simnet: Simnet): Tx | string {
  const { payload, origin } = info;
  switch (payload.kind) {
    case 'transfer':
      return txBuilders().transferSTX(Number(payload.amount), payload.recipient, origin);
    case 'call':
      return txBuilders().callPublicFn(payload.contract, payload.fn, payload.args, origin);
    case 'deploy': {
      const clarityVersion = payload.clarityVersion ?? defaultClarityVersion(simnet);
      return txBuilders().deployContract(payload.name, payload.code, { clarityVersion } as DeployContractOptions, origin);
    }
    case 'other':
      return `payload type ${payload.type} is not run by this chain`;
  }
}

export async function execute(session: Session, tx: StacksTransactionWire, info: TxInfo, received: number): Promise<Outcome> {
  // process_transaction_payload: a token transfer with post-conditions is invalid, never mined.
  if (info.payload.kind === 'transfer' && tx.postConditions.values.length > 0) {
    return { problem: 'Invalid Stacks transaction: TokenTransfer transactions do not support post-conditions' };
  }
  const main = session.read((simnet) => mainTx(info, simnet));
  if (typeof main === 'string') return { problem: main };
  const payer = info.sponsor ?? info.origin;
  const fee: Tx[] = info.fee > 0n ? [txBuilders().transferSTX(Number(info.fee), FEE_SINK, payer)] : [];
  const before = session.ops();

  let status: MinedStatus = 'success';
  let result: ClarityValue;
  let events: ClarityEvent[] = [];
  let vmError: string | null = null;
  try {
    const results = session.run((simnet) => simnet.mineBlock([...fee, main]));
    const outcome = results[results.length - 1];
    if (!outcome) throw new Error('simnet returned no result');
    // A deployed contract's receipt holds (ok true) (StacksTransactionReceipt::from_smart_contract).
    result = info.payload.kind === 'deploy' ? Cl.ok(Cl.bool(true)) : (outcome.result as ClarityValue);
    events = outcome.events;
    if (result.type === 'err') status = 'abort_by_response';
  } catch (error) {
    if (error instanceof SimnetPanic) return { problem: error.message };
    // A runtime error: the node keeps the transaction with (err none), its fee paid
    // (handle_clarity_runtime_error, ClarityRuntimeTxError::Acceptable).
    status = 'abort_by_response';
    result = Cl.error(Cl.none());
    vmError = error instanceof Error ? error.message : String(error);
  }

  if (vmError === null && info.payload.kind !== 'transfer') {
    const failure = postConditionFailure(tx, info.origin, events);
    if (failure !== undefined) {
      await session.rewind(before);
      session.run((simnet) => simnet.mineBlock(fee));
      status = 'abort_by_post_condition';
      vmError = failure;
    }
  }
  if (status !== 'success') events = [];

  const block = session.read(blockOf);
  const mined: MinedTx = { state: 'mined', info, tx, status, result, events, vmError, block, received };
  if (info.payload.kind === 'deploy' && status === 'success') {
    const id = `${info.origin}.${info.payload.name}`;
    const code = info.payload.code;
    const entry = session.read((simnet) => contractEntry(simnet, id, code));
    if (entry) return { mined, contract: { id, entry } };
  }
  return { mined };
}
