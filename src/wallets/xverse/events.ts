// Which Xverse events a change of the wallet sends, and to which sites (docs/reference/xverse.md §2.4).
import type { HDKey } from '@scure/bip32';
import type { JsonValue } from '../../core/json.ts';
import type { Settings } from '../../core/settings.ts';
import type { HeldGrant, SiteEvent, WalletChange } from '../record.ts';
import { canReadAccount } from '../../core/site-grant.ts';
import { addressList, networkObject, xverseAccount } from './account.ts';

const addressesOf = (root: HDKey, settings: Settings): JsonValue =>
  addressList(xverseAccount(root, settings.network, settings.activeAccount, settings.xversePaymentType)) as unknown as JsonValue;

/**
 * Events for a settings change, as Xverse sends them. Account switch (or payment type): an empty
 * accountChange to sites that could read the old account, then one with the three addresses to sites that
 * can read the new one. Network switch: networkChange with no addresses to sites with network read, then
 * one with the addresses to those that could also read the account before the switch. A grant reads only
 * the wallet it was given for (Xverse's account ids include the master key): another wallet is another
 * account, which no site can read until it connects again.
 */
export function eventsFor(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[] {
  const events: SiteEvent[] = [];
  const push = (site: string, event: SiteEvent['event']): void => void events.push({ site, event });
  const walletChanged = wallets.before !== wallets.after;
  if (before.network !== after.network && !walletChanged) {
    const network = networkObject(after.network);
    for (const [site, grant] of grants) {
      if (!grant.readNetwork || grant.wallet !== wallets.before) continue;
      push(site, { type: 'networkChange', ...network, addresses: [] } as SiteEvent['event']);
      if (canReadAccount(grant, before.network, before.activeAccount))
        push(site, { type: 'networkChange', ...network, addresses: addressesOf(root, after) } as SiteEvent['event']);
    }
    return events;
  }
  const accountChanged = walletChanged || before.activeAccount !== after.activeAccount || before.network !== after.network;
  if (accountChanged || before.xversePaymentType !== after.xversePaymentType) {
    for (const [site, grant] of grants) {
      const readOld = grant.wallet === wallets.before && canReadAccount(grant, before.network, before.activeAccount);
      const readNew = grant.wallet === wallets.after && canReadAccount(grant, after.network, after.activeAccount);
      if (readOld && accountChanged) push(site, { type: 'accountChange', addresses: [] });
      if (readNew) push(site, { type: 'accountChange', addresses: addressesOf(root, after) });
    }
  }
  return events;
}
