// The warm approval windows (setting warmWindow): a pool of approval windows created and loaded
// ahead of need, out of the way (WAITS_AS), that the next requests take. Each window connects a port to the worker
// and waits on it; taking a window sends it the request's query, and it draws, is shown and focused.
// Once taken a window is that request's alone; when the request is done, the window goes back to the
// pool if it has room, its page drawn again as loaded (nothing of the request stays; see unpark): closing a
// window and making another cost Chrome 130–220 ms of CPU (probe of 2026-12-03), and Firefox makes a window in
// 400–700 ms. A port that drops while its window waits means the window closed or crashed: it is replaced.
//
// Two, because apps connect and sign at once and tests follow them: the call right after an answer
// finds the second window loaded instead of waiting on one made after the answer (issue #35).
// Windows are made only while no request holds a window: a window made while another draws and is
// approved slowed that call by half (1.28× the window floor against 0.51×, bench 2026-11-26).
import browser, { type Runtime, type Tabs } from 'webextension-polyfill';
import type { Settings } from '../../core/settings.ts';
import { WARM_QUERY, type WarmPortMessage } from '../../shared/messages.ts';
import { PROMPT_BOUNDS, PROMPT_PAGE } from '../../shared/windows.ts';
import { serial } from '../../shared/serial.ts';
import { holdsWindow, pendingRequests } from '../request/pending.ts';
import { reportStoredProblem } from '../store/session-map.ts';

/** How many warm windows wait when no request holds one (and maxOpenWindows allows). */
export const WARM_POOL = 2;
/** A pool that still has a window is topped up once requests have left the wallet alone this long: a call right after an answer comes within it. */
const REFILL_QUIET_MS = 150;
/** The longest a request waits on a warm window still loading, before the first load was measured: further along than a new one. */
const LOADING_WAIT_MS = 1_500;
/** A warm window that has not connected by then is dead (its renderer crashed, taking this worker with it): it is replaced. */
const CONNECT_GRACE_MS = 5_000;
const STORE_KEY = 'warmWindows';
/**
 * Where a warm window waits: minimized in Chrome; in Firefox where an approval window opens, behind
 * the focused window, since showing a minimized window there cost a kit-approved call about 15 ms
 * more (108–112 ms against 88–96, 2026-11-26, Firefox 153 headless).
 */
const FIREFOX = browser.runtime.getURL('').startsWith('moz-extension:');
const WAITS_AS = FIREFOX ? PROMPT_BOUNDS : { state: 'minimized' as const };
/** A window given back to the pool goes where a warm one waits: in Firefox, behind the next window (the app's). */
const GOES_BACK_AS = FIREFOX ? { focused: false } : WAITS_AS;
const WARM_URL = (): string => `${browser.runtime.getURL(PROMPT_PAGE)}?${WARM_QUERY}`;

/**
 * Windows given back to the pool that still hold their last request's page, hidden: each is made a warm window
 * again (unpark) when the pool is next topped up, off the path of a call that may follow at once.
 */
const parked = new Set<number>();
/** Which request holds each window this worker gave out (a warm one taken, or a new one): only its own request gives it back. */
const holders = new Map<number, string>();
/** The warm windows waiting for a request, by window id: taking one sends the query down its port. */
const waiting = new Map<number, Runtime.Port>();
/** The ports of warm windows a request took, kept open: giving the window back sends `again` down it. */
const drawn = new Map<number, Runtime.Port>();
/** Windows given back that draw themselves as loaded (no new document): their reconnect says nothing of a load's time. */
const redrawn = new Set<number>();
/** When each warm window was created, until it connects: how long a window takes to load here. */
const createdAt = new Map<number, number>();
/** How long the last warm window took from created to connected: what a new window would cost a request now. */
let lastLoadMs: number | undefined;
/** Told when a warm window's port connects (it is loaded and ready to draw). */
const readyListeners = new Set<() => void>();
let refillTimer: ReturnType<typeof setTimeout> | undefined;
/** The holdWarmReload test hook (TestHooks, src/shared/control.ts): windows given back stay parked. */
let reloadHeld = false;
export const holdWarmReload = async (hold: boolean): Promise<void> => void (reloadHeld = hold);

