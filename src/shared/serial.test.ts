import { test, expect } from '@playwright/test';
import { serial } from './serial.ts';

test('serial: tasks run one at a time in the order given; a failure goes to its caller and the next task still runs; settled waits for all', async () => {
  const inTurn = serial();
  const log: string[] = [];
  const task =
    (name: string, ms: number, fail = false) =>
    () =>
      new Promise<string>((resolve, reject) => {
        log.push(`${name} start`);
        setTimeout(() => {
          log.push(`${name} end`);
          if (fail) reject(new Error(name));
          else resolve(name);
        }, ms);
      });
  const a = inTurn(task('a', 30));
  const b = inTurn(task('b', 1, true));
  const c = inTurn(task('c', 1));
  const all = inTurn.settled();
  await expect(b).rejects.toThrow('b');
  expect(await a).toBe('a');
  expect(await c).toBe('c');
  await all;
  expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
});
