// README's CI recipe, the part that runs here: a small spec of this repository (its wallet-picker
// tests, five of them, quick) split in two shards, each with
// blob reports, both halves passing, and `playwright merge-reports` joining them.
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, copyFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const playwright = join(root, 'node_modules/@playwright/test/cli.js');
// The child runs must not inherit this run's worker settings.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PW_|PLAYWRIGHT_|TEST_|npm_)/i.test(key)));
const exec = promisify(execFile);

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

interface Stats { expected: number; unexpected: number; skipped: number; flaky: number }

test('a spec in two shards: both halves pass and their blob reports merge', { tag: '@slow' }, async () => {
  test.setTimeout(240_000);
  const work = await mkdtemp(join(tmpdir(), 'mock-wallet-shards-'));
  try {
    // As CI runs them, each shard on its own machine: here side by side, each with its own demo server.
    const shards = await Promise.all(
      [1, 2].map(async (shard) => {
        const blobs = join(work, `blob-${shard}`);
        const { stdout } = await exec(
          process.execPath,
          [playwright, 'test', 'e2e/registration.spec.ts', '--project=e2e', `--shard=${shard}/2`, '--workers=1', '--reporter=blob,json'],
          { cwd: root, env: { ...env, CI: '1', DEMO_PORT: String(await freePort()), PLAYWRIGHT_BLOB_OUTPUT_DIR: blobs }, maxBuffer: 64 * 1024 * 1024 },
        );
        return { blobs, stats: (JSON.parse(stdout) as { stats: Stats }).stats };
      }),
    );
    for (const { stats } of shards) {
      expect(stats.unexpected).toBe(0);
      expect(stats.expected).toBeGreaterThan(0); // each half ran something
    }
    const total = shards.reduce((sum, { stats }) => sum + stats.expected, 0);

    // The merge job downloads every shard's blob into one folder.
    const all = join(work, 'all-blob-reports');
    await mkdir(all);
    for (const { blobs } of shards) for (const file of await readdir(blobs)) await copyFile(join(blobs, file), join(all, file));
    expect((await readdir(all)).filter((f) => f.endsWith('.zip'))).toHaveLength(2);
    const { stdout } = await exec(process.execPath, [playwright, 'merge-reports', '--reporter=json', all], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
    const merged = (JSON.parse(stdout) as { stats: Stats }).stats;
    expect(merged).toMatchObject({ expected: total, unexpected: 0 });
    // Every test of the spec ran in exactly one shard.
    const { stdout: listed } = await exec(process.execPath, [playwright, 'test', 'e2e/registration.spec.ts', '--project=e2e', '--list', '--reporter=json'], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
    const countSpecs = (suite: { specs?: unknown[]; suites?: unknown[] }): number =>
      (suite.specs?.length ?? 0) + (suite.suites ?? []).reduce<number>((n, s) => n + countSpecs(s as typeof suite), 0);
    expect(total).toBe(countSpecs({ suites: (JSON.parse(listed) as { suites: unknown[] }).suites }));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
