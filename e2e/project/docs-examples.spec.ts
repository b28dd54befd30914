// A newcomer's project: every Playwright example in README and docs/, copied as written, run by Playwright
// in a project of its own that depends on this package; every fragment type-checked there, strict.
import { test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { examples, repo, type Example } from '../support/docs.ts';
import { childEnv } from '../support/support.ts';

/** A project that installed this package and Playwright, as `npm install -D @playwright/test /path/to/mock-wallet-provider` would. */
async function newcomer(prefix: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), prefix));
  await mkdir(join(project, 'tests'));
  await mkdir(join(project, 'node_modules', '@playwright'), { recursive: true });
  await symlink(repo, join(project, 'node_modules', 'mock-wallet-provider'));
  for (const name of ['@playwright/test', 'playwright', 'playwright-core', '@types', 'typescript'])
    await symlink(join(repo, 'node_modules', name), join(project, 'node_modules', name));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'newcomer', private: true, type: 'module' }));
  // An ESM project with a playwright.config.ts, as Getting started says either works (the install test runs the CommonJS one).
  await writeFile(
    join(project, 'playwright.config.ts'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: 'tests' });\n",
  );
  return project;
}

const where = (e: Example): string => `${e.page}:${e.line}`;

/** A reporter that writes the steps a report shows at a test's top level (hooks are steps with children), with the file each is placed at. */
const STEPS_REPORTER = `import { writeFileSync } from 'node:fs';
export default class {
  steps = [];
  onStepBegin(test, result, step) {
    // The steps a report lists at the top: a boxed step's own calls are inside it.
    if (step.parent || step.category === 'hook') return;
    this.steps.push({ title: step.title, file: step.location?.file ?? '' });
  }
  onEnd() { writeFileSync('steps.json', JSON.stringify(this.steps)); }
}
`;

interface Stats {
  expected: number;
  unexpected: number;
  skipped: number;
  flaky: number;
}

// The child runs must not inherit this run's worker settings, nor its CI (which would forbid nothing here).
const env = childEnv({ CI: '' });

/**
 * Runs the project's Playwright (its own copy, as `npx playwright` would): what it printed, and its JSON
 * report's counts. Asynchronous, so that two shards started together run side by side as on two machines.
 */
async function playwright(
  project: string,
  name: string,
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ stats: Stats; output: string; status: number | null }> {
  const report = join(project, `${name}.json`);
  const child = spawn(process.execPath, [join(project, 'node_modules', '@playwright', 'test', 'cli.js'), ...args], {
    cwd: project,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report, ...extra },
    timeout: 110_000,
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const [status] = (await once(child, 'close')) as [number | null];
  const stats = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as { stats: Stats }).stats : undefined;
  // A failed example's page as Playwright saw it (its error-context.md), which the line reporter does not print.
  if (status !== 0) printed += await errorContexts(join(project, `${name}-results`));
  return { stats: stats ?? { expected: 0, unexpected: -1, skipped: 0, flaky: 0 }, output: `${name}:\n${printed}`, status };
}

async function errorContexts(dir: string): Promise<string> {
  if (!existsSync(dir)) return '';
  const found = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('error-context.md'));
  return (await Promise.all(found.map(async (f) => `\n--- ${f}\n${await readFile(join(dir, f), 'utf8')}`))).join('');
}

// Also docs/getting-started.md's "CI with shards", the part that runs here: the examples are the
// newcomer's suite, run as two shards with blob reports (side by side, as CI runs them on two
// machines), both halves passing, and `playwright merge-reports` of the two blobs counting every
// test once.
test('every Playwright example in README and docs/ passes in a fresh project, run in two shards whose blob reports merge', { tag: '@slow' }, async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const found = examples('playwright');
  expect(found.length, 'README and docs have their complete examples').toBeGreaterThanOrEqual(4);
  // The examples' app URL stands for the user's dev server; here the demo dApp plays that app.
  const specs = found.map((e) => ({ name: where(e), code: e.code.replace('http://localhost:3000/', `${baseURL}/`) }));
  const project = await newcomer('newcomer-');
  try {
    await Promise.all(specs.map((spec, i) => writeFile(join(project, 'tests', `example${i}.spec.ts`), `// ${spec.name}\n${spec.code}`)));
    // What the user's report shows as steps: the kit's plumbing is boxed, so every step stands at a line of the user's.
    await writeFile(join(project, 'steps.mjs'), STEPS_REPORTER);
    // One worker per shard: two shards at once are the two workers this machine has.
    const shards = await Promise.all(
      [1, 2].map(async (shard) => {
        const blobs = join(project, `blob-${shard}`);
        const run = await playwright(
          project,
          `shard-${shard}`,
          ['test', `--shard=${shard}/2`, '--workers=1', '--reporter=line,blob,json', `--output=shard-${shard}-results`],
          {
            PLAYWRIGHT_BLOB_OUTPUT_DIR: blobs,
          },
        );
        return { blobs, ...run };
      }),
    );
    for (const { stats, output, status } of shards) {
      expect(stats.unexpected, output).toBe(0);
      expect(status, output).toBe(0);
      expect(stats.expected, 'each half ran something').toBeGreaterThan(0);
    }
    // The merge job downloads every shard's blob into one folder.
    const all = join(project, 'all-blob-reports');
    await mkdir(all);
    for (const { blobs } of shards) for (const file of await readdir(blobs)) await copyFile(join(blobs, file), join(all, file));
    expect((await readdir(all)).filter((f) => f.endsWith('.zip'))).toHaveLength(2);
    const merged = await playwright(project, 'merged', ['merge-reports', '--reporter=line,json,./steps.mjs', all]);
    // Every example ran, in exactly one shard.
    expect(merged.stats, merged.output).toMatchObject({ expected: specs.length, unexpected: 0, flaky: 0 });
    expect(shards[0]!.stats.expected + shards[1]!.stats.expected).toBe(specs.length);
    const steps = JSON.parse(await readFile(join(project, 'steps.json'), 'utf8')) as { title: string; file: string }[];
    expect(steps.length, 'the examples make steps').toBeGreaterThan(specs.length);
    expect(steps.filter((step) => !step.file.includes(`${project}/tests/`))).toEqual([]);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});

/**
 * What a fragment may take as given: the kit's imports, and the names the text around it defines
 * (a test's `page` and `wallet`, the page's `request` helper, a PSBT built by the app).
 */
const KIT = "import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';\nvoid [test, expect, expectedAddresses];\n";
const GIVEN = `declare const page: import('mock-wallet-provider/testing').Page;
declare const wallet: import('mock-wallet-provider/testing').Wallet;
declare const request: (method: string, params?: object) => Promise<{ result: Record<string, string> }>;
declare const psbtHex: string;
void [page, wallet, request, psbtHex];
`;

test('every fragment in README and docs/ type-checks against the kit, strict', async () => {
  test.setTimeout(60_000);
  const found = examples('fragment');
  expect(found.length).toBeGreaterThan(3);
  const project = await newcomer('fragments-');
  try {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [] },
        include: ['tests'],
      }),
    );
    await Promise.all(
      found.map((e, i) => {
        // A fragment that imports from the kit itself is not given the kit's imports again.
        const own = e.code.includes("from 'mock-wallet-provider/testing'");
        return writeFile(join(project, 'tests', `fragment${i}.mts`), `// ${where(e)}\n${own ? '' : KIT}${GIVEN}${e.code}\nexport {};\n`);
      }),
    );
    const tsc = spawnSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
      cwd: project,
      encoding: 'utf8',
      timeout: 55_000,
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
