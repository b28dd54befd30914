// A wallet is its folder and its line in the table (docs/architecture.md, "Add a wallet"): the shared code
// (core, the worker, the relay, the page port, the kits, the CLI, the chain, the windows) imports no wallet's
// folder and names no wallet in its code, so that adding one changes nothing there. The contract's provider
// is the exception for names: the contract is written in Leather's dialect (its 'leather' output variant,
// Leather's network names), docs/reference/contract.md.
import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_WALLET, IDENTITY_NAMES, WALLETS } from './index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WALLETS_DIR = join(ROOT, 'src/wallets');
const SHARED = [
  'src/core',
  'src/background',
  'src/content',
  'src/page',
  'src/shared',
  'src/kit',
  'src/playwright',
  'src/puppeteer',
  'src/cli',
  'src/chain',
  'popup',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|html)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The code of a file without its comments (// and block comments, HTML comments), strings kept. */
export function withoutComments(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === quote) quote = undefined;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1 || text.length;
    } else if (text.startsWith('<!--', i)) {
      i = text.indexOf('-->', i + 4) + 2 || text.length;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
    }
  }
  return out;
}

/** What a shared file does that only a wallet's folder may: the wallet folders it imports, the wallets it names. */
function breaches(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'/g)) {
    if (!specifier) continue;
    const target = relative(WALLETS_DIR, resolve(dirname(file), specifier));
    if (!target.startsWith('..') && target.includes('/')) found.push(`imports ${specifier}`);
  }
  const code = withoutComments(text);
  for (const name of IDENTITY_NAMES) if (new RegExp(`\\b${name}\\b`, 'i').test(code)) found.push(`names ${name}`);
  return found;
}

test('the comment stripper keeps strings and drops comments', () => {
  expect(withoutComments("a // okx\nb /* unisat */ 'x // y' <!-- z -->c")).toBe("a \nb  'x // y' c");
});

test('the check finds a wallet folder imported and a wallet named', () => {
  const probe = join(ROOT, 'src/core/probe.ts');
  const text = "import { xverse } from '../wallets/xverse/index.ts';\nconst name = 'unisat';";
  const specifier = text.match(/'(\.[^']+)'/)![1]!;
  expect(relative(WALLETS_DIR, resolve(dirname(probe), specifier))).toBe('xverse/index.ts');
  expect(IDENTITY_NAMES.filter((name) => new RegExp(`\\b${name}\\b`, 'i').test(withoutComments(text)))).toEqual(['xverse', 'unisat']);
});

test('shared code imports no wallet folder and names no wallet', () => {
  const checked = SHARED.flatMap((dir) => files(join(ROOT, dir)));
  expect(checked.length).toBeGreaterThan(100);
  const found = checked.flatMap((file) => breaches(file).map((breach) => `${relative(ROOT, file)}: ${breach}`));
  expect(found).toEqual([]);
});

test("each wallet's docs page exists, and docs/wallets.md names every wallet a page can also find", () => {
  const wallets = readFileSync(join(ROOT, 'docs/wallets.md'), 'utf8');
  for (const record of Object.values(WALLETS)) {
    expect(() => readFileSync(join(ROOT, record.docs)), `${record.name}: ${record.docs}`).not.toThrow();
    if (record.name !== CONTRACT_WALLET) expect(wallets, record.title).toContain(record.title);
  }
});

test("the kits read the approval window only through its typed contract (src/shared/approval-window.ts), never by the window's element ids", () => {
  const kits = ['src/kit', 'src/playwright', 'src/puppeteer'].flatMap((dir) => files(join(ROOT, dir)));
  const reading = kits.filter((file) => /getElementById\(/.test(withoutComments(readFileSync(file, 'utf8')))).map((file) => relative(ROOT, file));
  expect(reading).toEqual([]);
});
