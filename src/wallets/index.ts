// The wallets this mock poses as: one record each (record.ts). Adding one is a folder beside these
// and one line here (and its name in core/choices.ts IDENTITY_NAMES, which settings validate against).
import { isIdentity, type ExposeName, type IdentityName, type WalletName } from '../core/choices.ts';
import type { WalletRecord } from './record.ts';
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

export const WALLETS: Readonly<Record<WalletName, WalletRecord>> = { leather, xverse, unisat, okx, bitget, binance, onekey, wizz, opnet, keplr, fordefi };

/** The wallet a page called: the provider's identity, or none for the contract's provider. */
export const walletFor = (identity: IdentityName | undefined): WalletRecord => WALLETS[identity ?? 'leather'];

export type { WalletRecord } from './record.ts';

/** The wallet always there, window.WalletProvider's: the one the page calls with no identity. */
export const CONTRACT_WALLET: WalletName = walletFor(undefined).name;

/** The identities a run posing as `wallet` needs: its own added to those listed (the contract's wallet needs none). */
export const identitiesFor = (wallet: WalletName, listed: readonly IdentityName[]): IdentityName[] =>
  isIdentity(wallet) && !listed.includes(wallet) ? [...listed, wallet] : [...new Set(listed)];

/** The other names (setting exposeAs) a run posing as `wallet` turns on: its record's added to those listed. */
export const exposeAsFor = (wallet: WalletName, listed: readonly ExposeName[]): ExposeName[] => [...new Set([...listed, ...(WALLETS[wallet].exposeAs ?? [])])];
