// Which addresses a chain funds at start: the wallet's accounts on regtest, as Leather and Xverse
// derive them (m/84'/1'/N'/0/0 and m/86'/1'/N'/0/0), from the same mnemonic the wallet uses.
import { KeyRing } from '../core/keyring.ts';
import { DEFAULT_MNEMONIC, normalizeMnemonic } from '../core/mnemonic.ts';
import { MAX_ACCOUNT } from '../core/keys.ts';

export interface FundedAccount {
  account: number;
  p2wpkh: string;
  p2tr: string;
  /** The account's Stacks address on testnet (ST…): what simnet funds. */
  stx: string;
}

export class FundingError extends Error {}

/**
 * The first `count` accounts of a mnemonic (no BIP-39 passphrase: simnet funds its genesis accounts
 * from Clarinet's Devnet.toml, which takes none), with the addresses a chain pays at start.
 */
export async function fundedAccounts(count: number, mnemonic: string = DEFAULT_MNEMONIC): Promise<FundedAccount[]> {
  if (!Number.isInteger(count) || count < 0 || count > 100 || count > MAX_ACCOUNT + 1)
    throw new FundingError(`the number of funded accounts must be a whole number from 0 to 100, got ${String(count)}`);
  let words: string;
  try {
    words = normalizeMnemonic(mnemonic);
  } catch (error) {
    throw new FundingError(`the mnemonic: ${error instanceof Error ? error.message : String(error)}`);
  }
  const ring = new KeyRing();
  const accounts: FundedAccount[] = [];
  for (let account = 0; account < count; account++) {
    const keys = await ring.account(words, '', 'regtest', account);
    accounts.push({ account, p2wpkh: keys.p2wpkh.address, p2tr: keys.p2tr.address, stx: keys.stx.address });
  }
  return accounts;
}