/** The pool, oldest first; kept in session storage so a restarted worker finds its windows. */
const stored = async (): Promise<number[]> => {
  const ids: unknown = (await browser.storage.session.get(STORE_KEY))[STORE_KEY];
  if (ids === undefined || (Array.isArray(ids) && ids.every((id) => Number.isInteger(id)))) return (ids as number[] | undefined) ?? [];
  // Read as no pool (new windows are made), and said.
  reportStoredProblem(`stored ${STORE_KEY} held ${JSON.stringify(ids).slice(0, 60)}, which is not a list of window ids: dropped, read as none`);
  await browser.storage.session.remove(STORE_KEY);
  return [];
};
const store = (ids: number[]): Promise<void> =>
  ids.length > 0 ? browser.storage.session.set({ [STORE_KEY]: ids }) : browser.storage.session.remove(STORE_KEY);
const without = async (windowId: number): Promise<boolean> => {
  const pool = await stored();
  if (!pool.includes(windowId)) return false;
  await store(pool.filter((id) => id !== windowId));
  return true;
};

/** One change at a time: two quick calls must not create windows twice, nor take one twice. */
const serially = serial();

/** Where the worker's settings come from (state.ts): read when each change takes its turn, never stale. */
let settingsNow: () => Promise<Settings> = () => Promise.reject(new Error('warm-window: no settings source'));
export const useSettings = (source: () => Promise<Settings>): void => void (settingsNow = source);

/** How many warm windows the settings allow with no request holding one: maxOpenWindows counts them too. */
const poolSize = (settings: Settings): number => (settings.warmWindow ? Math.min(WARM_POOL, settings.maxOpenWindows) : 0);

/**
 * Keeps the pool full while the setting is on and no request holds a window, and empty while it is
 * off, as the settings are when its turn comes. An empty pool is filled at once; one that still has
 * a window is topped up after REFILL_QUIET_MS without a call, or at once if `now` (a reset: between two
 * tests, where a window given back must not still hold the last test's request page in the next).
 */
export const ensureWarm = (): Promise<void> => warmUp(false);
/** The same, a pool that still has a window topped up at once: after a reset, between two tests. */
export const ensureWarmNow = (): Promise<void> => warmUp(true);

function warmUp(now: boolean): Promise<void> {
  return serially(async () => {
    const settings = await settingsNow();
    const pool = await stored();
    if (!settings.warmWindow) {
      for (const id of pool) await discard(id);
      return;
    }
    const live: number[] = [];
    for (const id of pool) {
      if (!(await exists(id))) continue;
      // Neither waiting nor loading for this worker (one it made or loaded again is: Firefox lists no page for it yet).
      if (!waiting.has(id) && !createdAt.has(id)) {
        // A window whose page is gone (its renderer crashed, and with it the worker that made it) never connects: replaced now.
        if (!(await livePages([id])).has(id)) {
          await discard(id);
          continue;
        }
        // One given back just before the last worker stopped still shows its request's page: parked again, so
        // that it is loaded again below, where it would otherwise be waited for, then replaced.
        if (!parked.has(id) && !(await showsWarmPage(id))) parked.add(id);
      }
      live.push(id);
      if (!waiting.has(id) && !parked.has(id)) replaceUnlessConnected(id);
    }
    // A lowered maxOpenWindows: the newest go.
    while (live.length > poolSize(settings)) await discard(live.pop()!);
    if (live.length !== pool.length) await store(live);
    const ready = live.filter((id) => !parked.has(id));
    if (ready.length >= poolSize(settings) || (await busy())) return;
    if (ready.length > 0 && !now) return refillWhenQuiet();
    await fill(live, settings);
  });
}

