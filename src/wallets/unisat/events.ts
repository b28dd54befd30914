// Which UniSat events a change of the wallet sends, to the sites connected to it (docs/reference/unisat.md §2.4),
// in the order UniSat's background sends them (unisat-wallet/extension 494345cb src/background/controller/wallet.ts
// setChainType: the account first, then chainChanged, then networkChanged; preference.ts setCurrentAccount).
import type { HDKey } from '@scure/bip32';
import type { Settings } from '../../core/settings.ts';
import type { HeldGrant, SiteEvent, WalletChange } from '../record.ts';
import { chainOf, legacyNetworkName } from './chains.ts';
import { unisatAccount } from './keys.ts';

const addressOf = (root: HDKey, s: Settings): string => unisatAccount(root, s.unisatAddressType, s.activeAccount, s.network).address;

/**
 * An account, address type or network switch: accountsChanged [address] when the address changed; a
 * network switch then chainChanged and, when the legacy name changed, networkChanged. A change of wallet
 * (mnemonic or passphrase): accountsChanged [], and the site connects again (docs/unisat.md says why).
 */
export function unisatEvents(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[] {
  if (wallets.before !== wallets.after) {
    return grants.filter(([, grant]) => grant.wallet === wallets.before).map(([site]) => ({ site, event: { type: 'accountsChanged', payload: [] } }));
  }
  const sites = grants.filter(([, grant]) => grant.wallet === wallets.after).map(([site]) => site);
  if (sites.length === 0) return [];
  const events: SiteEvent['event'][] = [];
  const address = addressOf(root, after);
  if (addressOf(root, before) !== address) events.push({ type: 'accountsChanged', payload: [address] });
  const chain = chainOf(after.network);
  if (before.network !== after.network && chain) events.push({ type: 'chainChanged', payload: { ...chain } });
  const network = legacyNetworkName(after.network);
  if (network !== legacyNetworkName(before.network)) events.push({ type: 'networkChanged', payload: network });
  return sites.flatMap((site) => events.map((event) => ({ site, event })));
}
