// A newcomer's project: the README's example test, copied as written, run by Playwright
// in a project of its own that depends on this package.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

test('the README example tests pass in a fresh project', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const readme = await readFile(join(repo, 'README.md'), 'utf8');
  const examples = [...readme.matchAll(/```ts\n(import \{ test, expect[^}]*\} from 'mock-wallet-provider\/testing';[\s\S]*?)```/g)].map((m) => m[1]!);
  expect(examples.length, 'README has the connect, Bitcoin signing, Stacks and Xverse examples').toBe(4);
  // The examples' app URL stands for the user's dev server; here the demo dApp plays that app.
  const specs = examples.map((example) => example.replace('http://localhost:3000/', `${baseURL}/`));

  const project = await mkdtemp(join(tmpdir(), 'newcomer-'));
  try {
    await mkdir(join(project, 'tests'));
    await mkdir(join(project, 'node_modules', '@playwright'), { recursive: true });
    // As `npm install -D @playwright/test /path/to/mock-wallet-provider` would link them.
    await symlink(repo, join(project, 'node_modules', 'mock-wallet-provider'));
    await symlink(join(repo, 'node_modules', '@playwright', 'test'), join(project, 'node_modules', '@playwright', 'test'));
    await symlink(join(repo, 'node_modules', 'playwright'), join(project, 'node_modules', 'playwright'));
    await symlink(join(repo, 'node_modules', 'playwright-core'), join(project, 'node_modules', 'playwright-core'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'newcomer', private: true, type: 'module' }));
    await Promise.all(specs.map((spec, i) => writeFile(join(project, 'tests', `example${i}.spec.ts`), spec)));
    const run = spawnSync(process.execPath, [join(project, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=line'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, CI: '' },
      timeout: 80_000,
    });
    expect(`${run.stdout}${run.stderr}`).toContain(`${specs.length} passed`);
    expect(run.status).toBe(0);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
