// The warm approval window (setting warmWindow): one approval window created and loaded ahead
// of need, minimized, that the next request takes. The window asks for its request with a
// message the worker answers only once one takes it; then it draws, and is shown and focused.
// A window is never used twice: once taken it is that request's, and closes with it.
import browser, { type Runtime } from 'webextension-polyfill';
import type { Settings } from '../core/settings.ts';
import { WARM_QUERY, type PromptReply } from '../shared/messages.ts';
import { PROMPT_BOUNDS, PROMPT_PAGE } from '../shared/windows.ts';

/** How long the worker holds a warm window's question before it says "nothing yet, ask again". */
const HOLD_MS = 30_000;
/** A warm window still loading is worth waiting for this long: it is further along than a new one. */
const LOADING_WAIT_MS = 1_500;
const STORE_KEY = 'warmWindow';

interface Warm {
  windowId: number;
}

/** The window waiting for a request, with its question held open: taking it answers the question. */
const waiters = new Map<number, (query: string | null) => void>();
/** Told when the warm window has asked (it is loaded and ready to draw). */
const readyListeners = new Set<() => void>();
let chain: Promise<unknown> = Promise.resolve();

const stored = async (): Promise<Warm | undefined> => ((await browser.storage.session.get(STORE_KEY))[STORE_KEY] as Warm | undefined) ?? undefined;
const store = (warm: Warm | undefined): Promise<void> => (warm ? browser.storage.session.set({ [STORE_KEY]: warm }) : browser.storage.session.remove(STORE_KEY));

/** One change at a time: two quick calls must not create two warm windows. */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = chain.then(task);
  chain = run.catch(() => undefined);
  return run;
}

/** The window the warm window is, when there is one (the kit and the recovery code ask). */
export async function warmWindowId(): Promise<number | undefined> {
  return (await stored())?.windowId;
}

/** Keeps exactly one warm window while the setting is on, and none while it is off. */
export function ensureWarm(settings: Settings): Promise<void> {
  return serially(async () => {
    const warm = await stored();
    if (!settings.warmWindow) {
      if (warm) await discard(warm.windowId);
      return;
    }
    if (warm && (await exists(warm.windowId))) return;
    const window = await browser.windows.create({ url: `${browser.runtime.getURL(PROMPT_PAGE)}?${WARM_QUERY}`, type: 'popup', focused: false, state: 'minimized' });
    if (window.id !== undefined) await store({ windowId: window.id });
  });
}

async function exists(windowId: number): Promise<boolean> {
  return browser.windows.get(windowId).then(
    () => true,
    () => false,
  );
}

async function discard(windowId: number): Promise<void> {
  await store(undefined);
  waiters.get(windowId)?.(null);
  waiters.delete(windowId);
  await browser.windows.remove(windowId).catch(() => undefined);
}

/** The warm window's question: held until a request takes it (or a while passes). */
export async function handleWarm(sender: Runtime.MessageSender): Promise<PromptReply<string | null>> {
  const windowId = sender.tab?.windowId;
  const warm = await stored();
  // Not the warm window (an old one, or the setting went off): it closes itself.
  if (windowId === undefined || warm?.windowId !== windowId) return { ok: false, error: 'This window is not waiting for a request.', gone: true };
  waiters.get(windowId)?.(null); // a question asked again replaces the old one
  const query = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), HOLD_MS);
    waiters.set(windowId, (value) => (clearTimeout(timer), resolve(value)));
    for (const listener of readyListeners) listener();
  });
  return { ok: true, value: query };
}

/**
 * Gives the request the warm window, if there is one: it is drawn for `query`, shown and
 * focused. undefined: no warm window (the caller opens one as usual).
 */
export function takeWarm(query: string, settings: Settings): Promise<number | undefined> {
  if (!settings.warmWindow) return Promise.resolve(undefined);
  return serially(async () => {
    const warm = await stored();
    if (!warm) return undefined;
    if (!waiters.has(warm.windowId)) await readyWithin(warm.windowId, LOADING_WAIT_MS);
    const answer = waiters.get(warm.windowId);
    if (!answer) return undefined; // still not loaded, or gone: a window as usual
    waiters.delete(warm.windowId);
    await store(undefined);
    answer(query);
    // Shown where an approval window opens, in front: the person sees it appear.
    void browser.windows.update(warm.windowId, { state: 'normal', focused: true, ...PROMPT_BOUNDS }).catch(() => undefined);
    return warm.windowId;
  });
}

function readyWithin(windowId: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      if (!waiters.has(windowId)) return;
      clearTimeout(timer);
      readyListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(() => (readyListeners.delete(done), resolve()), ms);
    readyListeners.add(done);
  });
}

/** Whether the warm window is loaded and waiting (the kit waits for it between tests). */
export async function warmReady(): Promise<boolean> {
  const warm = await stored();
  return warm !== undefined && waiters.has(warm.windowId);
}

/** A closed or crashed warm window is forgotten; the next ensureWarm replaces it. */
export async function forgetWarm(windowId: number): Promise<boolean> {
  const warm = await stored();
  if (warm?.windowId !== windowId) return false;
  waiters.delete(windowId);
  await store(undefined);
  return true;
}
