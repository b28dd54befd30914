// Whose a request, a grant or an event is: a site is a real origin, or one sandboxed frame's document.
import type { FrameFacts } from './messages.ts';

/**
 * The key grants, connections and events are kept under. An opaque origin ("null": a sandboxed
 * frame) is no site another frame can share, even one sandboxed in the same page: its key names
 * the document's own token, so what it was granted dies with it.
 */
export const siteKey = (origin: string, frame: FrameFacts): string => (origin === 'null' || frame.opaque ? `null#${frame.token}` : origin);

/** Whether a site key is one sandboxed frame's. */
export const isOpaqueSite = (site: string): boolean => site.startsWith('null#');

/** What the worker reads of Chrome's (or Firefox's) sender information to name a caller. */
export interface SenderFacts {
  /** The frame's real origin, "null" for an opaque one: Chrome gives it; Firefox may not. */
  origin?: string;
  url?: string;
  tab?: { url?: string };
}

const urlOrigin = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A caller: `origin` as the window, the call log and the usage rules show it, and `site`, the key
 * its grants, connection and events are kept under. Origin and frame come from the browser's sender
 * information, never from the page; the relay's facts only add what that lacks (an opaque origin in
 * Firefox, whose sender gives the frame's URL, and the document's token).
 */
export function callerOf(sender: SenderFacts, frame: FrameFacts): { origin: string; site: string } {
  const origin = frame.opaque ? 'null' : (sender.origin ?? urlOrigin(sender.url) ?? 'null');
  const site = siteKey(origin, frame);
  // A sandboxed frame: say where it is, so the window never shows a bare "null".
  return { origin: isOpaqueSite(site) ? `null (a sandboxed frame in ${urlOrigin(sender.tab?.url) ?? 'an unknown page'})` : origin, site };
}

/** The relay's facts, when a message carries well-formed ones; a message without them is treated as an opaque frame of its own. */
export function frameFactsOf(value: unknown): FrameFacts {
  const facts = value as Partial<FrameFacts> | null | undefined;
  if (
    typeof facts === 'object' &&
    facts !== null &&
    typeof facts.opaque === 'boolean' &&
    typeof facts.token === 'string' &&
    facts.token.length > 0 &&
    facts.token.length <= 64
  )
    return { opaque: facts.opaque, token: facts.token };
  return { opaque: true, token: crypto.randomUUID() };
}
