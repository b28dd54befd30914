// The wallets this mock poses as: one record each (record.ts). Adding one is a folder beside these and
// one line here; what shared code knows of the wallets is derived from the records (table.ts).
import type { ContractWalletName, IdentityName, WalletName } from '../core/wallet-types.ts';
import type { ExposeName } from '../core/choices.ts';
import type { WalletRecord } from './record.ts';
import { walletTable } from './table.ts';
import { leather } from './leather/index.ts';
import { xverse } from './xverse/index.ts';
import { unisat } from './unisat/index.ts';
import { okx } from './okx/index.ts';
import { bitget } from './bitget/index.ts';
import { binance } from './binance/index.ts';
import { onekey } from './onekey/index.ts';
import { wizz } from './wizz/index.ts';
import { opnet } from './opnet/index.ts';
import { keplr } from './keplr/index.ts';
import { fordefi } from './fordefi/index.ts';
import { magiceden } from './magiceden/index.ts';
import { oyl } from './oyl/index.ts';

/** Every wallet's record, by name. */
export const WALLETS: { readonly [K in WalletName]: WalletRecord<K> } = {
  leather,
  xverse,
  unisat,
  okx,
  bitget,
  binance,
  onekey,
  wizz,
  opnet,
  keplr,
  fordefi,
  magiceden,
  oyl,
};

/** The wallet always there, window.WalletProvider's: the one the page calls with no identity. */
export const CONTRACT_WALLET: ContractWalletName = 'leather';

export const TABLE = walletTable(Object.values(WALLETS), CONTRACT_WALLET);

/** The wallets a page can also find, each through its own identity (the `identities` setting lists them). */
export const IDENTITY_NAMES = TABLE.identities;
export const isIdentity = TABLE.isIdentity;
export const isCaller = TABLE.isCaller;
/** The wallet a page called: the provider's identity, or none for the contract's provider. */
export const walletFor = TABLE.walletFor;
/** Every rule a usage finding can name: the contract's and each wallet's own. */
export const USAGE_RULES = TABLE.usageRules;

export type { WalletRecord } from './record.ts';

/** The identities a run posing as `wallet` needs: its own added to those listed (the contract's wallet needs none). */
export const identitiesFor = (wallet: WalletName, listed: readonly IdentityName[]): IdentityName[] =>
  isIdentity(wallet) && !listed.includes(wallet) ? [...listed, wallet] : [...new Set(listed)];

/** The other names (setting exposeAs) a run posing as `wallet` turns on: its record's added to those listed. */
export const exposeAsFor = (wallet: WalletName, listed: readonly ExposeName[]): ExposeName[] => [...new Set([...listed, ...(WALLETS[wallet].exposeAs ?? [])])];
