// The Firefox profile template: made once per Firefox build by one start, copied for each launch without what a
// running Firefox leaves behind; a start that fails leaves nothing and the launch falls back to a new profile.
// The launcher here only writes files where Firefox would: that Firefox itself starts and runs from such a copy
// is what every test of the firefox project does (e2e/puppeteer/wallet.spec.ts).
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp as mkdtempIn, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import type { Puppeteer } from './launch.ts';
import { profileForLaunch, removeStaleCopies, templatePath } from './firefox-profile.ts';

/** A launcher that fills the profile folder as a Firefox run would, and counts its starts; `meanwhile` runs during the start. */
function fakeFirefox(fails = false, meanwhile?: () => Promise<void>): { puppeteer: Puppeteer; starts: () => number } {
  let starts = 0;
  const puppeteer = {
    async launch(options: { userDataDir?: string }) {
      starts++;
      await meanwhile?.();
      const dir = options.userDataDir!;
      await mkdir(join(dir, 'cache2'), { recursive: true });
      await writeFile(join(dir, 'prefs.js'), 'user_pref("toolkit.startup.last_success", 1);');
      await writeFile(join(dir, 'cache2', 'entry'), 'x');
      await writeFile(join(dir, 'lock'), '');
      if (fails) throw new Error('Firefox would not start');
      return { close: async () => undefined } as unknown as Browser;
    },
  } as unknown as Puppeteer;
  return { puppeteer, starts: () => starts };
}

const folders: string[] = [];
const mkdtemp = async (prefix: string): Promise<string> => {
  const folder = await mkdtempIn(prefix);
  folders.push(folder);
  return folder;
};
test.afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function executable(folder: string, name: string, content: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

test('one start makes the template, launches at once share it; each gets its own copy, without the lock and the cache', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'profile-test-'));
  const firefox = await executable(folder, 'firefox', 'build 1');
  const { puppeteer, starts } = fakeFirefox();
  const copies = await Promise.all([profileForLaunch(puppeteer, firefox, folder), profileForLaunch(puppeteer, firefox, folder)]);
  const third = await profileForLaunch(puppeteer, firefox, folder);
  expect(starts()).toBe(1);
  expect(new Set([...copies, third]).size).toBe(3);
  for (const copy of [...copies, third]) expect((await readdir(copy!)).sort()).toEqual(['prefs.js']);
  // Only the template and the three copies: the folder the template was made in was moved, not left.
  expect((await readdir(folder)).filter((name) => name.startsWith('mock-wallet-firefox-')).length).toBe(4);
});

test('another Firefox build gets a template of its own', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'profile-test-'));
  const first = await executable(folder, 'firefox-140', 'build 140');
  const second = await executable(folder, 'firefox-153', 'build 153, longer');
  expect(await templatePath(first, folder)).not.toBe(await templatePath(second, folder));
});

test('a Firefox that will not start leaves no template: the launch uses a new profile (undefined), and the next tries again', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'profile-test-'));
  const firefox = await executable(folder, 'firefox', 'build 1');
  const broken = fakeFirefox(true);
  expect(await profileForLaunch(broken.puppeteer, firefox, folder)).toBeUndefined();
  expect((await readdir(folder)).filter((name) => name.startsWith('mock-wallet-firefox-'))).toEqual([]);
  const working = fakeFirefox();
  expect(await profileForLaunch(working.puppeteer, firefox, folder)).toBeDefined();
  expect(working.starts()).toBe(1);
});

test("a copy a killed process left is removed by a later launch once it is old; a running Firefox's and a new one are kept", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'profile-test-'));
  const copy = async (name: string, ageMs: number, lockPid?: number): Promise<void> => {
    const dir = join(folder, `mock-wallet-firefox-run-${name}`);
    await mkdir(dir);
    await writeFile(join(dir, 'prefs.js'), '');
    // As Firefox leaves it on Linux: a link to "<address>:+<pid>" (a dangling one).
    if (lockPid !== undefined) await symlink(`127.0.1.1:+${lockPid}`, join(dir, 'lock'));
    const at = new Date(Date.now() - ageMs);
    await utimes(dir, at, at);
  };
  const hour = 3_600_000;
  await copy('left', hour);
  await copy('left-dead-lock', hour, 2 ** 22 + 12_345); // above Linux's pid_max: no such process
  await copy('running', hour, process.pid);
  await copy('new', 1_000);
  await removeStaleCopies(folder);
  expect((await readdir(folder)).sort()).toEqual(['mock-wallet-firefox-run-new', 'mock-wallet-firefox-run-running']);
});

test('a template another process made while this one made its own serves: this launch gets a copy of it', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'profile-test-'));
  const firefox = await executable(folder, 'firefox', 'build 1');
  const template = await templatePath(firefox, folder);
  const other = async (): Promise<void> => {
    await mkdir(template);
    await writeFile(join(template, 'times.json'), '{}');
  };
  const copy = await profileForLaunch(fakeFirefox(false, other).puppeteer, firefox, folder);
  expect(copy).toBeDefined();
  expect(await readdir(copy!)).toEqual(['times.json']);
  // The folder this process made its own in is gone.
  expect((await readdir(folder)).filter((name) => name.startsWith('mock-wallet-firefox-profile-')).length).toBe(1);
});
