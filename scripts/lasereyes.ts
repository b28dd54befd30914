// LaserEyes (@omnisat/lasereyes-core), the connector the UniSat and OKX e2e tests drive, for the demo
// app's bundle. npm cannot install it (one of its dependencies is a git repository), but its published
// tarball bundles all of its code except nanostores (a devDependency here): `npm pack` it once, check it
// against the registry's integrity for that version, and unpack its dist under node_modules/.cache.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LASEREYES_VERSION = '0.0.85';
/** `npm view @omnisat/lasereyes-core@0.0.85 dist.integrity`. */
const INTEGRITY = 'sha512-Btlb/zyp44NiEJ0wtG/SXQCbtmGUgs2/RKh2ONRlC9kDyeumnF0XbJ1LsBsRmP9hDoMhzZGE7XoZTeP7b+lhHA==';

const root = fileURLToPath(new URL('..', import.meta.url));
const home = join(root, 'node_modules', '.cache', `lasereyes-core-${LASEREYES_VERSION}`);
/** The ES module the demo bundles. */
export const LASEREYES_ENTRY = join(home, 'dist', 'index.js');

export function ensureLaserEyes(): string {
  if (existsSync(LASEREYES_ENTRY)) return LASEREYES_ENTRY;
  const work = mkdtempSync(join(tmpdir(), 'lasereyes-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const name = execFileSync(npm, ['pack', `@omnisat/lasereyes-core@${LASEREYES_VERSION}`, '--pack-destination', work, '--silent'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1)!;
    const tarball = join(work, name);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (digest !== INTEGRITY)
      throw new Error(`@omnisat/lasereyes-core@${LASEREYES_VERSION}: the tarball's integrity is ${digest}, not the registry's ${INTEGRITY}`);
    execFileSync('tar', ['-xzf', tarball, '-C', work]);
    mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, 'package'), home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return LASEREYES_ENTRY;
}
