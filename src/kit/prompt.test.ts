// The kit's press waits for the wallet's decision however long signing takes: it asks again while
// the wallet answers 'signing' (a large PSBT), and gives up only when the wallet says it gave up.
import { test, expect } from '@playwright/test';
import { untilDecided, type DecidedProbe } from './prompt.ts';

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
