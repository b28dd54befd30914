// Oyl's events, this mock's reading (docs/reference/oyl.md §2.4): no public source shows window.oyl emitting any;
// Dynamic's Bitcoin connector listens for accountsChanged when the object has on(). To the sites connected to it.
import type { HDKey } from '@scure/bip32';
import type { Settings } from '../../core/settings.ts';
import type { HeldGrant, SiteEvent, WalletChange } from '../record.ts';
import { oylAccount } from './keys.ts';

/** [taproot, nativeSegwit]: Dynamic reads the first as the wallet's main address, as it reads getAddresses' taproot. */
const addressesOf = (root: HDKey, s: Settings): string[] => {
  const account = oylAccount(root, s.activeAccount, s.network);
  return [account.taproot.address, account.nativeSegwit.address];
};

/**
 * An account or network switch that changes the addresses: accountsChanged [taproot, nativeSegwit]. A change of
 * wallet (mnemonic or passphrase): accountsChanged [], and the site connects again.
 */
export function oylEvents(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[] {
  if (wallets.before !== wallets.after) {
    return grants.filter(([, grant]) => grant.wallet === wallets.before).map(([site]) => ({ site, event: { type: 'accountsChanged', payload: [] } }));
  }
  const sites = grants.filter(([, grant]) => grant.wallet === wallets.after).map(([site]) => site);
  const addresses = addressesOf(root, after);
  if (sites.length === 0 || addressesOf(root, before).join() === addresses.join()) return [];
  return sites.map((site) => ({ site, event: { type: 'accountsChanged', payload: addresses } }));
}
