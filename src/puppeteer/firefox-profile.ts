// Each Firefox the kit launches starts from a copy of one profile that Firefox has already started in once:
// Firefox 153 took 4.3–4.7 s to start on a new profile and 2.4–2.5 s on such a copy (2026-12-02, 2 × AMD EPYC;
// the bench's "Firefox launch" rows, docs/performance-and-reliability.md). The profile is made once per Firefox build, by a start and a clean
// close with nothing visited, and kept in the system's temporary folder; each launch gets its own copy, which
// is removed when that Firefox exits, so launches share nothing but what a new profile would hold.
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, readlink, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import type { Puppeteer } from './launch.ts';

/** Left out of each copy: what a running or crashed Firefox leaves, and the cache. */
const LEFT_OUT = new Set([
  'lock',
  '.parentlock',
  'parent.lock',
  'sessionstore.jsonlz4',
  'sessionstore-backups',
  'sessionCheckpoints.json',
  'cache2',
  'crashes',
  'minidumps',
]);
const PREFIX = 'mock-wallet-firefox-';

/** The template's folder for this Firefox build: its path, size and time stand for its version. */
export async function templatePath(executablePath: string, folder = tmpdir()): Promise<string> {
  const { size, mtimeMs } = await stat(executablePath);
  const key = createHash('sha256').update(`${executablePath}\0${size}\0${mtimeMs}`).digest('hex').slice(0, 16);
  return join(folder, `${PREFIX}profile-${key}`);
}

/** Removes a profile folder, retried: Firefox's content processes may still write there a moment after the main one exits. */
export const removeProfile = (path: string): Promise<void> => rm(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

const isFolder = (path: string): Promise<boolean> =>
  stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );

/** Templates being made by this process: launches at once wait for the one Firefox that makes it. */
const making = new Map<string, Promise<void>>();

/** Makes the template once: Firefox started on a new folder and closed, then moved into place (another process's, made at once, wins). */
function ensureTemplate(puppeteer: Puppeteer, executablePath: string, template: string): Promise<void> {
  let made = making.get(template);
  if (!made) {
    made = makeTemplate(puppeteer, executablePath, template).finally(() => making.delete(template));
    making.set(template, made);
  }
  return made;
}

async function makeTemplate(puppeteer: Puppeteer, executablePath: string, template: string): Promise<void> {
  if (await isFolder(template)) return;
  const folder = `${template}-${randomUUID()}`;
  try {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, userDataDir: folder });
    await browser.close();
    // Another process that made it meanwhile got there first: its template serves (this folder goes).
    await rename(folder, template).catch(async (error: unknown) => {
      if (!(await isFolder(template))) throw error;
    });
  } finally {
    await removeProfile(folder);
  }
}

/**
 * A new profile folder for one launch, copied from the template (made first if need be). Should the template
 * not be made (a Firefox that will not start this way), undefined: the launch then uses a new profile as before.
 */
export async function profileForLaunch(puppeteer: Puppeteer, executablePath: string, folder = tmpdir()): Promise<string | undefined> {
  try {
    const template = await templatePath(executablePath, folder);
    await ensureTemplate(puppeteer, executablePath, template);
    const copy = await mkdtemp(join(folder, `${PREFIX}run-`));
    await Promise.all([cp(template, copy, { recursive: true, filter: (source) => !LEFT_OUT.has(basename(source)) }), removeStaleCopies(folder)]);
    return copy;
  } catch {
    return undefined;
  }
}

/** How old a copy must be before a launch may take it for one a killed process left behind. */
const STALE_MS = 10 * 60_000;

/**
 * Removes the copies a killed process left (a SIGKILL skips every exit handler): older than STALE_MS and held by no
 * running Firefox. Not on Windows, where Firefox leaves no link naming its process and a running one's files are locked.
 */
export async function removeStaleCopies(folder = tmpdir(), now = Date.now()): Promise<void> {
  if (process.platform === 'win32') return;
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${PREFIX}run-`))
      .map(async (name) => {
        const dir = join(folder, name);
        const changed = await stat(dir).then(
          (s) => s.mtimeMs,
          () => now,
        );
        if (now - changed < STALE_MS || (await heldByRunningFirefox(dir))) return;
        await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      }),
  );
}

/** Firefox on Linux and macOS keeps a link named `lock` in its profile whose target ends in "+<its pid>". */
async function heldByRunningFirefox(dir: string): Promise<boolean> {
  const target = await readlink(join(dir, 'lock')).catch(() => undefined);
  const pid = Number(target?.split('+').at(-1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** The copies of this process's Firefoxes still running: removed at the latest as this process exits. */
const live = new Set<string>();
let sweepOnExit = false;

/** Removes the launch's copy once its Firefox has exited (Puppeteer removes only the profiles it made itself), or as this process exits. */
export function removeWhenClosed(browser: Browser, copy: string): void {
  live.add(copy);
  if (!sweepOnExit) {
    sweepOnExit = true;
    // An uncaught error ends the process before a Firefox's exit is heard: what is left goes now (best effort).
    process.once('exit', () => {
      for (const dir of live) rmSync(dir, { recursive: true, force: true });
    });
  }
  const remove = (): void =>
    void removeProfile(copy)
      .then(() => live.delete(copy))
      .catch(() => undefined);
  const firefox = browser.process();
  if (firefox && firefox.exitCode === null) firefox.once('exit', remove);
  else browser.once('disconnected', remove);
}
