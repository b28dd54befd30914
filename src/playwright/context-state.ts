// The worker's browser context is shared by its tests; what a test adds to the context itself (not to
// its page) is taken back when the test ends, so nothing of one test reaches the next: init scripts and
// exposed functions (each is a Disposable since Playwright 1.5x), routes, extra HTTP headers,
// permissions, geolocation and offline mode.
import type { BrowserContext } from '@playwright/test';

type Undo = () => Promise<unknown>;

/** Per context: the undo steps of the test under way, while a test is under way. */
const open = new WeakMap<BrowserContext, Undo[]>();
const wrapped = new WeakSet<BrowserContext>();

const isDisposable = (value: unknown): value is { dispose(): Promise<void> } => typeof (value as { dispose?: unknown } | null)?.dispose === 'function';

/** Each method that changes the context records, while a test is open, how to undo it. */
function wrap(context: BrowserContext): void {
  if (wrapped.has(context)) return;
  wrapped.add(context);
  const record = (undo: Undo): void => void open.get(context)?.push(undo);
  const disposing = <K extends 'addInitScript' | 'exposeBinding' | 'exposeFunction'>(name: K): void => {
    const original = context[name].bind(context) as (...args: unknown[]) => Promise<unknown>;
    (context as unknown as Record<K, (...args: unknown[]) => Promise<unknown>>)[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      if (isDisposable(result)) record(() => result.dispose());
      return result;
    };
  };
  disposing('addInitScript');
  disposing('exposeBinding');
  disposing('exposeFunction');
  const once = <K extends 'route' | 'routeFromHAR' | 'routeWebSocket' | 'setExtraHTTPHeaders' | 'grantPermissions' | 'setGeolocation' | 'setOffline'>(
    name: K,
    undo: Undo,
  ): void => {
    const original = context[name].bind(context) as (...args: unknown[]) => Promise<unknown>;
    (context as unknown as Record<K, (...args: unknown[]) => Promise<unknown>>)[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      record(undo);
      return result;
    };
  };
  const unroute: Undo = () => context.unrouteAll({ behavior: 'ignoreErrors' });
  once('route', unroute);
  once('routeFromHAR', unroute);
  once('routeWebSocket', unroute);
  once('setExtraHTTPHeaders', () => context.setExtraHTTPHeaders({}));
  once('grantPermissions', () => context.clearPermissions());
  once('setGeolocation', () => context.setGeolocation(null));
  once('setOffline', () => context.setOffline(false));
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
 */
export async function restoreContext(context: BrowserContext, settled: Promise<unknown>): Promise<void> {
  const undo = open.get(context) ?? [];
  open.delete(context);
  if (undo.length > 0) await settled.catch(() => undefined);
  const done = new Set<Undo>();
  for (const step of undo.reverse()) {
    if (done.has(step)) continue;
    done.add(step);
    await step().catch(() => undefined);
  }
}
