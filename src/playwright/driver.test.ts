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
