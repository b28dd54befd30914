// The Firefox kit's control tab: one that answers too slowly is replaced, and closed as it is, so a loaded
// machine never leaves two control tabs open (seen in a full suite run: the Firefox options test found two).
import { test, expect } from '@playwright/test';
import { EventEmitter } from 'node:events';
import type { Browser, Page } from 'puppeteer-core';
import { controlPageCall } from './firefox.ts';

const ORIGIN = 'moz-extension://wallet/';

/**
 * A Firefox tab as the kit sees it: navigates to the control page, answers a liveness check after `checkMs`,
 * and control scripts at once; a dead one (closed, and Firefox never said so) fails every evaluate.
 */
function fakeTab(checkMs: number, dead = false): Page & { closed: boolean } {
  const events = new EventEmitter();
  let href = 'about:blank';
  const tab = {
    closed: false,
    once: (event: string, listener: () => void) => events.once(event, listener),
    goto: async (url: string) => void (href = url),
    evaluate: async (expression: string) => {
      if (dead) throw new Error('Protocol error (script.evaluate): no such frame');
      if (expression === '1') return new Promise((resolve) => setTimeout(() => resolve(1), checkMs));
      if (expression.startsWith('location.href = ')) return void (href = JSON.parse(expression.slice('location.href = '.length)) as string);
      if (expression.startsWith('location.href ===')) return href.startsWith(ORIGIN);
      return JSON.stringify({ ok: true });
    },
    close: async () => {
      tab.closed = true;
      // Firefox reports the close a moment later.
      setTimeout(() => events.emit('close'), 10);
    },
  };
  return tab as unknown as Page & { closed: boolean };
}

/** A browser whose new tabs answer at once, and the tabs it opened. */
function fakeBrowser(): { browser: Browser; opened: (Page & { closed: boolean })[] } {
  const opened: (Page & { closed: boolean })[] = [];
  const browser = {
    newPage: async () => {
      const tab = fakeTab(0);
      opened.push(tab);
      return tab;
    },
  } as unknown as Browser;
  return { browser, opened };
}

test('a control tab too slow to answer is closed as a new one replaces it; the next calls use the new one', async () => {
  const first = fakeTab(800); // alive, but slower than the kit's 500 ms check
  const { browser, opened } = fakeBrowser();
  const call = controlPageCall(browser, ORIGIN, first);
  // A call that changes the wallet waits for the check, so the slow tab is replaced before it is asked.
  expect(await call('setSettings', '[{}]')).toBe('{"ok":true}');
  expect(opened).toHaveLength(1);
  expect(first.closed).toBe(true);
  // The replaced tab's close, reported late, does not send the next calls to open a third.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await call('setSettings', '[{}]')).toBe('{"ok":true}');
  expect(await call('getSettings', '[]')).toBe('{"ok":true}');
  expect(opened).toHaveLength(1);
  expect(opened[0]!.closed).toBe(false);
});

test('calls made at once on a control tab that is gone share one new tab: none closes the tab another uses', async () => {
  const { browser, opened } = fakeBrowser();
  const call = controlPageCall(browser, ORIGIN, fakeTab(0, true));
  const answers = await Promise.all([call('getSettings', '[]'), call('calls', '[]'), call('setSettings', '[{}]')]);
  expect(answers).toEqual(['{"ok":true}', '{"ok":true}', '{"ok":true}']);
  expect(opened).toHaveLength(1);
  expect(opened[0]!.closed).toBe(false);
});
