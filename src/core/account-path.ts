// The contract's section 2.3: how a caller reads the account number from an entry.

/**
 * The account number in a BIP-32 path such as m/84'/0'/6'/0/0 (here 6, shown
 * to the user as "Account 7"). Throws when the segment is not a base-10 integer,
 * as callers must.
 */
export function accountFromDerivationPath(path: string): number {
  if (typeof path !== 'string') throw new TypeError(`derivationPath must be a string, got ${typeof path}`);
  const segment = path.split('/')[3];
  if (segment === undefined) throw new Error(`derivationPath "${path}" has no account segment (expected m/purpose'/coin'/account'/…)`);
  const digits = segment.replaceAll("'", '');
  if (!/^[0-9]+$/.test(digits) || !Number.isSafeInteger(Number(digits))) {
    throw new Error(`derivationPath "${path}": account segment "${segment}" is not an integer`);
  }
  return Number(digits);
}

/** Largest account index a hardened BIP-32 step can carry. */
export const MAX_ACCOUNT = 0x7fffffff;

/** Accounts a wallet lists (accountCount's limit); any other account number is typed. */
export const MAX_LISTED_ACCOUNTS = 100;

/** The label a wallet shows for a 0-based account index. */
export const accountLabel = (account: number): string => `Account ${account + 1}`;
