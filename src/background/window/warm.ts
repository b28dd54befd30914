// The warm approval window (setting warmWindow): one approval window created and loaded ahead
// of need, minimized, that the next request takes. The window connects a port to the worker and
// waits on it; taking the window sends it the request's query, and it draws, is shown and focused.
// A window is never used twice: once taken it is that request's, and closes with it. A port that
// drops while its window waits means the window closed or crashed: it is replaced.
import browser, { type Runtime } from 'webextension-polyfill';
import type { Settings } from '../../core/settings.ts';
import { WARM_QUERY, type WarmPortMessage } from '../../shared/messages.ts';
import { PROMPT_BOUNDS, PROMPT_PAGE } from '../../shared/windows.ts';
import { serial } from '../../shared/serial.ts';
import { holdsWindow, pendingRequests } from '../request/pending.ts';

/** A warm window still loading is worth waiting for this long: it is further along than a new one. */
const LOADING_WAIT_MS = 1_500;
/** A warm window that has not connected by then is dead (its renderer crashed, taking this worker with it): it is replaced. */
const CONNECT_GRACE_MS = 5_000;
const STORE_KEY = 'warmWindow';

interface Warm {
  windowId: number;
}

/** The window waiting for a request, by its port: taking it sends the query down the port. */
const waiting = new Map<number, Runtime.Port>();
/** Warm windows handed to a request, until they close: the request records its window a moment later. */
const handedOut = new Set<number>();
/** Told when a warm window's port connects (it is loaded and ready to draw). */
const readyListeners = new Set<() => void>();

const stored = async (): Promise<Warm | undefined> => ((await browser.storage.session.get(STORE_KEY))[STORE_KEY] as Warm | undefined) ?? undefined;
const store = (warm: Warm | undefined): Promise<void> => (warm ? browser.storage.session.set({ [STORE_KEY]: warm }) : browser.storage.session.remove(STORE_KEY));

/** One change at a time: two quick calls must not create two warm windows. */
const serially = serial();

/** Where the worker's settings come from (state.ts): read when each change takes its turn, never stale. */
let settingsNow: () => Promise<Settings> = () => Promise.reject(new Error('warm-window: no settings source'));
export const useSettings = (source: () => Promise<Settings>): void => void (settingsNow = source);

/** Keeps exactly one warm window while the setting is on, and none while it is off, as the settings are when its turn comes. */
export function ensureWarm(): Promise<void> {
  return serially(async () => {
    const settings = await settingsNow();
    const warm = await stored();
    if (!settings.warmWindow) {
      if (warm) await discard(warm.windowId);
      return;
    }
    if (warm && (await exists(warm.windowId))) {
      if (waiting.has(warm.windowId)) return;
      // A window whose page is gone (its renderer crashed, and with it this worker) never connects: replaced now.
      if (!(await hasLivePage(warm.windowId))) await discard(warm.windowId);
      else return replaceUnlessConnected(warm.windowId);
    }
    // None beside maxOpenWindows windows holding requests: the cap counts it too.
    const holding = new Set([...handedOut, ...(await pendingRequests.values()).filter(holdsWindow).map((p) => p.windowId)]);
    if (holding.size >= settings.maxOpenWindows) return;
    const window = await browser.windows.create({ url: `${browser.runtime.getURL(PROMPT_PAGE)}?${WARM_QUERY}`, type: 'popup', focused: false, state: 'minimized' });
    if (window.id === undefined) return;
    await store({ windowId: window.id });
    replaceUnlessConnected(window.id);
  });
}

/** A live warm window connects within moments (and again after this worker restarts); one that does not is replaced. */
function replaceUnlessConnected(windowId: number): void {
  setTimeout(() => {
    if (waiting.has(windowId)) return;
    void serially(async () => ((await stored())?.windowId === windowId ? discard(windowId) : undefined))
      .then(ensureWarm)
      .catch(() => undefined);
  }, CONNECT_GRACE_MS);
}

/**
 * Whether the window still holds a live document of this extension (runtime.getContexts, Chrome
 * 116+ and Firefox 128+): a crashed page's window stays open with none. Where the browser cannot
 * say, it is taken as live and given the connect grace.
 */
