// Each test starts clean: the web origins a test visited lose their cookies and storage afterwards.
// The wallet's own storage (chrome-extension://) is never touched here; wallet.reset() handles it.
import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';

/** Records the http(s) origins the context's frames navigate to, until stopped. */
export function trackOrigins(context: BrowserContext): { origins: Set<string>; stop(): void } {
  const origins = new Set<string>();
  const onFrame = (frame: Frame): void => {
    const url = frame.url();
    if (url.startsWith('http:') || url.startsWith('https:')) origins.add(new URL(url).origin);
  };
  const onPage = (page: Page): void => void page.on('framenavigated', onFrame);
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
  return {
    origins,
    stop: () => {
      context.off('page', onPage);
      for (const page of context.pages()) page.off('framenavigated', onFrame);
    },
  };
}

const STORAGE_TYPES = 'local_storage,session_storage,indexeddb,cache_storage,websql,service_workers,file_systems';

/**
 * Clears cookies, each origin's local/session storage, IndexedDB, caches and service workers, and the
 * HTTP cache (whole: Chrome clears it by origin only with the rest of its data), as a fresh context
 * would start. The wallet's own pages are not HTTP-cached (chrome-extension://). All at once, through
 * a CDP session kept for the context: on a busy browser each round trip waits its turn.
 */
export async function clearSiteData(context: BrowserContext, origins: Iterable<string>): Promise<void> {
  const list = [...origins];
  if (list.length === 0) return context.clearCookies();
  const clear = async (cdp: CDPSession): Promise<void> => {
    await Promise.all([
      context.clearCookies(),
      ...list.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES })),
      cdp.send('Network.clearBrowserCache'),
    ]);
  };
  try {
    await clear(await sessionOf(context));
  } catch {
    // Its tab closed (a test closed every page): once more through a new session.
    sessions.delete(context);
    await clear(await sessionOf(context));
  }
}

const sessions = new WeakMap<BrowserContext, Promise<CDPSession>>();

/** A CDP session on one of the context's tabs, made once and kept while that tab lives. */
function sessionOf(context: BrowserContext): Promise<CDPSession> {
  let session = sessions.get(context);
  if (!session) {
    session = (async () => context.newCDPSession(context.pages().find((p) => !p.isClosed()) ?? (await context.newPage())))();
    sessions.set(context, session);
    session.catch(() => sessions.delete(context));
  }
  return session;
}
