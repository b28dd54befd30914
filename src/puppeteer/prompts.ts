// Approval windows under Puppeteer: each new page whose own location is the wallet's approve
// page. Firefox lists a new window as about:blank (and keeps listing it once closed), so the
// window is asked where it is rather than trusting the target's URL or its close event.
import type { Browser, Page, Target } from 'puppeteer-core';
import { holdsRequest, type PromptWindow } from '../kit/driver.ts';
import { PROMPT_PAGE } from '../shared/windows.ts';
import { HELD_ADDRESS_SCRIPT, TAKEN_EVENT } from '../shared/messages.ts';

/**
 * How long a new page is asked every 20 ms where it is, then every 250 ms until SLOW_FIND_MS: with two Firefox
 * and a Chromium in one process, a Firefox window still said about:blank after 3 s, and a request that then took
 * it was never seen by the kit (scripts/bench-firefox.ts, severalBrowsers; 2026-12-02).
 */
const FIND_MS = 3_000;
const SLOW_FIND_MS = 60_000;
const PROBE_MS = 1_000;
/** A warm window is watched in spans well inside Puppeteer's protocol timeout. */
const WARM_SPAN_MS = 60_000;
/**
 * How long a warm window that cannot be asked is asked again before it counts as closed: one still loading
 * fails the ask (Chromium: "Execution context was destroyed" as its first document is replaced; Firefox: a
 * document without its element yet), and Firefox keeps listing a closed window, whose asks fail for good.
 */
const UNASKABLE_MS = 5_000;
const ASK_AGAIN_MS = 50;

/** The page's own address, or '' when it cannot answer (closed, or not loaded yet). */
async function locationOf(page: Page): Promise<string> {
  const asked = page.evaluate('location.href').then(String, () => '');
  return Promise.race([asked, new Promise<string>((resolve) => setTimeout(() => resolve(''), PROBE_MS))]);
}

/** Calls back with each new page that is on one of the wallet's pages (`prefix`), once it is there. */
export function watchExtensionPages(
  browser: Pick<Browser, 'on'>,
  prefix: string,
  found: (page: Page, href: string, openedAt: number) => void,
  timing: { quickMs: number; slowMs: number } = { quickMs: FIND_MS, slowMs: SLOW_FIND_MS },
): void {
  browser.on('targetcreated', (target: Target) => {
    if (target.type() !== 'page') return;
    const openedAt = Date.now();
    void (async () => {
      const page = await target.page().catch(() => null);
      if (!page) return;
      for (;;) {
        if (page.isClosed()) return;
        const href = target.url().startsWith(prefix) ? target.url() : await locationOf(page);
        if (href.startsWith(prefix)) return found(page, href, openedAt);
        if (href !== '' && href !== 'about:blank') return; // some other page
        const waited = Date.now() - openedAt;
        if (waited > timing.slowMs) return;
        await new Promise((resolve) => setTimeout(resolve, waited < timing.quickMs ? 20 : 250));
      }
    })();
  });
}

/** Calls back with each approval window the browser opens, once it is on the wallet's page. */
export function watchPromptTargets(
  browser: Pick<Browser, 'on'>,
  origin: string,
  found: (window: PromptWindow<Page>) => void,
  timing: { unaskableMs: number } = { unaskableMs: UNASKABLE_MS },
): void {
  const prefix = origin + PROMPT_PAGE;
  watchExtensionPages(browser, prefix, (page, href, openedAt) => {
    void (async () => {
      // A prompt each time a request takes the window: at once for a window made for one, then, as for a warm
      // window, each time it is taken after the wallet gave it back to its pool.
      let held = '';
      if (holdsRequest(href)) found(promptWindow(page, (held = href), prefix, openedAt));
      for (;;) {
        const taken = await untilTaken(page, timing, held);
        if (!taken) return;
        found(promptWindow(page, (held = taken), prefix, Date.now()));
      }
    })();
  });
}

/**
 * The window's address once a request other than `held`'s takes it; '' if it closes first. Asked in spans the
 * protocol's timeout allows. An ask that fails is asked again: with two Firefox and a Chromium in one process, a
 * window in each browser failed its first ask while loading, and the request that took it was never seen by the
 * kit; a window given back to the pool and loaded again (its wallet restarted) fails it once, as its document is replaced.
 */
async function untilTaken(page: Page, timing: { unaskableMs: number }, held: string): Promise<string> {
  let failingSince: number | undefined;
  for (;;) {
    const href = await page
      .evaluate(
        // An event, not a poll: a minimized window's timers run once a second at most.
        `new Promise((resolve) => {
          // The request's address, as the window holds it (in Firefox its address keeps the warm query).
          const address = () => ${HELD_ADDRESS_SCRIPT};
          const now = address();
          if (now !== ${JSON.stringify(held)} && new URL(now).searchParams.has('key')) return resolve(now);
          addEventListener(${JSON.stringify(TAKEN_EVENT)}, () => resolve(address()), { once: true });
          setTimeout(() => resolve(location.href), ${WARM_SPAN_MS});
        })`,
      )
      .then(String, () => '');
    if (href === '') {
      if (page.isClosed()) return '';
      failingSince ??= Date.now();
      if (Date.now() - failingSince > timing.unaskableMs) return '';
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
      continue;
    }
    failingSince = undefined;
    if (holdsRequest(href) && href !== held) return href;
    // Still the request already found, or still waiting (a span ended): asked again, never in a tight loop.
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
  }
}

function promptWindow(page: Page, url: string, prefix: string, openedAt: number): PromptWindow<Page> {
  let gone = false;
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  void closed.then(() => (gone = true));
  return {
    page,
    url,
    openedAt,
    evaluate: (script) => page.evaluate(script),
    // In front first: a tab opened meanwhile (the Firefox kit's control tab, reopened after a test
    // closed it) takes the focus, and the key press would reach no button.
    pressEnter: async () => {
      await page.bringToFront().catch(() => undefined);
      await page.keyboard.press('Enter');
    },
    closed: () => closed,
    isClosed: async () => gone || page.isClosed() || !(await locationOf(page)).startsWith(prefix),
    close: () => page.close(),
  };
}
