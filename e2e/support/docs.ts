// README.md and docs/*.md as the tests read them: their pages, their marked examples, their links.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface DocPage {
  /** Path from the repository root: README.md, docs/methods.md … */
  path: string;
  text: string;
}

export function docPages(): DocPage[] {
  const pages = (dir: string): string[] =>
    readdirSync(join(repo, dir))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `${dir}/${f}`);
  const docs = [...pages('docs'), ...pages('docs/reference')];
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(repo, path), 'utf8') }));
}

export interface Example {
  page: string;
  /** 1-based line of the code block's opening fence. */
  line: number;
  code: string;
}

/** The code blocks right after `<!-- example: KIND -->`, in every page. */
export function examples(kind: string): Example[] {
  const found: Example[] = [];
  for (const page of docPages()) {
    const pattern = new RegExp(`<!-- example: ${kind} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``, 'g');
    for (const match of page.text.matchAll(pattern)) {
      found.push({ page: page.path, line: page.text.slice(0, match.index).split('\n').length + 1, code: match[1]! });
    }
  }
  return found;
}

/** One page's text outside code blocks (links and headings in code are not links or headings). */
export const prose = (text: string): string => text.replace(/```[\s\S]*?```/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
export const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a page's headings make, with GitHub's -1, -2 … for repeats. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every markdown link and image target in a page's prose, with its line. */
export function links(text: string): { target: string; line: number }[] {
  const body = prose(text);
  return [...body.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(([^)\s]+)\)/g)].map((m) => ({ target: m[1]!, line: body.slice(0, m.index).split('\n').length }));
}
