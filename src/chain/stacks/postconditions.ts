// Post-conditions, checked as the node checks them after running a transaction: against what each
// principal sent or burned (its asset map; mints do not count), then, in deny mode (or for the origin in
// originator mode), every asset a principal moved must be named by one of them.
// StacksChainState::check_transaction_postconditions, stackslib/src/chainstate/stacks/db/transactions.rs
// (stacks-network/stacks-core); the reasons are its words. The asset map is built from simnet's events.
import type { ClarityEvent } from './ledger.ts';
import { PostConditionMode, cvToHex, wireToPostCondition, type PostCondition, type StacksTransactionWire } from '@stacks/transactions';

interface AssetMap {
  stx: Map<string, bigint>;
  stxBurned: Map<string, bigint>;
  /** principal → asset id (ST….contract::token) → amount sent or burned */
  ft: Map<string, Map<string, bigint>>;
  /** principal → asset id → the values (hex) sent or burned */
  nft: Map<string, Map<string, string[]>>;
  /** principal → µSTX locked for stacking (stx_lock events) */
  locked: Map<string, bigint>;
}

/** One field of a simnet event's data, as a string ('' if absent). */
export function field(event: ClarityEvent, name: string): string {
  const value: unknown = event.data[name];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

const add = (map: Map<string, bigint>, key: string, amount: bigint): void => void map.set(key, (map.get(key) ?? 0n) + amount);
const inner = <V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> => map.get(key) ?? map.set(key, new Map()).get(key)!;

function assetMap(events: readonly ClarityEvent[]): AssetMap {
  const map: AssetMap = { stx: new Map(), stxBurned: new Map(), ft: new Map(), nft: new Map(), locked: new Map() };
  for (const event of events) {
    const sender = field(event, 'sender');
    const asset = field(event, 'asset_identifier');
    switch (event.event) {
      case 'stx_transfer_event':
        add(map.stx, sender, BigInt(field(event, 'amount')));
        break;
      case 'stx_burn_event':
        add(map.stxBurned, sender, BigInt(field(event, 'amount')));
        break;
      case 'ft_transfer_event':
      case 'ft_burn_event':
        add(inner(map.ft, sender), asset, BigInt(field(event, 'amount')));
        break;
      case 'nft_transfer_event':
      case 'nft_burn_event': {
        const sent = inner(map.nft, sender);
        sent.set(asset, [...(sent.get(asset) ?? []), field(event, 'raw_value')]);
        break;
      }
      case 'stx_lock_event':
        add(map.locked, field(event, 'locked_address'), BigInt(field(event, 'locked_amount')));
        break;
    }
  }
  return map;
}

/** FungibleConditionCode::check, its Debug names for the reason. */
const FUNGIBLE = {
  eq: { name: 'SentEq', check: (sent: bigint, amount: bigint) => sent === amount },
  gt: { name: 'SentGt', check: (sent: bigint, amount: bigint) => sent > amount },
  gte: { name: 'SentGe', check: (sent: bigint, amount: bigint) => sent >= amount },
  lt: { name: 'SentLt', check: (sent: bigint, amount: bigint) => sent < amount },
  lte: { name: 'SentLe', check: (sent: bigint, amount: bigint) => sent <= amount },
} as const;

const NFT = { sent: 'Sent', 'not-sent': 'NotSent', 'maybe-sent': 'MaybeSent' } as const;

/**
 * The reason the node would abort this transaction after running it with these events, or undefined.
 * Staking post-conditions read stx_lock events; PoX-action post-conditions see no action (simnet does
 * not report one), and the unchecked staking and PoX actions of originator/deny mode are not enforced.
 */
export function postConditionFailure(tx: StacksTransactionWire, origin: string, events: readonly ClarityEvent[]): string | undefined {
  const map = assetMap(events);
  const checkedFt = new Map<string, Set<string>>();
  const checkedNft = new Map<string, Map<string, Set<string>>>();
  const check = (principal: string, asset: string): void => void (checkedFt.get(principal) ?? checkedFt.set(principal, new Set()).get(principal)!).add(asset);

  for (const wire of tx.postConditions.values) {
    const pc: PostCondition = wireToPostCondition(wire);
    const principal = pc.address === 'origin' ? origin : pc.address;
    switch (pc.type) {
      case 'stx-postcondition': {
        const transferred = map.stx.get(principal) ?? 0n;
        const burned = map.stxBurned.get(principal) ?? 0n;
        const code = FUNGIBLE[pc.condition];
        if (!code.check(transferred + burned, BigInt(pc.amount))) {
          return `Post-condition check failure on STX owned by ${principal}: ${pc.amount} ${code.name} ${transferred + burned}`;
        }
        if (transferred > 0n) check(principal, 'STX');
        if (burned > 0n) check(principal, 'STX-burned');
        break;
      }
      case 'ft-postcondition': {
        const sent = map.ft.get(principal)?.get(pc.asset) ?? 0n;
        const code = FUNGIBLE[pc.condition];
        if (!code.check(sent, BigInt(pc.amount)))
          return `Post-condition check failure on fungible asset ${pc.asset} owned by ${principal}: ${pc.amount} ${code.name} ${sent}`;
        check(principal, pc.asset);
        break;
      }
      case 'nft-postcondition': {
        const sent = map.nft.get(principal)?.get(pc.asset) ?? [];
        const value = cvToHex(pc.assetId);
        const ok = pc.condition === 'sent' ? sent.includes(value) : pc.condition === 'not-sent' ? !sent.includes(value) : true;
        if (!ok)
          return `Post-condition check failure on non-fungible asset ${pc.asset} owned by ${principal}: ${value} ${NFT[pc.condition]} [${sent.join(', ')}]`;
        const assets = checkedNft.get(principal) ?? checkedNft.set(principal, new Map()).get(principal)!;
        (assets.get(pc.asset) ?? assets.set(pc.asset, new Set()).get(pc.asset)!).add(value);
        break;
      }
      case 'staking-postcondition': {
        const staked = map.locked.get(principal) ?? 0n;
        const code = FUNGIBLE[pc.condition];
        if (!code.check(staked, BigInt(pc.amount))) return `Post-condition check failure on STX staked by ${principal}: ${pc.amount} ${code.name} ${staked}`;
        break;
      }
      case 'pox-postcondition':
        if (pc.condition === 'will-perform') return `Post-condition check failure on PoX action by ${principal}: WillPerform performed=false`;
        break;
    }
  }

  const enforced = (principal: string): boolean =>
    tx.postConditionMode === PostConditionMode.Deny || (tx.postConditionMode === PostConditionMode.Originator && principal === origin);
  const fungible: [string, Map<string, bigint>][] = [
    ...[...map.stx].map(([p, n]): [string, Map<string, bigint>] => [p, new Map([['STX', n]])]),
    ...[...map.stxBurned].map(([p, n]): [string, Map<string, bigint>] => [p, new Map([['STX-burned', n]])]),
    ...map.ft,
  ];
  for (const [principal, assets] of fungible) {
    if (!enforced(principal)) continue;
    for (const [asset, amount] of assets) {
      if (amount > 0n && !checkedFt.get(principal)?.has(asset)) {
        return `Post-condition check failure: Fungible asset ${asset === 'STX-burned' ? 'STX' : asset} was moved by ${principal} but not checked`;
      }
    }
  }
  for (const [principal, assets] of map.nft) {
    if (!enforced(principal)) continue;
    for (const [asset, values] of assets) {
      const byPrincipal = checkedNft.get(principal);
      if (!byPrincipal) return `Post-condition check failure: No checks for non-fungible asset ${asset} moved by ${principal}`;
      const checked = byPrincipal.get(asset);
      if (!checked) return `Post-condition check failure: Non-fungible asset ${asset} was moved by ${principal} but not checked`;
      const unchecked = values.find((v) => !checked.has(v));
      if (unchecked) return `Post-condition check failure: Non-fungible asset ${asset} value ${unchecked} was moved by ${principal} but not checked`;
    }
  }
  return undefined;
}
