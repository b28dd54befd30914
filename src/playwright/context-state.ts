// The worker's browser context is shared by its tests; what a test adds to the context itself (not to
// its page) is taken back when the test ends, so nothing of one test reaches the next: init scripts and
// exposed functions (each is a Disposable since Playwright 1.5x), routes, extra HTTP headers, HTTP
// credentials, permissions, geolocation, offline mode and cookies. Only Playwright's public API is used:
// each such method of the context records its undo when called (e2e/kit/context-methods.spec.ts lists the
// context's methods of the Playwright version in use and fails, naming it, when one is new to this list).
import type { BrowserContext } from '@playwright/test';

/** An undo step; `once`: the call that undoes every change of its kind (all routes, all cookies), made once. */
interface Undo {
  run(): Promise<unknown>;
  once?: unknown;
}

/** Per context: the undo steps of the test under way, while a test is under way. */
const open = new WeakMap<BrowserContext, Undo[]>();
const wrapped = new WeakSet<BrowserContext>();

const isDisposable = (value: unknown): value is { dispose(): Promise<void> } => typeof (value as { dispose?: unknown } | null)?.dispose === 'function';

type Method = (...args: unknown[]) => Promise<unknown>;

/** The context's methods that change it for every later page, and how each is undone (by the Disposable it returns, or a call). */
export const UNDONE: Readonly<Record<string, 'disposable' | ((context: BrowserContext) => Promise<unknown>)>> = {
  addInitScript: 'disposable',
  exposeBinding: 'disposable',
  exposeFunction: 'disposable',
  route: (context) => context.unrouteAll({ behavior: 'ignoreErrors' }),
  routeFromHAR: (context) => context.unrouteAll({ behavior: 'ignoreErrors' }),
  routeWebSocket: (context) => context.unrouteAll({ behavior: 'ignoreErrors' }),
  setExtraHTTPHeaders: (context) => context.setExtraHTTPHeaders({}),
  setHTTPCredentials: (context) => context.setHTTPCredentials(null),
  grantPermissions: (context) => context.clearPermissions(),
  setGeolocation: (context) => context.setGeolocation(null),
  setOffline: (context) => context.setOffline(false),
  addCookies: (context) => context.clearCookies(),
  setStorageState: (context) => context.clearCookies(),
};

/** Each method that changes the context records, while a test is open, how to undo it. */
function wrap(context: BrowserContext): void {
  if (wrapped.has(context)) return;
  wrapped.add(context);
  const record = (undo: Undo): void => void open.get(context)?.push(undo);
  for (const [name, how] of Object.entries(UNDONE)) {
    const original = (context as unknown as Record<string, Method | undefined>)[name];
    if (typeof original !== 'function') continue; // not in this Playwright version
    const replacement: Method = async (...args) => {
      const result = await original.apply(context, args);
      if (typeof how === 'function') record({ run: () => how(context), once: how });
      else if (isDisposable(result)) record({ run: () => result.dispose() });
      return result;
    };
    Object.defineProperty(context, name, { value: replacement, configurable: true, writable: true });
  }
}

/** From now on, what is added to the context is recorded for `restoreContext`. */
export function trackContext(context: BrowserContext): void {
  wrap(context);
  open.set(context, []);
}

/**
 * Undoes, newest first and each once, what the test added to the context; then stops recording.
 * `settled`: the test's tabs closing; a context that changed waits for them, as a page closing
 * meanwhile can fail a change made to every page (a header once stayed on the next test's tab).
 * Whether anything was undone: a page opened during the test (the next test's tab) ran its init scripts.
 */
export async function restoreContext(context: BrowserContext, settled: Promise<unknown>): Promise<boolean> {
  const undo = open.get(context) ?? [];
  open.delete(context);
  if (undo.length === 0) return false;
  await settled.catch(() => undefined);
  const done = new Set<unknown>();
  for (const step of undo.reverse()) {
    if (step.once !== undefined && done.has(step.once)) continue;
    done.add(step.once);
    await step.run().catch(() => undefined);
  }
  return true;
}
