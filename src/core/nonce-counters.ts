// The wallet's next Stacks nonce per network and account: running state that signatures move, kept
// apart from the settings (background/request/nonces.ts owns it; shared/nonce-store.ts stores it).
import { isPlainRecord } from './json.ts';
import { MAX_ACCOUNT } from './account-path.ts';
import { NETWORK_NAMES, type NetworkName } from './networks.ts';

export type NonceCounters = Readonly<Record<string, number>>;

export const nonceKey = (network: NetworkName, account: number): string => `${network}:${account}`;

/** The next nonce of an account on a network: 0 until a transaction moved it. */
export const counterOf = (counters: NonceCounters, network: NetworkName, account: number): number => counters[nonceKey(network, account)] ?? 0;

const KEY = new RegExp(`^(${NETWORK_NAMES.join('|')}):([0-9]{1,10})$`);
const isNonce = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * What storage holds, keeping only well-formed entries (a hand edit cannot make the wallet sign with
 * garbage); each entry dropped is told to `report`, in words naming it.
 */
export function readCounters(stored: unknown, report: (problem: string) => void = () => undefined): NonceCounters {
  const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);
  if (stored === undefined) return {};
  if (!isPlainRecord(stored)) {
    report(`stored stacksNonces held ${shown(stored)}, which is not a record of nonce counters: dropped, every counter read as 0`);
    return {};
  }
  const kept: Record<string, number> = {};
  for (const [key, nonce] of Object.entries(stored)) {
    if (KEY.test(key) && Number(KEY.exec(key)![2]) <= MAX_ACCOUNT && isNonce(nonce)) kept[key] = nonce;
    else
      report(
        `stored stacksNonces held ${shown(key)}: ${shown(nonce)}, which is not a nonce counter (<network>:<account> → a whole number): dropped, read as 0`,
      );
  }
  return kept;
}

/** Where a counter is set from outside (the kits, the settings page): a readable error naming what is wrong. */
export function checkCounter(nonce: unknown, network: unknown, account: unknown): { nonce: number; network: NetworkName; account: number } {
  if (!isNonce(nonce)) throw new RangeError(`the Stacks nonce must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${JSON.stringify(nonce)}`);
  if (!(NETWORK_NAMES as readonly unknown[]).includes(network))
    throw new RangeError(`network must be one of ${NETWORK_NAMES.join(', ')}, got ${JSON.stringify(network)}`);
  if (typeof account !== 'number' || !Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT)
    throw new RangeError(`account must be a whole number from 0 to ${MAX_ACCOUNT} (0-based), got ${JSON.stringify(account)}`);
  return { nonce, network: network as NetworkName, account };
}
