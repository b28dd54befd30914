// The kit's calls in the user's report: each call on `wallet` or a prompt is one step at the user's line
// (a boxed step), with the Playwright calls it makes inside it, never among the user's own steps.
import { test } from '@playwright/test';
import { Prompt } from '../kit/prompt.ts';

/** Whether a test is running here (test.step is for a test's body and its fixtures only). */
function inTest(): boolean {
  try {
    test.info();
    return true;
  } catch {
    return false;
  }
}

const KIT_FILE = new Error().stack
  ?.split('\n')[1]
  ?.match(/\((.*):\d+:\d+\)$|at (.*):\d+:\d+$/)
  ?.slice(1)
  .find(Boolean);

/** Where the user's code made the call: the first frame outside the kit's own file and Node's. */
function callerLocation(): { file: string; line: number; column: number } | undefined {
  for (const frame of (new Error().stack ?? '').split('\n').slice(1)) {
    const found = /\(?((?:file:\/\/)?\/[^()]*):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (!found || found[1] === KIT_FILE || found[1]!.startsWith('node:')) continue;
    return { file: found[1]!.replace(/^file:\/\//, ''), line: Number(found[2]), column: Number(found[3]) };
  }
  return undefined;
}

/** `target` with each method call made a boxed step named `<name>.<method>()`; a Prompt it returns is boxed too. */
export function boxed<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || key === 'constructor' || key === 'setBaseline') return value;
      const method = value as (...args: unknown[]) => unknown;
      const wrap = (result: unknown): unknown => (result instanceof Prompt ? boxed(result, 'prompt') : result);
      return (...args: unknown[]) => {
        if (!inTest()) return Promise.resolve(method.apply(object, args)).then(wrap);
        const location = callerLocation();
        return test.step(`${name}.${key}()`, async () => wrap(await method.apply(object, args)), { box: true, ...(location && { location }) });
      };
    },
  });
}