/** Whether a request holds a window or is about to take one: no window is made then; the request that frees it calls again. */
const busy = async (): Promise<boolean> => (await pendingRequests.values()).some((p) => holdsWindow(p) || p.queued);

/** Loads the parked windows of the pool again as warm ones. */
async function reloadParked(pool: number[]): Promise<void> {
  for (const id of pool.filter((id) => parked.has(id))) await unpark(id);
}

/** Loads the parked windows again as warm ones, then makes new windows until the pool is full. */
async function fill(pool: number[], settings: Settings): Promise<void> {
  await reloadParked(pool);
  pool = await stored();
  while (pool.length < poolSize(settings)) {
    const window = await browser.windows.create({ url: WARM_URL(), type: 'popup', focused: false, ...WAITS_AS });
    if (window.id === undefined) return;
    createdAt.set(window.id, Date.now());
    pool.push(window.id);
    await store(pool);
    replaceUnlessConnected(window.id);
  }
}

/**
 * Tops the pool up once no call has come for REFILL_QUIET_MS (each call of ensureWarm starts the wait again). A window
 * given back is loaded again then even while other requests hold windows: that makes no window, and until then it still
 * showed its finished request's address, which a test counting request windows (or a person) took for a live one
 * (e2e/reliability/reliability.spec.ts, 2 runs in 15 with three workers).
 */
function refillWhenQuiet(): void {
  clearTimeout(refillTimer);
  refillTimer = setTimeout(() => {
    refillTimer = undefined;
    void serially(async () => {
      const settings = await settingsNow();
      await ((await busy()) ? reloadParked(await stored()) : fill(await stored(), settings));
    }).catch(() => undefined);
  }, REFILL_QUIET_MS);
}

/** A live warm window connects within moments (and again after this worker restarts); one that does not is replaced. */
function replaceUnlessConnected(windowId: number): void {
  // The load this wait is for: a window given back is loaded again, and a later load has its own wait (a stale
  // one once replaced a window mid-reload in a fresh clone's run of e2e/kit/warm.spec.ts).
  const load = createdAt.get(windowId);
  setTimeout(() => {
    if (waiting.has(windowId) || parked.has(windowId) || createdAt.get(windowId) !== load) return;
    void serially(async () => ((await stored()).includes(windowId) ? discard(windowId) : undefined))
      .then(ensureWarm)
      .catch(() => undefined);
  }, CONNECT_GRACE_MS);
}

/**
 * Which of these windows still hold a live document of this extension (runtime.getContexts, Chrome
 * 116+ and Firefox 128+): a crashed page's window stays open with none. Where the browser cannot
 * say, each is taken as live and given the connect grace.
 */
async function livePages(windowIds: number[]): Promise<Set<number>> {
  if (typeof browser.runtime.getContexts !== 'function') return new Set(windowIds);
  try {
    return new Set((await browser.runtime.getContexts({ contextTypes: ['TAB'], windowIds })).map((c) => c.windowId));
  } catch {
    return new Set(windowIds);
  }
}

const exists = (windowId: number): Promise<boolean> =>
  browser.windows.get(windowId).then(
    () => true,
    () => false,
  );

async function discard(windowId: number): Promise<void> {
  await without(windowId);
  drawn.delete(windowId);
  redrawn.delete(windowId);
  parked.delete(windowId);
  createdAt.delete(windowId);
  waiting.get(windowId)?.disconnect();
  waiting.delete(windowId);
  await browser.windows.remove(windowId).catch(() => undefined);
}

