// The chain's records in the Hiro API's JSON (hirosystems/stacks-blockchain-api, src/api/schemas/v1/
// entities/transactions.ts, transaction-events.ts, post-conditions.ts, balances.ts; the nonces logic of
// src/datastore/pg-store.ts getAddressNonces). Fields the chain has no counterpart for carry the values
// an anchored, canonical, microblock-less transaction has; execution costs are 0 (simnet does not
// track them here).
import type { ClarityEvent } from './ledger.ts';
import { sha512_256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { PostConditionMode, hexToCV, wireToPostCondition, type PostCondition, type StacksTransactionWire } from '@stacks/transactions';
import type { JsonValue } from '../../core/json.ts';
import type { ContractEntry, MinedTx, TxRecord } from './ledger.ts';
import { field } from './postconditions.ts';
import { hexRepr } from './repr.ts';

type Json = { [key: string]: JsonValue };

/**
 * Simnet's hash for a height (stx-labs/clarinet, components/clarity-repl/src/repl/datastore.rs,
 * height_to_hashed_bytes): SHA-512/256 of the height as 4 big-endian bytes, its first byte set to 1 for
 * a Stacks block header hash, 2 for a burn header hash, 3 for a consensus hash (its first 20 bytes).
 */
export function simnetHash(height: number, kind: 1 | 2 | 3): string {
  const bytes = sha512_256(new Uint8Array([height >>> 24, (height >>> 16) & 0xff, (height >>> 8) & 0xff, height & 0xff]));
  bytes[0] = kind;
  return bytesToHex(kind === 3 ? bytes.slice(0, 20) : bytes);
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

const CONDITION = {
  eq: 'sent_equal_to',
  gt: 'sent_greater_than',
  gte: 'sent_greater_than_or_equal_to',
  lt: 'sent_less_than',
  lte: 'sent_less_than_or_equal_to',
} as const;
const NFT_CONDITION = { sent: 'sent', 'not-sent': 'not_sent', 'maybe-sent': 'maybe_sent' } as const;
const POX_CONDITION = { 'will-not-perform': 'not_performed', 'may-perform': 'maybe_performed', 'will-perform': 'performed' } as const;

function principalJson(address: string): Json {
  if (address === 'origin') return { type_id: 'principal_origin' };
  const [issuer = '', name] = address.split('.');
  return name === undefined ? { type_id: 'principal_standard', address: issuer } : { type_id: 'principal_contract', address: issuer, contract_name: name };
}

function assetJson(asset: string): Json {
  const [contract = '', asset_name = ''] = asset.split('::');
  const [contract_address = '', contract_name = ''] = contract.split('.');
  return { asset_name, contract_address, contract_name };
}

function postConditionJson(pc: PostCondition): Json {
  const principal = principalJson(pc.address);
  switch (pc.type) {
    case 'stx-postcondition':
      return { principal, condition_code: CONDITION[pc.condition], amount: String(pc.amount), type: 'stx' };
    case 'ft-postcondition':
      return { principal, condition_code: CONDITION[pc.condition], amount: String(pc.amount), type: 'fungible', asset: assetJson(pc.asset) };
    case 'nft-postcondition':
      return { principal, condition_code: NFT_CONDITION[pc.condition], type: 'non_fungible', asset_value: hexRepr(pc.assetId), asset: assetJson(pc.asset) };
    case 'staking-postcondition':
      return { principal, condition_code: CONDITION[pc.condition], amount: String(pc.amount), type: 'staking' };
    case 'pox-postcondition':
      return { principal, condition_code: POX_CONDITION[pc.condition], type: 'pox' };
  }
}

const MODE = { [PostConditionMode.Allow]: 'allow', [PostConditionMode.Deny]: 'deny', [PostConditionMode.Originator]: 'originator' } as const;

/** A simnet event as a Hiro transaction event. */
function eventJson(event: ClarityEvent, index: number, txid: string): Json {
  const base = { event_index: index, tx_id: txid };
  const f = (name: string): string => field(event, name);
  const value = (): Json => {
    try {
      return hexRepr(hexToCV(f('raw_value')));
    } catch {
      return { hex: f('raw_value'), repr: f('value') };
    }
  };
  const [family = '', kind = ''] = event.event.replace(/_event$/, '').split('_');
  const asset_event_type = kind === 'transfer' ? 'transfer' : kind === 'mint' ? 'mint' : 'burn';
  switch (family) {
    case 'stx':
      if (kind === 'lock')
        return {
          ...base,
          event_type: 'stx_lock',
          stx_lock_event: { locked_amount: f('locked_amount'), unlock_height: Number(f('unlock_height')), locked_address: f('locked_address') },
        };
      return {
        ...base,
        event_type: 'stx_asset',
        asset: { asset_event_type, sender: f('sender'), recipient: f('recipient'), amount: f('amount'), ...(f('memo') ? { memo: `0x${f('memo')}` } : {}) },
      };
    case 'ft':
      return {
        ...base,
        event_type: 'fungible_token_asset',
        asset: { asset_event_type, asset_id: f('asset_identifier'), sender: f('sender'), recipient: f('recipient'), amount: f('amount') },
      };
    case 'nft':
      return {
        ...base,
        event_type: 'non_fungible_token_asset',
        asset: { asset_event_type, asset_id: f('asset_identifier'), sender: f('sender'), recipient: f('recipient'), value: value() },
      };
    default:
      // print_event
      return { ...base, event_type: 'smart_contract_log', contract_log: { contract_id: f('contract_identifier'), topic: f('topic'), value: value() } };
  }
}

/** A function's arguments with their names and types from the contract's ABI, when it is known. */
function callJson(record: TxRecord, contract: (id: string) => ContractEntry | undefined): Json {
  const { payload } = record.info;
  if (payload.kind !== 'call') return {};
  const functions = contract(payload.contract)?.abi['functions'];
  const abi = Array.isArray(functions)
    ? functions.find((f): f is Json => typeof f === 'object' && f !== null && !Array.isArray(f) && f['name'] === payload.fn)
    : undefined;
  const abiArgs = Array.isArray(abi?.['args']) ? (abi['args'] as Json[]) : [];
  return {
    tx_type: 'contract_call',
    contract_call: {
      contract_id: payload.contract,
      function_name: payload.fn,
      function_signature: abi ? signature(abi) : '',
      function_args: payload.args.map((arg, i) => ({ ...hexRepr(arg), name: String(abiArgs[i]?.['name'] ?? ''), type: typeString(abiArgs[i]?.['type']) })),
    },
  };
}

/** An ABI type as Clarity writes it ("uint", "(buff 34)", "(optional principal)"). */
function typeString(type: JsonValue | undefined): string {
  if (typeof type === 'string') return type === 'uint128' ? 'uint' : type === 'int128' ? 'int' : type === 'trait_reference' ? 'trait_reference' : type;
  if (typeof type !== 'object' || type === null || Array.isArray(type)) return '';
  const [key = '', inner] = Object.entries(type)[0] ?? [];
  const o = (inner ?? {}) as Json;
  switch (key) {
    case 'buffer':
    case 'string-ascii':
    case 'string-utf8':
      return `(${key === 'buffer' ? 'buff' : key} ${String(o['length'])})`;
    case 'optional':
      return `(optional ${typeString(inner)})`;
    case 'response':
      return `(response ${typeString(o['ok'])} ${typeString(o['error'])})`;
    case 'list':
      return `(list ${String(o['length'])} ${typeString(o['type'])})`;
    case 'tuple':
      return `(tuple ${(inner as Json[]).map((e) => `(${String(e['name'])} ${typeString(e['type'])})`).join(' ')})`;
  }
  return key;
}

const signature = (fn: Json): string => {
  const access = fn['access'] === 'read_only' ? 'read-only' : String(fn['access']);
  const args = Array.isArray(fn['args']) ? (fn['args'] as Json[]).map((a) => `(${String(a['name'])} ${typeString(a['type'])})`).join(' ') : '';
  return `(define-${access} (${String(fn['name'])} ${args}))`;
};

function metadataJson(record: TxRecord, contract: (id: string) => ContractEntry | undefined): Json {
  const { payload, origin } = record.info;
  switch (payload.kind) {
    case 'transfer': {
      const memo = new Uint8Array(34);
      memo.set(utf8ToBytes(payload.memo).slice(0, 34));
      return {
        tx_type: 'token_transfer',
        token_transfer: { recipient_address: payload.recipient, amount: String(payload.amount), memo: `0x${bytesToHex(memo)}` },
      };
    }
    case 'call':
      return callJson(record, contract);
    case 'deploy':
      return {
        tx_type: 'smart_contract',
        smart_contract: { clarity_version: payload.clarityVersion ?? null, contract_id: `${origin}.${payload.name}`, source_code: payload.code },
      };
    case 'other':
      return { tx_type: 'unknown' };
  }
}

function baseJson(tx: StacksTransactionWire, record: TxRecord): Json {
  const { info } = record;
  return {
    tx_id: `0x${info.txid}`,
    nonce: info.originNonce,
    fee_rate: String(info.fee),
    sender_address: info.origin,
    sponsored: info.sponsor !== undefined,
    ...(info.sponsor === undefined ? {} : { sponsor_address: info.sponsor, sponsor_nonce: info.sponsorNonce ?? 0 }),
    post_condition_mode: MODE[tx.postConditionMode],
    post_conditions: tx.postConditions.values.map((wire) => postConditionJson(wireToPostCondition(wire))),
    anchor_mode: 'any',
  };
}

function minedJson(record: MinedTx): Json {
  const { block } = record;
  const txid = `0x${record.info.txid}`;
  return {
    block_hash: `0x${simnetHash(block.height, 1)}`,
    block_height: block.height,
    block_time: block.time,
    block_time_iso: iso(block.time),
    burn_block_time: block.time,
    burn_block_height: block.burnHeight,
    burn_block_time_iso: iso(block.time),
    parent_burn_block_time: block.time,
    parent_burn_block_time_iso: iso(block.time),
    canonical: true,
    tx_index: 0,
    tx_status: record.status,
    tx_result: hexRepr(record.result),
    event_count: record.events.length,
    parent_block_hash: `0x${simnetHash(Math.max(0, block.height - 1), 1)}`,
    is_unanchored: false,
    microblock_hash: '0x',
    microblock_sequence: 2147483647,
    microblock_canonical: true,
    execution_cost_read_count: 0,
    execution_cost_read_length: 0,
    execution_cost_runtime: 0,
    execution_cost_write_count: 0,
    execution_cost_write_length: 0,
    vm_error: record.vmError,
    events: record.events.map((event, i) => eventJson(event, i, txid)),
  };
}

/** GET /extended/v1/tx/:txid: a mined transaction, or a mempool one (pending, or dropped for a higher fee). */
export function txJson(record: TxRecord, contract: (id: string) => ContractEntry | undefined): Json {
  const status =
    record.state === 'mined'
      ? minedJson(record)
      : {
          tx_status: record.status,
          replaced_by_tx_id: record.replacedBy && `0x${record.replacedBy}`,
          receipt_time: record.received,
          receipt_time_iso: iso(record.received),
        };
  return { ...baseJson(record.tx, record), ...status, ...metadataJson(record, contract) };
}

/** GET /extended/v1/address/:principal/nonces, from the chain's nonce and its mempool. */
export function noncesJson(next: number, waiting: readonly number[]): Json {
  const lastExecuted = next > 0 ? next - 1 : null;
  const lastMempool = waiting.length > 0 ? Math.max(...waiting) : null;
  const possible = lastExecuted === null && lastMempool === null ? 0 : Math.max(lastExecuted ?? 0, lastMempool ?? 0) + 1;
  const missing: number[] = [];
  const present: number[] = [];
  if (lastExecuted !== null && lastMempool !== null) {
    for (let n = lastMempool - 1; n > lastExecuted; n--) (waiting.includes(n) ? present : missing).push(n);
  }
  return {
    last_executed_tx_nonce: lastExecuted,
    last_mempool_tx_nonce: lastMempool,
    possible_next_nonce: possible,
    detected_missing_nonces: missing,
    detected_mempool_nonces: present,
  };
}

export interface StxTotals {
  balance: bigint;
  locked: bigint;
  unlockHeight: number;
  /** What the chain's transactions moved (control calls and genesis not counted). */
  sent: bigint;
  received: bigint;
  fees: bigint;
  pendingIn: bigint;
  pendingOut: bigint;
}

/** The stx object of GET /extended/v1/address/:principal/balances (and all of …/stx). */
export function stxJson(t: StxTotals): Json {
  return {
    balance: String(t.balance),
    estimated_balance: String(t.balance + t.pendingIn - t.pendingOut),
    pending_balance_inbound: String(t.pendingIn),
    pending_balance_outbound: String(t.pendingOut),
    total_sent: String(t.sent),
    total_received: String(t.received),
    total_fees_sent: String(t.fees),
    total_miner_rewards_received: '0',
    lock_tx_id: '',
    locked: String(t.locked),
    lock_height: 0,
    burnchain_lock_height: 0,
    burnchain_unlock_height: t.locked > 0n ? t.unlockHeight : 0,
  };
}
