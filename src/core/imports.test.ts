// The core's modules import each other without circles (type-only imports included):
// each can be read, tested and bundled on its own.
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORE = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports and re-exports of a file, resolved to paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s));
}

/** Every circle found by a depth-first walk, as the list of files around it. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

test('the walk finds a circle when there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(circles(graph)).toEqual([['a', 'b', 'c', 'a']]);
});

test('src/core has no import circles', () => {
  const files = sources(CORE);
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.startsWith(CORE))]));
  expect(files.length).toBeGreaterThan(20);
  const named = circles(graph).map((circle) => circle.map((file) => relative(CORE, file)).join(' → '));
  expect(named).toEqual([]);
});
