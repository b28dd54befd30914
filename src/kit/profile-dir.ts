// The temporary Chromium profile either kit launches with (the Playwright kit's WalletBrowser without
// `userDataDir`, the Puppeteer kit's Chrome): removed when the browser goes, however it goes (closed by the kit,
// closed by the person at the window, or a Ctrl-C, after which Playwright closes its browsers and exits with 130,
// its SIGINT handler in playwright-core's processLauncher, and Puppeteer kills its browser and exits, before its
// own temporary profile is removed), so a developer's /tmp does not fill with 8 MB folders.
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every folder owned in this process: each is removed again as it exits, since a Chromium still shutting down can write into one removed at its context's close. */
const owned = new Set<string>();
let hooked = false;

/** A new empty folder for one browser's profile, removed at the latest when this process exits. */
export async function ownedProfileDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mock-wallet-'));
  owned.add(dir);
  if (!hooked) {
    hooked = true;
    // 'exit' runs synchronously: the browser is gone by then (closed, or killed with this process's group).
    process.once('exit', () => {
      for (const dir of owned) {
        try {
          rmSync(dir, { recursive: true, force: true });
        } catch {
          // an exit handler that throws would change how this process ends: the folder stays, as before
        }
      }
    });
  }
  return dir;
}

/** Removes the folder now (its browser has gone); a failure is left to the exit hook. */
export function removeProfileDir(dir: string): Promise<void> {
  // Chromium may still be flushing its profile for a moment after close.
  return rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
}
