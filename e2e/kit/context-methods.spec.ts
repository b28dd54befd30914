// The kit shares one browser context between a worker's tests and takes back what a test changes in it
// (src/playwright/context-state.ts), through Playwright's public methods. This pins that list to the
// Playwright in use: a context method this file does not know fails here, naming the version, so an upgrade
// that adds one cannot let a test's change leak into the next test unnoticed.
import { test, expect } from 'mock-wallet-provider/testing';
import { createRequire } from 'node:module';
import { UNDONE } from '../../src/playwright/context-state.ts';

/** Methods whose effect ends with the call, reads, or what the kit handles another way (pages, listeners). */
const HARMLESS = [
  // reads and per-call objects
  'backgroundPages',
  'browser',
  'cookies',
  'isClosed',
  'newCDPSession',
  'newPage',
  'pages',
  'serviceWorkers',
  'storageState',
  'toJSON',
  'waitForEvent',
  // undone by the undo of another: unroute(All) and clearPermissions and clearCookies remove, never add
  'unroute',
  'unrouteAll',
  'clearPermissions',
  'clearCookies',
  // set from the test's options when each test starts (src/playwright/index.ts, the context fixture)
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  // the worker's context: a test that closes it fails the worker, as any shared fixture would
  'close',
  // events (Node's EventEmitter): a test's listeners stay; docs/playwright-kit.md says so
  'addListener',
  'emit',
  'eventNames',
  'getMaxListeners',
  'listenerCount',
  'listeners',
  'off',
  'on',
  'once',
  'prependListener',
  'prependOnceListener',
  'rawListeners',
  'removeAllListeners',
  'removeListener',
  'setMaxListeners',
];

test("every method of the shared context is either undone after each test or harmless, in this Playwright's version", async ({ context }) => {
  const version = (createRequire(import.meta.url)('@playwright/test/package.json') as { version: string }).version;
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(context); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) if (!name.startsWith('_') && name !== 'constructor') names.add(name);
  }
  const known = new Set([...Object.keys(UNDONE), ...HARMLESS]);
  const unknown = [...names].filter((name) => !known.has(name)).sort();
  expect(
    unknown,
    `Playwright ${version}'s BrowserContext has methods the kit does not know: decide whether a test's call must be undone before the next test (src/playwright/context-state.ts UNDONE) or is harmless (this file)`,
  ).toEqual([]);
  // Each method the kit wraps exists in this version (a renamed one would leave its changes in place).
  expect(
    Object.keys(UNDONE).filter((name) => !names.has(name)),
    `Playwright ${version} lacks methods the kit wraps`,
  ).toEqual([]);
});

test.describe('a timeout set on the context', () => {
  test.describe.configure({ mode: 'serial' }); // one worker, in order: the second test gets the context the first left

  test('is set by one test', async ({ context }) => {
    context.setDefaultTimeout(1);
  });

  test("is not the next test's: it has its options' timeouts again", async ({ page }) => {
    await page.goto('/blank.html');
    // Under the 1 ms the last test set, this 50 ms wait would time out.
    expect(await page.waitForFunction(() => new Promise((resolve) => setTimeout(() => resolve(true), 50)))).toBeTruthy();
  });
});
