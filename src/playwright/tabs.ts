// The tabs between two tests: the next test's, opened in the background, and the last test's, closed.
import type { BrowserContext, Page } from '@playwright/test';
import { PROMPT_PAGE } from '../shared/windows.ts';

/**
 * A new background tab in the test's window: it does not take the focus from the test's page (a
 * tab opened with newPage does, and every click in the test's page then waits), and it is not a
 * window of its own (a window per tab made each test's close a second slower in a suite).
 */
export async function openInBackground(context: BrowserContext): Promise<Page> {
  const anchor = context.pages().find((p) => !p.isClosed());
  if (!anchor) return context.newPage();
  const marker = `about:blank#mock-wallet-tab-${crypto.randomUUID()}`;
  const opened = context.waitForEvent('page', { predicate: (p) => p.url() === marker, timeout: 10_000 });
  const cdp = await context.newCDPSession(anchor);
  try {
    await cdp.send('Target.createTarget', { url: marker, background: true });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  // At its marker until the test that opened it ends (the page fixture then sends it to about:blank).
  return opened;
}

/**
 * Closes every page but those kept and the wallet's approval windows. An approval window is the wallet's to
 * close or give back to its warm pool: the next test's reset withdraws any request still in one. Chrome drops a
 * page close (CDP Target.closeTarget) that comes while the page navigates, as a window going back to the pool
 * does, and the close then never ends (the wallet's own windows.remove does not have that problem).
 */
export async function closeAllBut(context: BrowserContext, keep: Set<Page | undefined>): Promise<void> {
  await Promise.all(
    context
      .pages()
      .filter((p) => !keep.has(p) && !p.isClosed() && !p.url().includes(PROMPT_PAGE))
      .map((p) => p.close().catch(() => undefined)),
  );
}
