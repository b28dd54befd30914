// Which Xverse events a change of the wallet sends, and to which sites (xverse-methods.md §2.4).
import type { HDKey } from '@scure/bip32';
import type { JsonValue } from '../json.ts';
import type { Settings } from '../settings.ts';
import { canReadAccount, type SiteGrant } from '../site-grant.ts';
import { addressList, networkObject, xverseAccount } from './account.ts';

export interface SiteEvent {
  origin: string;
  event: { type: string } & Record<string, JsonValue>;
}

const addressesOf = (root: HDKey, settings: Settings): JsonValue => addressList(xverseAccount(root, settings.network, settings.activeAccount, settings.xversePaymentType)) as unknown as JsonValue;

/**
 * Events for a settings change, as Xverse sends them. Account switch (or payment type): an empty
 * accountChange to sites that could read the old account, then one with the three addresses to sites that
 * can read the new one. Network switch: networkChange with no addresses to sites with network read, then
 * one with the addresses to those that could also read the account before the switch.
 */
export function eventsFor(before: Settings, after: Settings, grants: readonly [string, SiteGrant][], root: HDKey): SiteEvent[] {
  const events: SiteEvent[] = [];
  if (before.network !== after.network) {
    const network = networkObject(after.network);
    for (const [origin, grant] of grants) {
      if (!grant.readNetwork) continue;
      events.push({ origin, event: { type: 'networkChange', ...network, addresses: [] } as SiteEvent['event'] });
      if (canReadAccount(grant, before.network, before.activeAccount)) events.push({ origin, event: { type: 'networkChange', ...network, addresses: addressesOf(root, after) } as SiteEvent['event'] });
    }
    return events;
  }
  if (before.activeAccount !== after.activeAccount || before.xversePaymentType !== after.xversePaymentType || before.mnemonic !== after.mnemonic || before.passphrase !== after.passphrase) {
    for (const [origin, grant] of grants) {
      const readOld = canReadAccount(grant, before.network, before.activeAccount);
      const readNew = canReadAccount(grant, after.network, after.activeAccount);
      if (readOld && before.activeAccount !== after.activeAccount) events.push({ origin, event: { type: 'accountChange', addresses: [] } });
      if (readNew) events.push({ origin, event: { type: 'accountChange', addresses: addressesOf(root, after) } });
    }
  }
  return events;
}
