// A request's reads of the Bitcoin chain, kept on its pending entry: its window, its approval and a
// restarted worker build the transaction from the same coins and fee rates, so what the window shows
// is what is signed (as a real wallet signs the coins its send screen loaded).
import { fetchText, readerFor, type ChainReader } from '../../core/bitcoin/coins.ts';
import type { Settings } from '../../core/settings.ts';
import { pendingRequests } from './pending.ts';

/** A body larger than this is read afresh each time rather than kept (the session storage budget). */
const MAX_KEPT_CHARS = 64_000;

/** The chain as the request `key` reads it; without a key (a request not yet stored), read afresh. */
export function readsOf(settings: Settings, key?: string): ChainReader {
  if (!key || !settings.bitcoinBroadcastUrl) return readerFor(settings);
  return readerFor(settings, async (url) => {
    const kept = (await pendingRequests.get(key))?.chainReads?.[url];
    if (kept !== undefined) return kept;
    const body = await fetchText(url);
    if (body.length <= MAX_KEPT_CHARS) await pendingRequests.update(key, (p) => ({ ...p, chainReads: { ...p.chainReads, [url]: body } }));
    return body;
  });
}
