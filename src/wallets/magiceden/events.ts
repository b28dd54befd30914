// Magic Eden's one event, accountsChanged, to the sites connected to it (docs/reference/magiceden.md §2.4):
// [{ address, purpose }] for the ordinals and payment addresses of the account switched to; [] when the site's
// connection ends (another wallet, or a network Magic Eden does not have).
import type { HDKey } from '@scure/bip32';
import { deriveAccount } from '../../core/keys.ts';
import type { Settings } from '../../core/settings.ts';
import type { HeldGrant, SiteEvent, WalletChange } from '../record.ts';
import { addressesOf, answersOn } from './methods/dialect.ts';

/** The account's addresses as the event names them: no public key (MEDOC provider-events). */
function accountsOf(root: HDKey, settings: Settings): { address: string; purpose: string }[] {
  const { ordinals, payment } = addressesOf(deriveAccount(root, settings.network, settings.activeAccount));
  return [ordinals, payment].map(({ address, purpose }) => ({ address, purpose }));
}

export function magicEdenEvents(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[] {
  const changed = wallets.before !== wallets.after;
  const sites = grants.filter(([, grant]) => grant.wallet === wallets.before).map(([site]) => site);
  if (changed || (answersOn(before.network) && !answersOn(after.network)))
    return sites.map((site) => ({ site, event: { type: 'accountsChanged', payload: [] } }));
  if (!answersOn(after.network) || (before.activeAccount === after.activeAccount && before.network === after.network)) return [];
  const payload = accountsOf(root, after);
  return sites.map((site) => ({ site, event: { type: 'accountsChanged', payload } }));
}
