// The kit's press waits for the wallet's decision however long signing takes: it asks again while
// the wallet answers 'signing' (a large PSBT), and gives up only when the wallet says it gave up.
import { test, expect } from '@playwright/test';
import { Prompt, untilDecided, type DecidedProbe } from './prompt.ts';
import type { PromptWindow } from './driver.ts';

/** A wallet that answers each probe with the next of `answers`, recording the keys it was asked about. */
function wallet(answers: (boolean | 'signing' | Error)[]): { probe: DecidedProbe; asked: string[] } {
  const asked: string[] = [];
  const probe: DecidedProbe = async (key) => {
    asked.push(key);
    const next = answers.shift();
    if (next === undefined) throw new Error('asked once too often');
    if (next instanceof Error) throw next;
    return next;
  };
  return { probe, asked };
}

test('asks again while the wallet is still signing, and returns the decision when it comes', async () => {
  const { probe, asked } = wallet(['signing', 'signing', 'signing', true]);
  expect(await untilDecided(probe, 'k1')).toBe(true);
  expect(asked).toEqual(['k1', 'k1', 'k1', 'k1']);
});

test('a wallet that gave up (false), or a probe that failed, ends the wait with false', async () => {
  expect(await untilDecided(wallet(['signing', false]).probe, 'k')).toBe(false);
  expect(await untilDecided(wallet([new Error('worker stopped')]).probe, 'k')).toBe(false);
});

/** A window holding request `key`, whose script answers with `reply`, recording whether it was closed. */
function window(reply: unknown): { window: PromptWindow<null>; closed: () => boolean } {
  let closed = false;
  return {
    window: {
      page: null,
      url: 'chrome-extension://wallet/popup/approve.html?key=1%3A0%3Aabc&method=getAddresses',
      openedAt: 0,
      evaluate: async () => reply,
      pressEnter: async () => undefined,
      closed: () => new Promise(() => undefined),
      isClosed: async () => closed,
      close: async () => void (closed = true),
    },
    closed: () => closed,
  };
}

test('close() leaves a window whose request is already decided to the wallet, and closes one still waiting', async () => {
  const done = window(null);
  await new Prompt(done.window, async () => true).close();
  expect(done.closed()).toBe(false);
  const waiting = window(null);
  await new Prompt(waiting.window, async () => false).close();
  expect(waiting.closed()).toBe(true);
});

test('a prompt whose window the wallet gave back to its pool says so instead of reading what the window holds now', async () => {
  await expect(new Prompt(window({ holds: '1:0:other' }).window).details()).rejects.toThrow(
    'approval window: its request was answered or withdrawn, and the wallet gave the window back to its warm pool (it now holds another request): use the next prompt',
  );
  await expect(new Prompt(window({ holds: null }).window).method()).rejects.toThrow('(it now waits for the next request)');
  expect(await new Prompt(window({ value: { method: 'getAddresses' } }).window).method()).toBe('getAddresses');
});