/** A warm window's port: it waits there until a request takes the window. */
export function acceptWarmPort(port: Runtime.Port): void {
  const windowId = port.sender?.tab?.windowId;
  void (async () => {
    const pool = await stored();
    // Not a warm window of the pool (an old one, or the setting went off): told so, it closes itself.
    if (windowId === undefined || !pool.includes(windowId)) {
      port.postMessage({ gone: true } satisfies WarmPortMessage);
      return port.disconnect();
    }
    const created = createdAt.get(windowId);
    if (created !== undefined && !redrawn.has(windowId)) lastLoadMs = Date.now() - created;
    createdAt.delete(windowId);
    redrawn.delete(windowId);
    waiting.get(windowId)?.disconnect(); // a window that connects again replaces its old port
    waiting.set(windowId, port);
    port.onDisconnect.addListener(() => {
      if (drawn.get(windowId) === port) drawn.delete(windowId); // its request's window closed, or this worker stops
      if (waiting.get(windowId) !== port) return; // taken, or replaced
      // Closed or crashed while waiting: another takes its place.
      waiting.delete(windowId);
      void serially(async () => ((await stored()).includes(windowId) ? discard(windowId) : undefined))
        .then(ensureWarm)
        .catch(() => undefined);
    });
    for (const listener of readyListeners) listener();
  })();
}

/**
 * Gives the request a warm window, if there is one: it is drawn for `query`, shown and focused.
 * A loaded one is taken at once; else the request waits for one still loading at most as long as
 * the last window took to load, which is what a new window would cost it. undefined: none (the
 * caller opens one as usual).
 */
export function takeWarm(query: string, key: string, settings: Settings): Promise<number | undefined> {
  if (!settings.warmWindow) return Promise.resolve(undefined);
  clearTimeout(refillTimer); // no window is made while this request's draws
  return serially(async () => {
    const pool = await stored();
    if (pool.length === 0) return undefined;
    // None loaded but one parked: loaded now, which costs a reload, not a new window.
    const parkedOne = pool.find((id) => parked.has(id));
    if (parkedOne !== undefined && !pool.some((id) => waiting.has(id) || createdAt.has(id))) await unpark(parkedOne);
    if (!pool.some((id) => waiting.has(id))) {
      // Only a window that can still connect is worth waiting for: one this worker made, or one with a
      // live page (reconnecting to a restarted worker). One whose page died with the extension's
      // process never will, and waiting on it cost a request 1.5 s.
      const live = await livePages(pool);
      const loading = pool.filter((id) => createdAt.has(id) || live.has(id));
      if (loading.length > 0) await anyReadyWithin(loading, Math.min(lastLoadMs ?? LOADING_WAIT_MS, LOADING_WAIT_MS));
    }
    // Not loaded by now (slow, hung, or its worker restarted under it): a new window serves this
    // request, and the loading one stays for the next (or is replaced if it never connects).
    const windowId = pool.find((id) => waiting.has(id));
    if (windowId === undefined) return undefined;
    const port = waiting.get(windowId)!;
    waiting.delete(windowId);
    holders.set(windowId, key); // the request's from now: the end of the one before must not take it back
    await without(windowId);
    try {
      port.postMessage({ query } satisfies WarmPortMessage);
      drawn.set(windowId, port);
    } catch {
      holders.delete(windowId);
      await browser.windows.remove(windowId).catch(() => undefined);
      return undefined; // its port dropped this instant: a new window serves this request
    }
    // Shown where an approval window opens, in front: the person sees it appear.
    void browser.windows.update(windowId, { state: 'normal', focused: true, ...PROMPT_BOUNDS }).catch(() => undefined);
    return windowId;
  });
}

function anyReadyWithin(windowIds: number[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      if (!windowIds.some((id) => waiting.has(id))) return;
      clearTimeout(timer);
      readyListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(() => {
      readyListeners.delete(done);
      resolve();
    }, ms);
    readyListeners.add(done);
  });
}

/** Whether the pool is full and every window in it loaded and waiting (the kit and the bench ask). */
export async function warmReady(): Promise<boolean> {
  const [settings, pool] = await Promise.all([settingsNow(), stored()]);
  if (pool.length === 0 || pool.length < poolSize(settings) || !pool.every((id) => waiting.has(id))) return false;
  return (await Promise.all(pool.map(exists))).every(Boolean);
}

