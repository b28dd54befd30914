// The docs hold together: every link between pages (and to a heading) resolves, README stays a short front
// door whose links stay inside the repository, and every marked example is run or type-checked.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, normalize } from 'node:path';
import { anchors, docPages, examples, links, repo } from '../support/docs.ts';
import { runCli } from '../../src/cli/cli.ts';

// No browser here: one worker runs them in order (under fullyParallel each took a Node worker of its own, about 1 s of CPU each).
test.describe.configure({ mode: 'default' });

test('every link in README and docs/ resolves: to a file of the repository, and to a heading of it', () => {
  const pages = docPages();
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const broken: string[] = [];
  for (const page of pages) {
    for (const { target, line } of links(page.text)) {
      if (/^(https?|mailto):/.test(target)) {
        if (page.path === 'README.md') broken.push(`${page.path}:${line} ${target} leaves the repository (README's links stay inside it)`);
        continue;
      }
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const path = file === '' ? page.path : normalize(join(dirname(page.path), file));
      if (path.startsWith('..') || !existsSync(join(repo, path))) {
        broken.push(`${page.path}:${line} ${target}: no such file`);
        continue;
      }
      if (anchor !== undefined) {
        const linked = byPath.get(path);
        if (!linked) broken.push(`${page.path}:${line} ${target}: an anchor into a file that is not a doc page`);
        else if (!anchors(linked.text).has(anchor)) broken.push(`${page.path}:${line} ${target}: ${path} has no heading #${anchor}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

test("every '§' the code cites is a section of that reference page", () => {
  const sections = new Map<string, Set<string>>();
  const sectionsOf = (page: string): Set<string> => {
    let found = sections.get(page);
    if (!found)
      sections.set(
        page,
        (found = new Set([...readFileSync(join(repo, 'docs/reference', page), 'utf8').matchAll(/^#{2,4} §?([0-9]+(?:\.[0-9]+)*) /gm)].map((m) => `§${m[1]}`))),
      );
    return found;
  };
  const missing: string[] = [];
  for (const file of sourceFiles(['src', 'e2e', 'test', 'popup', 'scripts'])) {
    for (const [, page, section] of readFileSync(file, 'utf8').matchAll(/docs\/reference\/([a-z-]+\.md) (§[0-9]+(?:\.[0-9]+)*)/g)) {
      if (!existsSync(join(repo, 'docs/reference', page!))) missing.push(`${file}: docs/reference/${page} does not exist`);
      else if (!sectionsOf(page!).has(section!)) missing.push(`${file}: docs/reference/${page} has no ${section}`);
    }
  }
  expect(missing).toEqual([]);
});

/** The TypeScript files under these folders. */
function sourceFiles(folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  };
  for (const folder of folders) walk(join(repo, folder));
  return out;
}

test("docs/wallets.md's matrix example is what the suite runs: its spec is e2e/connectors/apps/matrix.spec.ts, each of its wallets a project of this config's", () => {
  const [spec] = examples('matrix-spec');
  const [config] = examples('matrix-config');
  expect(spec?.code).toBe(readFileSync(join(repo, 'e2e/connectors/apps/matrix.spec.ts'), 'utf8'));
  const call = /walletProjects\((\[[^\]]*\])/.exec(config?.code ?? '')?.[1];
  expect(call, 'the config example calls walletProjects').toBeDefined();
  const listed = JSON.parse(call!.replaceAll("'", '"')) as string[];
  expect(listed.length).toBeGreaterThan(0);
  for (const name of listed) expect(appsProjects(), `${name} is an apps project`).toContain(`'${name}'`);
});

/** The wallets of this config's apps projects (walletProjects' list), as written there. */
function appsProjects(): string {
  // Whitespace collapsed: the formatter decides where the config's lines break.
  const config = readFileSync(join(repo, 'playwright.config.ts'), 'utf8').replace(/\s+/g, ' ');
  const list = /walletProjects\((\[[^\]]*\]), \{ name: 'apps', testDir: 'e2e\/connectors\/apps'/.exec(config)?.[1];
  expect(list, "the config has walletProjects(…, { name: 'apps', testDir: 'e2e/connectors/apps' … })").toBeDefined();
  return list!;
}

/** The table's connector columns, in order, and what a spec that goes through each one holds. */
const CONNECTORS: [string, RegExp][] = [
  ['LaserEyes', /lasereyes/],
  ['bigmi', /bigmi/],
  ['sats-connect', /sats-connect|sats\.html|pickinsatsconnect/],
  ['@stacks/connect', /@stacks\/connect|connect\.html|pickinconnectmodal/],
  ['Reown AppKit', /appkit/],
  ['Dynamic', /dynamic/],
];

test("docs/wallets.md's wallet × connector table: each marked cell names a spec that exists and drives that wallet (the apps suites': a project of this config)", () => {
  const text = readFileSync(join(repo, 'docs/wallets.md'), 'utf8');
  const header = text.split('\n').find((line) => line.startsWith('| wallet | LaserEyes |'));
  expect(header, 'the table is there').toBeDefined();
  const apps = appsProjects();
  let marked = 0;
  for (const line of text.split('\n').filter((l) => /^\| [a-z]+ \| /.test(l) && text.indexOf(l) > text.indexOf(header!))) {
    const [wallet, ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    cells.forEach((cell, column) => {
      if (!cell.startsWith('✓')) return;
      const spec = /`([^`]+\.spec\.ts)`/.exec(cell)?.[1];
      expect(spec, `${wallet}: "${cell}" names its spec`).toBeDefined();
      const source = readFileSync(join(repo, spec!), 'utf8').toLowerCase();
      // A suite of the apps projects runs once per wallet: the wallet is one of them, and the suite names it.
      if (spec!.startsWith('e2e/connectors/apps/')) expect(apps, `${wallet} is an apps project`).toContain(`'${wallet}'`);
      expect(source, `${spec} drives ${wallet}`).toContain(wallet);
      // The column's connector drives it there: its package, its demo page or the kit's picker for it.
      expect(source, `${spec} goes through ${CONNECTORS[column]![0]}`).toMatch(CONNECTORS[column]![1]);
      marked++;
    });
  }
  expect(marked).toBeGreaterThanOrEqual(30);
});

test('README is a front door: under ~200 lines, and every docs/ page is linked from it', () => {
  const [readme, ...docs] = docPages();
  expect(readme!.text.split('\n').length).toBeLessThan(210);
  const linked = new Set(links(readme!.text).map((l) => l.target.split('#')[0]));
  expect(docs.map((d) => d.path).filter((path) => !linked.has(path))).toEqual([]);
});

test('every docs/ page opens with its title and what a reader comes for', () => {
  for (const page of docPages().slice(1)) {
    const [title, blank, first] = page.text.split('\n');
    expect(title, page.path).toMatch(/^# /);
    expect(blank, page.path).toBe('');
    expect(first, page.path).toMatch(/^What you come here for/);
  }
});

test('the marked examples are there: complete Playwright tests, a node:test file, fragments', () => {
  expect(
    examples('playwright')
      .map((e) => e.page)
      .sort(),
  ).toEqual(['README.md', 'docs/methods.md', 'docs/methods.md', 'docs/unisat.md', 'docs/xverse.md']);
  expect(examples('node-test')).toHaveLength(1);
  expect(examples('fragment').length).toBeGreaterThan(3);
});

test('the CLI lines in the docs run as written and print an answer: the JSON-RPC envelope, or the bare result UniSat, OKX and Magic Eden pages get', async () => {
  const lines = examples('cli').flatMap((e) => e.code.split('\n').filter((l) => l.startsWith('npm run --silent wallet -- ')));
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) {
    const args = [...line.slice('npm run --silent wallet -- '.length).matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
    // In this process: src/cli/cli.test.ts shows the bin prints what runCli returns, with its exit code.
    const run = await runCli(args);
    expect(run.stderr, line).toBe('');
    expect(run.status, line).toBe(0);
    const printed = JSON.parse(run.stdout);
    if (/--as (unisat|okx|magiceden)/.test(line)) expect(printed, line).toEqual(expect.anything());
    else expect(printed, line).toMatchObject({ jsonrpc: '2.0', result: expect.anything() });
  }
});

test("a fact that drifts is checked, not trusted: the Firefox the docs say Debian's firefox-esr is, is the one installed here", () => {
  const stated = /\(Firefox ([0-9]+), what Debian's\s+`firefox-esr` is/.exec(readFileSync(join(repo, 'docs/puppeteer-and-firefox.md'), 'utf8'))?.[1];
  expect(stated, 'docs/puppeteer-and-firefox.md states the firefox-esr version').toBeDefined();
  const installed = spawnSync('firefox-esr', ['--version'], { encoding: 'utf8' });
  test.skip(installed.error !== undefined, 'firefox-esr is not installed here');
  expect(/Firefox ([0-9]+)\./.exec(installed.stdout)?.[1], 'update the version docs/puppeteer-and-firefox.md states').toBe(stated);
});
