// The Playwright kit's window watcher: an approval window that commits its address late (a busy machine) is
// still found; a page that stays blank or closes is let go.
import { test, expect } from '@playwright/test';
import { EventEmitter } from 'node:events';
import type { Page } from '@playwright/test';
import type { PromptWindow } from '../kit/driver.ts';
import { playwrightDriver } from './driver.ts';

const ORIGIN = 'chrome-extension://wallet/';

/** A page at about:blank that commits `url` after `ms` (never when undefined). */
function fakePage(url: string | undefined, ms: number): Page {
  const page = new EventEmitter() as EventEmitter & { url(): string; isClosed(): boolean };
  let at = 'about:blank';
  page.url = () => at;
  page.isClosed = () => false;
  if (url !== undefined)
    setTimeout(() => {
      at = url;
      page.emit('framenavigated');
    }, ms);
  return page as unknown as Page;
}

test('an approval window still at about:blank after 2 s is found once it commits; a blank page that closes is let go', async () => {
  const context = new EventEmitter();
  const driver = playwrightDriver({ origin: ORIGIN, context: context as never, control: (() => undefined) as never });
  const found: string[] = [];
  driver.watchPrompts((window: PromptWindow<Page>) => found.push(window.url));
  const late = `${ORIGIN}popup/approve.html?key=1%3A0%3Aabc&method=getAddresses`;
  context.emit('page', fakePage(late, 2_500));
  const blank = fakePage(undefined, 0) as unknown as EventEmitter;
  context.emit('page', blank);
  // A listener is left on the blank page while it waits, and taken off once it closes.
  expect(blank.listenerCount('framenavigated')).toBe(1);
  blank.emit('close');
  expect(blank.listenerCount('framenavigated')).toBe(0);
  await expect.poll(() => found, { timeout: 5_000 }).toEqual([late]);
});

test('a window the wallet gives back to its pool is found again for each request that takes it, once each', async () => {
  const context = new EventEmitter();
  const driver = playwrightDriver({ origin: ORIGIN, context: context as never, control: (() => undefined) as never });
  const found: string[] = [];
  driver.watchPrompts((window: PromptWindow<Page>) => found.push(window.url));
  const page = new EventEmitter() as EventEmitter & { url(): string; isClosed(): boolean };
  const request = (key: string): string => `${ORIGIN}popup/approve.html?key=${key}&method=getAddresses`;
  let at = `${ORIGIN}popup/approve.html?warm=1`;
  page.url = () => at;
  page.isClosed = () => false;
  context.emit('page', page);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const go = (url: string): void => {
    at = url;
    page.emit('framenavigated');
  };
  go(request('1')); // taken
  go(request('1')); // the same request's page navigated again (a reload): not a new prompt
  go(`${ORIGIN}popup/approve.html?warm=1`); // given back to the pool
  expect(found).toEqual([request('1')]);
  go(request('2')); // taken by the next request
  expect(found).toEqual([request('1'), request('2')]);
});
