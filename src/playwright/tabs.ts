// The tabs between two tests: the next test's, opened in the background, and the last test's, closed.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { PROMPT_PAGE } from '../shared/windows.ts';

/**
 * A new background tab in the test's window: it does not take the focus from the test's page (a
 * tab opened with newPage does, and every click in the test's page then waits), and it is not a
 * window of its own (a window per tab made each test's close a second slower in a suite). It opens at
 * about:blank, as a new tab does, and is told from other new pages by the target id Chrome gives it
 * (a marker in its address needed a navigation to about:blank after, 50–80 ms on the next test's path).
 */
export async function openInBackground(context: BrowserContext): Promise<Page> {
  const anchor = context.pages().find((p) => !p.isClosed());
  if (!anchor) return context.newPage();
  let made: (id: string | undefined) => void = () => undefined;
  const created = new Promise<string | undefined>((resolve) => (made = resolve));
  // Asked before anything is awaited: asked later, from a fixture that does not wait for this tab, the wait
  // would stand among the running test's steps in its report.
  const opened = context.waitForEvent('page', {
    predicate: async (page) => {
      // Only a page still at about:blank can be it: an approval window or the app's own page is not asked.
      if (page.url() !== 'about:blank' && page.url() !== '') return false;
      const id = await created;
      return id !== undefined && (await targetIdOf(context, page)) === id;
    },
    timeout: 10_000,
  });
  let cdp: CDPSession | undefined;
  try {
    cdp = await context.newCDPSession(anchor);
    made((await cdp.send('Target.createTarget', { url: 'about:blank', background: true })).targetId);
  } catch (error) {
    made(undefined);
    opened.catch(() => undefined);
    throw error;
  } finally {
    await cdp?.detach().catch(() => undefined);
  }
  return opened;
}

/** A new background tab in place of `old`, brought to the front before `old` closes (closeAllBut says why). */
export function openInPlaceOf(context: BrowserContext, old: Page): Promise<Page> {
  return openInBackground(context)
    .then(async (next) => {
      await next.bringToFront().catch(() => undefined);
      return next;
    })
    .finally(() => old.close().catch(() => undefined));
}

/** The CDP target id of a page (undefined when it closed meanwhile). */
async function targetIdOf(context: BrowserContext, page: Page): Promise<string | undefined> {
  const cdp = await context.newCDPSession(page).catch(() => undefined);
  if (!cdp) return undefined;
  try {
    return (await cdp.send('Target.getTargetInfo')).targetInfo.targetId;
  } catch {
    return undefined;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Closes every page but those kept and the wallet's approval windows. An approval window is the wallet's to
 * close or give back to its warm pool: the next test's reset withdraws any request still in one. Chrome drops a
 * page close (CDP Target.closeTarget) that comes while the page navigates, as a window going back to the pool
 * does, and the close then never ends (the wallet's own windows.remove does not have that problem).
 *
 * `front`, the next test's tab, is made the one in front first, as a new tab is. Left to Chrome, closing a tab
 * opened from the start-up tab gave the front back to the start-up tab, from a worker's third test on; a tab
 * behind another draws no frames once a window has taken the focus, and each click in it then waited about 2 s
 * for Playwright's stability check (e2e/kit/warm.spec.ts, "each test's tab is the one in front").
 */
export async function closeAllBut(context: BrowserContext, keep: Set<Page | undefined>, front?: Page): Promise<void> {
  await front?.bringToFront().catch(() => undefined);
  await Promise.all(
    context
      .pages()
      .filter((p) => !keep.has(p) && !p.isClosed() && !p.url().includes(PROMPT_PAGE))
      .map((p) => p.close().catch(() => undefined)),
  );
}