async function hasLivePage(windowId: number): Promise<boolean> {
  if (typeof browser.runtime.getContexts !== 'function') return true;
  try {
    return (await browser.runtime.getContexts({ contextTypes: ['TAB'], windowIds: [windowId] })).length > 0;
  } catch {
    return true;
  }
}

const exists = (windowId: number): Promise<boolean> => browser.windows.get(windowId).then(
  () => true,
  () => false,
);

async function discard(windowId: number): Promise<void> {
  await store(undefined);
  waiting.get(windowId)?.disconnect();
  waiting.delete(windowId);
  await browser.windows.remove(windowId).catch(() => undefined);
}

/** A warm window's port: it waits there until a request takes the window. */
export function acceptWarmPort(port: Runtime.Port): void {
  const windowId = port.sender?.tab?.windowId;
  void (async () => {
    const warm = await stored();
    // Not the warm window (an old one, or the setting went off): told so, it closes itself.
    if (windowId === undefined || warm?.windowId !== windowId) {
      port.postMessage({ gone: true } satisfies WarmPortMessage);
      return port.disconnect();
    }
    waiting.get(windowId)?.disconnect(); // a window that connects again replaces its old port
    waiting.set(windowId, port);
    port.onDisconnect.addListener(() => {
      if (waiting.get(windowId) !== port) return; // taken, or replaced
      // Closed or crashed while waiting: another takes its place.
      waiting.delete(windowId);
      void serially(async () => ((await stored())?.windowId === windowId ? discard(windowId) : undefined))
        .then(ensureWarm)
        .catch(() => undefined);
    });
    for (const listener of readyListeners) listener();
  })();
}

/**
 * Gives the request the warm window, if there is one: it is drawn for `query`, shown and
 * focused. undefined: no warm window (the caller opens one as usual).
 */
export function takeWarm(query: string, settings: Settings): Promise<number | undefined> {
  // The next warm window is made once this request's window closes (window/queue.ts), not now: made
  // while this window draws and is approved, it slowed every warm call by half (1.28× the window
  // floor against 0.51×) and still was not ready for a call right after (bench, 2026-11-26).
  if (!settings.warmWindow) return Promise.resolve(undefined);
  return serially(async () => {
    const warm = await stored();
    if (!warm) return undefined;
    if (!waiting.has(warm.windowId)) await readyWithin(warm.windowId, LOADING_WAIT_MS);
    const port = waiting.get(warm.windowId);
    if (!port) {
      // Not loaded by now (hung, or its worker restarted under it): a new window serves this request.
      await discard(warm.windowId);
      return undefined;
    }
    waiting.delete(warm.windowId);
    handedOut.add(warm.windowId);
    await store(undefined);
    try {
      port.postMessage({ query } satisfies WarmPortMessage);
    } catch {
      await browser.windows.remove(warm.windowId).catch(() => undefined);
      return undefined; // its port dropped this instant: a new window serves this request
    }
    // Shown where an approval window opens, in front: the person sees it appear.
    void browser.windows.update(warm.windowId, { state: 'normal', focused: true, ...PROMPT_BOUNDS }).catch(() => undefined);
    return warm.windowId;
  });
}

function readyWithin(windowId: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      if (!waiting.has(windowId)) return;
      clearTimeout(timer);
      readyListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(() => (readyListeners.delete(done), resolve()), ms);
    readyListeners.add(done);
  });
}

/** Whether the warm window is loaded and waiting (the kit and the bench ask). */
export async function warmReady(): Promise<boolean> {
  const warm = await stored();
  return warm !== undefined && waiting.has(warm.windowId) && (await exists(warm.windowId));
}

/** A closed warm window is forgotten; the caller prepares the next. */
export async function forgetWarm(windowId: number): Promise<boolean> {
  handedOut.delete(windowId);
  const warm = await stored();
  if (warm?.windowId !== windowId) return false;
  waiting.delete(windowId);
  await store(undefined);
  return true;
}
