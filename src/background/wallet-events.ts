// Sends identity events (Xverse's accountChange, networkChange, disconnect) to the tabs of the sites entitled to them.
import browser from 'webextension-polyfill';
import type { Settings } from '../core/settings.ts';
import { eventsFor, type SiteEvent } from '../core/xverse/events.ts';
import type { WalletEventMessage } from '../shared/messages.ts';
import { siteGrants } from './site-grants.ts';
import type { KeyRing } from '../core/keyring.ts';

const originOf = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** Every tab of each event's origin gets it, in order; a tab that cannot take it (no relay yet) is skipped. */
async function send(events: readonly SiteEvent[]): Promise<void> {
  if (events.length === 0) return;
  const tabs = await browser.tabs.query({});
  for (const { origin, event } of events) {
    const message: WalletEventMessage = { type: 'wallet/event', identity: 'xverse', event };
    await Promise.all(tabs.filter((tab) => tab.id !== undefined && originOf(tab.url) === origin).map((tab) => browser.tabs.sendMessage(tab.id!, message).catch(() => undefined)));
  }
}

/** After a settings change: the events it causes, to the sites that hold a grant. */
export async function announceChange(keyRing: KeyRing, before: Settings, after: Settings): Promise<void> {
  const grants = await siteGrants.entries();
  if (grants.length === 0) return;
  const root = await keyRing.masterKey(after.mnemonic, after.passphrase);
  await send(eventsFor(before, after, grants, root));
}

/** wallet_disconnect / wallet_renouncePermissions: the site's permissions go, and its tabs hear `disconnect`. */
export async function revokeGrant(origin: string): Promise<void> {
  await siteGrants.delete([origin]);
  await send([{ origin, event: { type: 'disconnect' } }]);
}
