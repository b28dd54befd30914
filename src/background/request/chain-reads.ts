// A request's reads of the Bitcoin chain, kept on its pending entry: its window, its approval and a
// restarted worker build the transaction from the same coins and fee rates, so what the window shows
// is what is signed (as a real wallet signs the coins its send screen loaded).
import { fetchText, readerFor, type ChainReader } from '../../core/bitcoin/coins.ts';
import { postText, type Post } from '../../core/stacks/fees.ts';
import type { Settings } from '../../core/settings.ts';
import { pendingRequests } from './pending.ts';

/** A body larger than this is read afresh each time rather than kept (the session storage budget). */
const MAX_KEPT_CHARS = 64_000;

/** A read kept on the request's entry under `slot`: made once, then answered from there. */
async function kept(key: string, slot: string, read: () => Promise<string>): Promise<string> {
  const held = (await pendingRequests.get(key))?.chainReads?.[slot];
  if (held !== undefined) return held;
  const body = await read();
  if (body.length <= MAX_KEPT_CHARS) await pendingRequests.update(key, (p) => ({ ...p, chainReads: { ...p.chainReads, [slot]: body } }));
  return body;
}

/** The chains as the request `key` reads them; without a key (a request not yet stored), read afresh. */
export function readsOf(settings: Settings, key?: string): { bitcoin: ChainReader; post?: Post } {
  if (!key) return { bitcoin: readerFor(settings) };
  return {
    bitcoin: settings.bitcoinBroadcastUrl ? readerFor(settings, (url) => kept(key, url, () => fetchText(url))) : readerFor(settings),
    // A node's fee estimate (a POST): kept by its URL and body.
    post: (url, body) => kept(key, `POST ${url} ${body}`, () => postText(url, body)),
  };
}
