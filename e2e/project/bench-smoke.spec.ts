// `npm run bench` is not part of the suite, but it must keep working: a quick run of it is.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

test('npm run bench --quick prints the table and writes its JSON', { tag: '@slow' }, async () => {
  test.setTimeout(300_000); // it also runs two small Playwright suites
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench.ts', '--quick'], { cwd: repo, encoding: 'utf8', timeout: 280_000 });
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status).toBe(0);
  for (const path of [
    'floor',
    'peer',
    'auto-approved',
    'window floor',
    'window floor, scripted',
    'against the scripted floor',
    'real window',
    'signPsbt approved',
    'stx_transferStx approved',
    'after 400 ms idle',
    'back to back',
    'cold floor',
    'first getAddresses',
    'reset',
    'fresh persistent-context launch',
    'per-test kit overhead',
    'connect-and-approve tests',
    'CPU per test',
    'CPU of one approval window',
    'inputs: 4× the inputs',
    'Firefox: the same call in a warm window',
    'in a node:test file, Firefox launch, quiet',
    'right after an extension window is closed',
    "in a user's test, Playwright kit, quiet: window floor",
    'in a node:test file, Puppeteer kit (its defaults), Chromium, quiet: window floor',
    'request → answer and the kit call returned',
  ]) {
    expect(run.stdout).toContain(path);
  }
  const written = JSON.parse(await readFile(`${repo}out/bench-results.json`, 'utf8')) as { quick: boolean; rows: { stats: { median: number } }[] };
  expect(written.quick).toBe(true);
  expect(written.rows.length).toBeGreaterThanOrEqual(20);
  expect(written.rows.every((r) => Number.isFinite(r.stats.median) && r.stats.median >= 0)).toBe(true);
});
