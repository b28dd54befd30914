// The temporary Chromium profile a WalletBrowser launched without `userDataDir` owns: removed when the
// browser goes, however it goes (closed by the kit, closed by the person at the window, or a Ctrl-C, after
// which Playwright closes its browsers and exits with 130: its SIGINT handler in playwright-core's
// processLauncher), so a developer's /tmp does not fill with 8 MB folders.
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set<string>();
let hooked = false;

/** A new empty folder for one browser's profile, removed at the latest when this process exits. */
export async function ownedProfileDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mock-wallet-'));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    // 'exit' runs synchronously: the browser is gone by then (closed, or killed with this process's group).
    process.once('exit', () => {
      for (const left of live) rmSync(left, { recursive: true, force: true });
    });
  }
  return dir;
}

/** Removes the folder once its browser has gone; safe to call more than once. */
export async function removeProfileDir(dir: string): Promise<void> {
  if (!live.delete(dir)) return;
  // Chromium may still be flushing its profile for a moment after close.
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
