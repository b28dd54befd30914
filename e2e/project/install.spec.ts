// The install instructions of docs/getting-started.md, run as written in fresh projects: CommonJS and ESM, tarball and checkout.
import { test as base, expect } from '@playwright/test';
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { childEnv } from '../support/support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The child npm and Playwright must not inherit this run's own settings (worker index, npm's config).
// npm's audit and funding notices ask the registry on every install: off, as CI setups often have them.
const env = childEnv({ npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' });
const exec = promisify(execFile);
const run = (file: string, args: string[], options: { cwd: string }) => exec(file, args, { ...options, env, maxBuffer: 32 * 1024 * 1024 });

interface Packed {
  tarball: string;
  size: number;
  files: { path: string }[];
}
/**
 * The checkout packed once per worker: what it ships is read from the tarball the install tests install (a dry
 * run beside it packed everything a second time, about 1.6 s of CPU). The checkout side (npm ci, build) is what
 * `npm test` just did; this packs what it built, without prepack's rebuild, which would pull dist/ from under the
 * tests running beside. A worker fixture, removed when the worker ends: a file-level afterAll runs after each of the
 * file's test groups (in fully parallel mode each test is one, the describe below another), so it removed the
 * tarball after the first group, and the install worked only because Playwright ran the describe's group first.
 */
const test = base.extend<object, { packed: () => Promise<Packed> }>({
  packed: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      let packDir: string | undefined;
      let packing: Promise<Packed> | undefined;
      await use(
        () =>
          (packing ??= (async () => {
            packDir = await mkdtemp(join(tmpdir(), 'mock-wallet-pack-'));
            const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], { cwd: root });
            const [only] = JSON.parse(stdout) as { filename: string; size: number; files: { path: string }[] }[];
            return { tarball: join(packDir, only!.filename), size: only!.size, files: only!.files };
          })()),
      );
      if (packDir) await rm(packDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/** The shell lines Getting started shows under `<!-- install: NAME -->`, with its placeholder paths made real. */
async function readmeInstall(name: string, tarball: string): Promise<string> {
  const readme = await readFile(join(root, 'docs', 'getting-started.md'), 'utf8');
  const block = new RegExp(`<!-- install: ${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!block) throw new Error(`docs/getting-started.md has no install block "${name}"`);
  return block[1]!.replaceAll('/path/to/mock-wallet-provider-0.1.0.tgz', tarball).replaceAll('/path/to/mock-wallet-provider', root);
}

// The spec a user writes: typed against the kit and window.WalletProvider, strict.
const SPEC = `import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import type {} from 'mock-wallet-provider/window';

test('connects with Account 3', async ({ page, wallet }) => {
  await page.route('http://localhost:4321/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }));
  await page.goto('http://localhost:4321/');
  const answer = page.evaluate(() => window.WalletProvider!.request('getAddresses'));
  await wallet.approveNext({ account: 2 });
  const response = await answer;
  if (!('result' in response)) throw new Error(response.error.message);
  expect(response.result).toEqual(await expectedAddresses({ account: 2 }));
  // The kit's and the window's types arrived, not \`any\`: each misuse below is an error (were a declaration
  // unresolved under skipLibCheck, its type would read as any and the unused directive would fail instead).
  // @ts-expect-error: approveNext has no option "acount"
  void (() => wallet.approveNext({ acount: 2 }));
  // @ts-expect-error: request() takes a method name
  void (() => window.WalletProvider!.request(42));
});
`;

const projects = [
  {
    kind: 'CommonJS',
    install: 'tarball',
    skipLibCheck: false,
    runs: true,
    // module node16 cannot import any ESM-only package from CommonJS (TS1479); nodenext can. Bundler resolution
    // reads a package's "type" nowhere (it takes the `import` and `types` conditions, as the ESM project does): checked there.
    resolutions: [['nodenext', 'nodenext']],
    files: { 'package.json': '{ "name": "app", "version": "1.0.0", "private": true }' },
  },
  {
    kind: 'ESM with playwright.config.ts',
    install: 'checkout',
    // The declaration files are checked whole once, by the CommonJS project under nodenext (the same files: the
    // package's "types" condition comes first). Here each resolution resolves them, with skipLibCheck: what did not
    // resolve would read as any, which the spec's @ts-expect-error lines catch. Checking them whole three more
    // times cost 11 s of CPU.
    skipLibCheck: true,
    // Not run here: the docs' examples run in an ESM project with a playwright.config.ts (docs-examples.spec.ts), and
    // an installed copy runs in the CommonJS project; a third Playwright run and Chromium cost 4.5 s of CPU.
    runs: false,
    resolutions: [
      ['node16', 'node16'],
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ],
    files: {
      'package.json': '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }',
      'playwright.config.ts': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: 'tests', workers: 2 });\n",
    },
  },
] as const;

test('the package ships the extension, both kits, the CLI, their types, README, LICENSE and the reference pages findings cite: no sources, tests, demo or bench output', async ({
  packed,
}) => {
  const pack = await packed();
  const paths = pack.files.map((f) => f.path);
  const outside = paths.filter(
    (path) => !/^(dist\/(extension|testing|puppeteer|cli|types)\/|docs\/reference\/[a-z-]+\.md$|README\.md$|LICENSE$|package\.json$)/.test(path),
  );
  expect(outside).toEqual([]);
  expect(paths.filter((path) => /\.(test|spec)\.|\/e2e\/|\/demo\//.test(path))).toEqual([]);
  for (const needed of [
    'dist/extension/manifest.json',
    'dist/extension/background.js',
    'dist/extension/popup/approve.html',
    'dist/testing/index.js',
    'dist/cli/mock-wallet.js',
    'dist/types/playwright/index.d.ts',
    'dist/puppeteer/index.js',
    'dist/types/puppeteer/index.d.ts',
    'dist/extension/popup/control.html',
    'dist/types/window.d.ts',
    'docs/reference/contract.md',
    'LICENSE',
  ]) {
    expect(paths).toContain(needed);
  }
  // Getting started states the tarball's size; it stays within 10 % of it.
  const stated = /tarball is about ([0-9]+) KB/.exec(await readFile(join(root, 'docs', 'getting-started.md'), 'utf8'));
  expect(stated, 'Getting started states the tarball size').not.toBeNull();
  expect(Math.abs(pack.size / 1000 - Number(stated![1])) / Number(stated![1])).toBeLessThan(0.1);
});

test.describe('installing as Getting started says', { tag: '@slow' }, () => {
  // One worker runs both, in order, after one pack and one TypeScript install (in parallel mode each
  // worker ran the beforeAll: the pack and the install twice).
  test.describe.configure({ mode: 'default' });
  let dir: string;
  let tarball: string;

  test.beforeAll(async ({ packed }) => {
    test.setTimeout(120_000);
    dir = await mkdtemp(join(tmpdir(), 'mock-wallet-install-'));
    // The user's compiler (TypeScript 5, @types/node 20) is installed once, in the folder both
    // projects sit in: tsc finds node_modules/@types in a parent folder as a user's monorepo has it.
    await writeFile(join(dir, 'package.json'), '{ "name": "tools", "version": "1.0.0", "private": true }');
    [{ tarball }] = await Promise.all([packed(), run('npm', ['install', '-D', 'typescript@5', '@types/node@20'], { cwd: dir })]);
  });
  // Two projects' node_modules take seconds to delete: a detached rm does it while the worker goes on.
  test.afterAll(() => {
    spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
  });

  for (const project of projects) {
    const checks = `type-checks (${project.resolutions.map(([, r]) => r).join(', ')})`;
    test(`${project.kind}, from the ${project.install}: installs, ${project.runs ? `${checks} and runs` : checks}`, async () => {
      test.setTimeout(240_000);
      const app = join(dir, project.install);
      await mkdir(join(app, 'tests'), { recursive: true });
      for (const [name, text] of Object.entries(project.files)) await writeFile(join(app, name), text);
      await writeFile(join(app, 'tests', 'connect.spec.ts'), SPEC);
      await run('bash', ['-euo', 'pipefail', '-c', await readmeInstall(project.install, tarball)], { cwd: app });
      // Exactly one Playwright: the kit resolves the project's own copy.
      const { stdout: tree } = await run('npm', ['ls', '@playwright/test', '--all', '--parseable'], { cwd: app });
      expect(
        tree
          .trim()
          .split('\n')
          .filter((line) => line.endsWith('@playwright/test')),
      ).toEqual([join(app, 'node_modules/@playwright/test')]);

      // The user's compiler, TypeScript 5, strict (run with node: npx's own start-up is a second a call).
      // skipDefaultLibCheck: TypeScript's own lib files (lib.dom.d.ts…) are not checked again each time; in the
      // CommonJS project every other declaration file, this package's and the ones it pulls in, is (a quarter of
      // tsc's time).
      const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
      // One tsconfig per resolution, all checked by one `tsc -b` (which reads the files they share once: a
      // third less than a tsc per config); should it fail, each is checked alone to say which.
      const configs = await Promise.all(
        project.resolutions.map(async ([module, resolution]) => {
          const config = {
            compilerOptions: {
              strict: true,
              module,
              moduleResolution: resolution,
              target: 'es2022',
              noEmit: true,
              skipDefaultLibCheck: true,
              skipLibCheck: project.skipLibCheck,
            },
            include: ['tests'],
          };
          await writeFile(join(app, `tsconfig.${resolution}.json`), JSON.stringify(config));
          return `tsconfig.${resolution}.json`;
        }),
      );
      const check = (args: string[]): Promise<string> =>
        run(process.execPath, [tsc, ...args], { cwd: app }).then(
          () => 'ok',
          (e: { stdout?: string }) => e.stdout ?? String(e),
        );
      if ((await check(['-b', ...configs])) !== 'ok') {
        const alone = await Promise.all(configs.map((config) => check(['-p', config])));
        project.resolutions.forEach(([, resolution], i) => {
          expect(alone[i], `tsc with moduleResolution ${resolution}`).toBe('ok');
        });
        throw new Error('tsc -b failed where each config alone passes');
      }

      if (!project.runs) return;
      const ran = await run(process.execPath, [join(app, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=line'], { cwd: app }).then(
        ({ stdout }) => stdout,
        (e: { stdout?: string; stderr?: string }) => `FAILED\n${e.stdout ?? ''}${e.stderr ?? ''}`,
      );
      expect(ran).toContain('1 passed');
    });
  }
});
