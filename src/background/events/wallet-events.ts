// Sends a wallet's events (its record's: Xverse's accountChange, networkChange, disconnect) to the frames entitled to
// them: a frame that called that wallet or whose page listens (Chrome's sender information naming the
// tab, frame, document and origin), and whose own site holds the grant. Each is sent to that frame
// alone, and its relay passes it on only if the event names its own site.
import browser, { type Runtime } from 'webextension-polyfill';
import type { Settings } from '../../core/settings.ts';
import { IDENTITY_NAMES, WALLETS, isIdentity, type WalletRecord } from '../../wallets/index.ts';
import type { SiteEvent } from '../../wallets/record.ts';
import type { IdentityName } from '../../core/choices.ts';
import type { WalletEventMessage, WalletListenMessage } from '../../shared/messages.ts';
import { callerOf, frameFactsOf } from '../../shared/site.ts';
import { deleteGrant, forgetOtherWallets, grantEntries } from '../store/site-grants.ts';
import { SessionMap } from '../store/session-map.ts';
import type { KeyRing } from '../../core/keyring.ts';
import type { HDKey } from '@scure/bip32';

/** A frame that may hear one wallet's events; each wallet keeps its own (listenersOf). */
interface Listener {
  tabId: number;
  frameId: number;
  /** Chrome's: the document itself, so a frame navigated since gets nothing. */
  documentId?: string;
  site: string;
}

const isListener = (value: unknown): boolean => {
  const v = value as Partial<Listener> | null;
  return typeof v === 'object' && v !== null && typeof v.tabId === 'number' && typeof v.frameId === 'number' && typeof v.site === 'string';
};
const listeners = new Map(
  IDENTITY_NAMES.map((identity) => [
    identity,
    new SessionMap<Listener>(`listen:${identity}:`, isListener, false, "a frame listening for a wallet's events (tab, frame, site)"),
  ]),
);
const listenersOf = (identity: IdentityName): SessionMap<Listener> => listeners.get(identity)!;
const keyOf = (l: Pick<Listener, 'tabId' | 'frameId'>): string => `${l.tabId}:${l.frameId}`;

/**
 * A frame of `site` that may hear `identity`'s events: its relay said its page listens, or it called
 * that wallet (the frame that connects is noted before its grant exists, so no event about the grant
 * can miss it). Written only when it is new.
 */
export async function noteFrame(identity: unknown, site: string, sender: Runtime.MessageSender): Promise<void> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || !isIdentity(identity)) return;
  const listener: Listener = { tabId, frameId: sender.frameId ?? 0, ...(sender.documentId !== undefined && { documentId: sender.documentId }), site };
  const known = await listenersOf(identity).get(keyOf(listener));
  if (known && known.site === site && known.documentId === listener.documentId) return;
  await listenersOf(identity).set(keyOf(listener), listener);
}

/** A relay's word that its page listens for `identity`'s events. */
export const listen = (message: WalletListenMessage, sender: Runtime.MessageSender): Promise<void> =>
  noteFrame(message.identity, callerOf(sender, frameFactsOf(message.frame)).site, sender);

/** A closed tab's frames hear nothing more. */
export async function forgetTab(tabId: number): Promise<void> {
  for (const map of listeners.values()) await map.delete((await map.values()).filter((l) => l.tabId === tabId).map(keyOf));
}

/** Each event to the listening frames of its site, in order; a frame that is gone (or navigated) is forgotten. */
async function send(identity: IdentityName, events: readonly SiteEvent[]): Promise<void> {
  if (events.length === 0) return;
  const map = listenersOf(identity);
  const all = await map.values();
  for (const { site, event } of events) {
    const message: WalletEventMessage = { type: 'wallet/event', identity, site, event };
    await Promise.all(
      all
        .filter((l) => l.site === site)
        .map((l) =>
          browser.tabs.sendMessage(l.tabId, message, l.documentId ? { documentId: l.documentId } : { frameId: l.frameId }).catch(() => map.delete([keyOf(l)])),
        ),
    );
  }
}

/**
 * After a settings change: the events it causes, to the sites that hold a grant. A change of wallet
 * (mnemonic or passphrase) leaves every site unconnected: the sites that could read the old account
 * hear it go, and what they held is forgotten. `walletOf` names a wallet by its master fingerprint.
 */
export async function announceChange(
  keyRing: KeyRing,
  before: Settings,
  after: Settings,
  walletOf: (settings: Settings) => Promise<string | undefined>,
): Promise<void> {
  const changed = before.mnemonic !== after.mnemonic || before.passphrase !== after.passphrase;
  const held = await Promise.all(IDENTITY_NAMES.map(async (identity) => [identity, await grantEntries(identity)] as const));
  if (held.every(([, grants]) => grants.length === 0) && !changed) return;
  const afterWallet = await walletOf(after);
  const wallets = { before: changed ? await walletOf(before) : afterWallet, after: afterWallet };
  let root: HDKey | undefined;
  for (const [identity, grants] of held) {
    const { events } = WALLETS[identity];
    if (!events || grants.length === 0) continue;
    root ??= await keyRing.masterKey(after.mnemonic, after.passphrase);
    await send(identity, events(before, after, grants, root, wallets));
  }
  if (changed && afterWallet !== undefined) await forgetOtherWallets(afterWallet);
}

/** A disconnect (Xverse's wallet_disconnect): the site's permissions go, and its listening frames hear the wallet's word for it. */
export async function revokeGrant(identity: IdentityName, site: string, wallet: WalletRecord): Promise<void> {
  await deleteGrant(identity, site);
  if (wallet.revokedEvent) await send(identity, [{ site, event: wallet.revokedEvent }]);
}
