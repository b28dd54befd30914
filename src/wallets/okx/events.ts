// Which OKX events a change of the wallet sends (docs/reference/okx.md §2.1): accountChanged (an object)
// and accountsChanged (an array), to each provider object, with its network's address.
import type { HDKey } from '@scure/bip32';
import type { Settings } from '../../core/settings.ts';
import type { HeldGrant, SiteEvent, WalletChange } from '../record.ts';
import { unisatAccount } from '../unisat/keys.ts';
import { OKX_OBJECTS, type OkxObject } from './objects.ts';

const OBJECTS = Object.keys(OKX_OBJECTS) as OkxObject[];

function accountOf(root: HDKey, s: Settings, object: OkxObject) {
  const account = unisatAccount(root, s.okxAddressType, s.activeAccount, OKX_OBJECTS[object]);
  return {
    address: account.address,
    publicKey: account.script === 'p2tr' ? account.publicKey.slice(2) : account.publicKey,
    compressedPublicKey: account.publicKey,
  };
}

/** An account or address type switch: both events, per object; a change of wallet: null and [] (the site connects again). */
export function okxEvents(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[] {
  if (wallets.before !== wallets.after) {
    const gone = grants.filter(([, grant]) => grant.wallet === wallets.before).map(([site]) => site);
    return gone.flatMap((site) => [
      { site, event: { type: 'accountChanged', payload: null } },
      { site, event: { type: 'accountsChanged', payload: [] } },
    ]);
  }
  if (before.activeAccount === after.activeAccount && before.okxAddressType === after.okxAddressType) return [];
  const sites = grants.filter(([, grant]) => grant.wallet === wallets.after).map(([site]) => site);
  return sites.flatMap((site) =>
    OBJECTS.flatMap((object) => {
      const account = accountOf(root, after, object);
      return [
        { site, event: { type: 'accountChanged', payload: account, target: object } },
        { site, event: { type: 'accountsChanged', payload: [account.address], target: object } },
      ];
    }),
  );
}
