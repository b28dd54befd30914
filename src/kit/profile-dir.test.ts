// The kit's temporary profile folders, without a browser: each goes when asked, and whatever is left goes as the process exits.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const module = fileURLToPath(new URL('./profile-dir.ts', import.meta.url));
/** What the kit's prefix names in a folder (tsx keeps its own cache there too). */
const kitFolders = async (temp: string): Promise<string[]> => (await readdir(temp)).filter((name) => name.startsWith('mock-wallet-'));

test('a profile folder asked to go is gone, twice is harmless; one still there when the process exits with a code goes then', async () => {
  const temp = await mkdtemp(join(tmpdir(), 'profile-dir-test-'));
  try {
    // A child process with its own temp folder: one folder removed by hand, one left to the exit hook, and an exit
    // the way Playwright's Ctrl-C handler ends a process (process.exit(130)).
    const script = `
      import { ownedProfileDir, removeProfileDir } from ${JSON.stringify(module)};
      import { writeFileSync, mkdirSync } from 'node:fs';
      const removed = await ownedProfileDir();
      mkdirSync(removed + '/Default');
      await removeProfileDir(removed);
      await removeProfileDir(removed);
      const left = await ownedProfileDir();
      writeFileSync(left + '/Local State', '{}');
      console.log(JSON.stringify({ removed, left }));
      process.exit(130);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: temp },
    });
    expect(run.status, run.stderr).toBe(130);
    const { removed, left } = JSON.parse(run.stdout) as { removed: string; left: string };
    expect(removed.startsWith(join(temp, 'mock-wallet-'))).toBe(true);
    expect([existsSync(removed), existsSync(left)]).toEqual([false, false]);
    expect(await kitFolders(temp)).toEqual([]);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
});

test("at a plain exit the hook removes the kit's own folder and nothing else under the same prefix", async () => {
  const temp = await mkdtemp(join(tmpdir(), 'profile-dir-test-'));
  try {
    writeFileSync(join(temp, 'mock-wallet-users-own'), 'kept');
    const script = `import { ownedProfileDir } from ${JSON.stringify(module)}; await ownedProfileDir();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: temp },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(await kitFolders(temp)).toEqual(['mock-wallet-users-own']);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
});
