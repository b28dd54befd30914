// The docs' node:test example for the Puppeteer kit, copied as written into a fresh project
// that depends on this package and puppeteer-core, run with `node --test` in Firefox.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { examples as marked, repo } from '../support/docs.ts';

test("the docs' node:test example passes in a fresh project (Firefox, Puppeteer)", { tag: '@slow' }, async ({ baseURL }) => {
  test.setTimeout(120_000);
  const examples = marked('node-test').map((e) => e.code);
  expect(examples, 'the docs have one node:test example').toHaveLength(1);
  // The example's app URL stands for the user's dev server; here the demo dApp plays that app.
  const example = examples[0]!.replaceAll('http://localhost:3000/', `${baseURL}/blank.html`);
  expect(example).toContain("launchWallet({ browser: 'firefox' })");

  const project = await mkdtemp(join(tmpdir(), 'node-test-'));
  try {
    await mkdir(join(project, 'node_modules'));
    // As `npm install -D puppeteer-core /path/to/mock-wallet-provider` would link them.
    await symlink(repo, join(project, 'node_modules', 'mock-wallet-provider'));
    await symlink(join(repo, 'node_modules', 'puppeteer-core'), join(project, 'node_modules', 'puppeteer-core'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'node-test-user', private: true, type: 'module' }));
    await writeFile(join(project, 'wallet.test.mjs'), example);
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', 'wallet.test.mjs'], { cwd: project, encoding: 'utf8', timeout: 110_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(output).toMatch(/ℹ pass 2\b/);
    expect(output).toMatch(/ℹ fail 0\b/);
    expect(run.status, output).toBe(0);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
