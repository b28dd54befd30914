// The Playwright driver under the shared wallet API: control calls go to the service worker,
// approval windows are the context's new pages whose address is the wallet's approve page.
import type { Page } from '@playwright/test';
import { holdsRequest, type KitDriver, type PromptWindow } from '../kit/driver.ts';
import { PROMPT_PAGE } from '../shared/windows.ts';
import type { WalletBrowser } from './browser.ts';

/**
 * How long a new page still at about:blank may take to commit the approve page's address. It was 2 s, and a
 * window that took longer on a busy machine would never be seen; the Puppeteer kit found Firefox windows still
 * at about:blank after 3 s with three browsers on two cores (src/puppeteer/prompts.ts).
 */
const COMMIT_MS = 60_000;

export function playwrightDriver(browser: Pick<WalletBrowser, 'control' | 'origin' | 'context'>): KitDriver<Page> {
  return {
    control: (method, ...args) => browser.control(method, ...args),
    watchPrompts(found) {
      const prefix = browser.origin + PROMPT_PAGE;
      const watch = async (page: Page, openedAt: number): Promise<void> => {
        if (!page.url().startsWith(prefix)) {
          // A window opened by the extension may report its URL only once it commits.
          if (page.url() !== 'about:blank' && page.url() !== '') return;
          await committed(page, COMMIT_MS);
          if (!page.url().startsWith(prefix)) return;
        }
        // A prompt each time a request takes the window (its address names the request): at once for a window
        // made for one, then, as for a warm window, each time it is taken after the wallet gave it back to its pool.
        let held = '';
        const taken = (first: boolean): void => {
          const url = page.url();
          if (!url.startsWith(prefix) || !holdsRequest(url) || url === held) return;
          held = url;
          found(promptWindow(page, first ? openedAt : Date.now()));
        };
        taken(true);
        page.on('framenavigated', () => taken(false));
      };
      browser.context.on('page', (page) => void watch(page, Date.now()));
    },
  };
}

/**
 * Until the page leaves about:blank, closes, or `ms` pass. An event listener, not page.waitForURL: an API
 * call made here, while the test runs, would stand among the test's own steps in its report.
 */
function committed(page: Page, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      page.off('framenavigated', navigated);
      page.off('close', done);
      clearTimeout(timer);
      resolve();
    };
    const navigated = (): void => void (page.url() !== 'about:blank' && done());
    page.on('framenavigated', navigated);
    page.on('close', done);
    const timer = setTimeout(done, ms);
    navigated();
  });
}

function promptWindow(page: Page, openedAt: number): PromptWindow<Page> {
  return {
    page,
    url: page.url(),
    openedAt,
    evaluate: (script) => page.evaluate(script),
    pressEnter: () => page.keyboard.press('Enter'),
    closed: () => (page.isClosed() ? Promise.resolve() : page.waitForEvent('close', { timeout: 0 }).then(() => undefined)),
    isClosed: async () => page.isClosed(),
    close: () => page.close(),
  };
}
