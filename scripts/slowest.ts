// npm run slowest: the 20 slowest tests of the last `npm test` (its JSON report, out/test-report.json),
// written into docs/architecture.md between its slowest markers, with the run's wall time.
import { readFile, writeFile } from 'node:fs/promises';

const REPORT = process.argv[2] ?? 'out/test-report.json';
const DOC = 'docs/architecture.md';
const START = '<!-- slowest:start -->';
const END = '<!-- slowest:end -->';

interface Result {
  duration: number;
  status: string;
}
interface Spec {
  title: string;
  file: string;
  line: number;
  tests: { projectName: string; results: Result[] }[];
}
interface Suite {
  file?: string;
  specs?: Spec[];
  suites?: Suite[];
}
interface Report {
  config: { workers: number };
  stats: { startTime: string; duration: number; expected: number; unexpected: number; skipped: number };
  suites: Suite[];
}

let report: Report;
try {
  report = JSON.parse(await readFile(REPORT, 'utf8')) as Report;
} catch (error) {
  console.error(`slowest: no report at ${REPORT} (run npm test first): ${String(error)}`);
  process.exit(2);
}

const rows: { ms: number; project: string; where: string; title: string }[] = [];
// A skipped test (a walletProjects suite on a wallet its connector does not list) ran nothing: not a row.
const walk = (suite: Suite): void => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results)
        if (result.status !== 'skipped') rows.push({ ms: result.duration, project: test.projectName, where: `${spec.file}:${spec.line}`, title: spec.title });
  for (const child of suite.suites ?? []) walk(child);
};
report.suites.forEach(walk);
rows.sort((a, b) => b.ms - a.ms);
const total = rows.reduce((sum, r) => sum + r.ms, 0);
const cell = (text: string): string => text.replaceAll('|', '\\|');
const table = [
  `From a run of ${report.stats.startTime.slice(0, 10)}: ${rows.length} tests run (${report.stats.skipped} skipped), wall ${(report.stats.duration / 1000).toFixed(0)} s, the tests' own times summed ${(total / 1000).toFixed(0)} s (${report.config.workers} workers).`,
  '',
  '| s | project | test | where |',
  '|---:|---|---|---|',
  ...rows
    .slice(0, 20)
    .map((r) => `| ${(r.ms / 1000).toFixed(1)} | ${r.project} | ${cell(r.title.length > 90 ? `${r.title.slice(0, 89)}…` : r.title)} | \`${r.where}\` |`),
].join('\n');

const doc = await readFile(DOC, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) {
  console.error(`slowest: ${DOC} has no ${START} … ${END} section`);
  process.exit(2);
}
await writeFile(DOC, `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`);
console.log(`${DOC}: the 20 slowest of ${rows.length} tests run, from ${REPORT}`);
