// The Puppeteer kit's watcher of new pages: a window Firefox still lists as about:blank after the quick span
// (as with two Firefox and a Chromium in one process) is still found once it says where it is.
import { test, expect } from '@playwright/test';
import { EventEmitter } from 'node:events';
import type { Page, Target } from 'puppeteer-core';
import { watchExtensionPages, watchPromptTargets } from './prompts.ts';

const PREFIX = 'moz-extension://wallet/popup/approve.html';

/** A page that answers `location.href` with `where(elapsed ms)`, and counts how often it was asked. */
function fakeTarget(where: (elapsed: number) => string): { target: Target; asked: () => number } {
  const started = Date.now();
  let asked = 0;
  const page = {
    isClosed: () => false,
    evaluate: async () => {
      asked++;
      return where(Date.now() - started);
    },
  } as unknown as Page;
  const target = { type: () => 'page', url: () => 'about:blank', page: async () => page } as unknown as Target;
  return { target, asked: () => asked };
}

test('a page still at about:blank after the quick span is found once it is on the wallet page; one elsewhere, or blank too long, is left', async () => {
  const browser = new EventEmitter();
  const found: string[] = [];
  watchExtensionPages(browser as never, PREFIX, (_page, href) => found.push(href), { quickMs: 50, slowMs: 1_000 });
  const late = fakeTarget((ms) => (ms < 300 ? 'about:blank' : `${PREFIX}?key=late`));
  const elsewhere = fakeTarget((ms) => (ms < 100 ? 'about:blank' : 'https://app.example/'));
  const blank = fakeTarget(() => 'about:blank');
  for (const { target } of [late, elsewhere, blank]) browser.emit('targetcreated', target);
  await expect.poll(() => found).toEqual([`${PREFIX}?key=late`]);
  await new Promise((resolve) => setTimeout(resolve, 1_400));
  expect(found).toEqual([`${PREFIX}?key=late`]);
  // The page that stayed blank was asked until the slow span ended, then no more.
  const askedThen = blank.asked();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(blank.asked()).toBe(askedThen);
  expect(askedThen).toBeGreaterThan(3);
});

test('a warm window whose first asks fail while it loads is still found once a request takes it; one never askable is given up', async () => {
  const origin = 'chrome-extension://wallet/';
  const warm = `${origin}popup/approve.html?warm=1`;
  const held = `${origin}popup/approve.html?key=1%3A0%3Aabc&method=getAddresses`;
  /** A warm window whose asks fail `failures` times (as in Chromium when its first document is replaced), then say `held`. */
  const warmTarget = (failures: number) => {
    let asked = 0;
    const page = {
      isClosed: () => false,
      once: () => undefined,
      evaluate: async () => {
        asked++;
        if (asked <= failures) throw new Error('Protocol error (Runtime.evaluate): Execution context was destroyed.');
        return held;
      },
    } as unknown as Page;
    const target = { type: () => 'page', url: () => warm, page: async () => page } as unknown as Target;
    return { target, asked: () => asked };
  };
  const browser = new EventEmitter();
  const found: string[] = [];
  watchPromptTargets(browser as never, origin, (window) => found.push(window.url), { unaskableMs: 400 });
  const loading = warmTarget(3);
  const dead = warmTarget(Number.POSITIVE_INFINITY);
  browser.emit('targetcreated', loading.target);
  browser.emit('targetcreated', dead.target);
  await expect.poll(() => found).toEqual([held]);
  // The window that never answers is asked until the span ends, then no more.
  await new Promise((resolve) => setTimeout(resolve, 700));
  const askedThen = dead.asked();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(dead.asked()).toBe(askedThen);
  expect(askedThen).toBeGreaterThan(3);
  expect(found).toEqual([held]);
});

test('a window the wallet gives back to its pool is found again for each request that takes it, once each', async () => {
  const origin = 'chrome-extension://wallet/';
  const request = (key: string) => `${origin}popup/approve.html?key=${key}&method=getAddresses`;
  // What the window says at each ask: its first request, its document replaced as it goes back to the pool, then the next request.
  const says = [request('1'), 'destroyed', request('2')];
  let asked = 0;
  const page = {
    isClosed: () => false,
    once: () => undefined,
    evaluate: async () => {
      const now = says[Math.min(asked++, says.length - 1)]!;
      if (now === 'destroyed') throw new Error('Protocol error (Runtime.evaluate): Execution context was destroyed.');
      return now;
    },
  } as unknown as Page;
  const browser = new EventEmitter();
  const found: string[] = [];
  watchPromptTargets(browser as never, origin, (window) => found.push(window.url));
  browser.emit('targetcreated', { type: () => 'page', url: () => `${origin}popup/approve.html?warm=1`, page: async () => page } as unknown as Target);
  await expect.poll(() => found).toEqual([request('1'), request('2')]);
  // The second request's window keeps saying so: not found a third time, and asked at a calm pace.
  const askedThen = asked;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(found).toEqual([request('1'), request('2')]);
  expect(asked - askedThen).toBeLessThan(10);
});