/** A new window made for this request (openPromptWindow) is its own, as a warm one taken is. */
export const lend = (windowId: number, key: string): void => void holders.set(windowId, key);

/**
 * The request `key` is done with its window: it goes back to the pool if warm windows are on and the pool
 * has room, else it closes. A window another request holds (taken since, or named by another pending
 * request after this worker restarted) is left alone.
 */
export function releaseWindow(windowId: number | undefined, key: string): Promise<void> {
  if (windowId === undefined) return Promise.resolve();
  return serially(async () => {
    const pool = await stored();
    if (pool.includes(windowId)) return; // given back already (the decision's two paths both release)
    const holder = holders.get(windowId);
    if (holder !== undefined ? holder !== key : (await pendingRequests.values()).some((p) => p.key !== key && p.windowId === windowId)) return;
    holders.delete(windowId);
    const settings = await settingsNow().catch(() => undefined);
    if (settings && pool.length < poolSize(settings) && (await exists(windowId))) {
      // Out of the way at once, as a closed window would be; loaded again now if the pool has no window
      // waiting, else once calls leave the wallet alone (as a new one would be made), since a reload beside
      // the call right after this one slowed it (1.30–1.35× the window floor against 0.87–1.12×, 2026-12-03).
      void browser.windows.update(windowId, GOES_BACK_AS).catch(() => undefined);
      pool.push(windowId);
      await store(pool);
      parked.add(windowId);
      if (!pool.some((id) => waiting.has(id))) await unpark(windowId);
      else refillWhenQuiet();
      return;
    }
    await browser.windows.remove(windowId).catch(() => undefined);
  });
}

/** A window's one tab (an approval window has one), or undefined once it is closed. */
const tabOf = (windowId: number): Promise<Tabs.Tab | undefined> =>
  browser.tabs.query({ windowId }).then(
    (tabs) => tabs[0],
    () => undefined,
  );

/** Whether a window's tab shows (or is loading) the warm page; a URL the wallet cannot read counts as the warm page. */
async function showsWarmPage(windowId: number): Promise<boolean> {
  const tab = await tabOf(windowId);
  const url = tab?.pendingUrl ?? tab?.url;
  return url === undefined || url === WARM_URL();
}

/**
 * A parked window made a warm one again. Its page still holding the port its request took it by draws itself as
 * loaded (popup/approve.ts, again(): its markup as loaded, its state and pending work dropped), which costs Chrome
 * none of a navigation's work (about 60 ms of CPU, a fifth of an approval's). Without that port (this worker
 * restarted since) it is loaded again: a new document. Either way nothing of its last request stays.
 */
async function unpark(windowId: number): Promise<void> {
  if (reloadHeld) return;
  parked.delete(windowId);
  const port = drawn.get(windowId);
  drawn.delete(windowId);
  if (port) {
    try {
      createdAt.set(windowId, Date.now());
      redrawn.add(windowId);
      port.postMessage({ again: true } satisfies WarmPortMessage);
      replaceUnlessConnected(windowId);
      return;
    } catch {
      redrawn.delete(windowId); // its port dropped this instant: loaded again below
    }
  }
  const tab = await tabOf(windowId);
  try {
    if (tab?.id === undefined) throw new Error('no tab');
    createdAt.set(windowId, Date.now());
    await browser.tabs.update(tab.id, { url: WARM_URL() });
    replaceUnlessConnected(windowId);
  } catch {
    await discard(windowId); // closed meanwhile: the next top-up makes a new one
  }
}

/** A closed window is forgotten: true if it was a warm one still waiting (the caller prepares the next). */
export function forgetWarm(windowId: number): Promise<boolean> {
  holders.delete(windowId);
  return serially(async () => {
    drawn.delete(windowId);
    redrawn.delete(windowId);
    if (!(await without(windowId))) return false;
    waiting.delete(windowId);
    parked.delete(windowId);
    createdAt.delete(windowId);
    return true;
  });
}
