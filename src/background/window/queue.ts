// Approval windows are capped (maxOpenWindows): a request beyond the cap waits, stored, until a
// window closes; then the next one opens, from the site with the fewest windows open, oldest first.
// Every request still gets its own window, and nothing is lost.
import { failed, onWindowFreed, settle } from '../request/settle.ts';
import { holdsWindow, pendingRequests } from '../request/pending.ts';
import { openPromptWindow } from './prompt.ts';
import { currentSettings } from '../store/state.ts';
import { ensureWarm, releaseWindow } from './warm.ts';
import { serial } from '../../shared/serial.ts';

const opening = serial();
let paused = false;
/** A reset withdraws every request: no queued one may open a window meanwhile, and a pass
 *  already creating one finishes first, so no window is left without its request. */
export function pauseWindows(pause: boolean): Promise<void> {
  paused = pause;
  return opening.settled();
}

/** Opens windows for queued requests while there is room; one pass at a time. */
export function openQueued(): Promise<void> {
  return opening(async () => {
    const { maxOpenWindows } = await currentSettings();
    for (;;) {
      const all = await pendingRequests.values();
      const open = all.filter(holdsWindow);
      const queued = all.filter((p) => p.queued && !p.answer && !p.prepared);
      if (paused || queued.length === 0 || open.length >= maxOpenWindows) return;
      const perOrigin = (origin: string): number => open.filter((p) => p.origin === origin).length;
      const next = queued.sort((a, b) => perOrigin(a.origin) - perOrigin(b.origin) || a.createdAt - b.createdAt)[0]!;
      let windowId: number | undefined;
      try {
        windowId = await openPromptWindow(next, await currentSettings());
      } catch (error) {
        await pendingRequests.update(next.key, ({ queued: _queued, ...rest }) => rest);
        await settle(next.key, async (request) => failed(request.id, error));
        continue;
      }
      await pendingRequests.update(next.key, ({ queued: _queued, ...rest }) => ({ ...rest, ...(windowId !== undefined && { windowId }) }));
      // Withdrawn while its window was being created (the page left, a reset): the window goes too (back to the pool, or closed).
      const still = await pendingRequests.get(next.key);
      if (!still || still.answer) await releaseWindow(windowId, next.key);
    }
  });
}

// A request gone: its window's room goes to the next queued request, then a warm window is prepared.
onWindowFreed(
  () =>
    void openQueued()
      .then(ensureWarm)
      .catch(() => undefined),
);
