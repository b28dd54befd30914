// npm test's type check, `tsc -p .` (the whole project, strict, no output), run beside the tests: playwright.config.ts
// starts it as its global setup, so it takes the core the runner leaves idle while it loads the test files, instead of
// running before them (about 3 s of `npm test`). The run ends failed, with tsc's report, when it does not pass. Only
// under `npm test` and `npm run test:fast`: a run of one file, `npx playwright test …`, does not pay for it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** tsc's report, empty when the project type-checks. */
export function typecheck(): Promise<string> {
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  return promisify(execFile)(process.execPath, [tsc, '-p', `${root}tsconfig.json`], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    () => '',
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}

/** Playwright's global setup: starts the check; the teardown it returns waits for it and fails the run on errors. */
export default function globalSetup(): (() => Promise<void>) | undefined {
  if (!['test', 'test:fast'].includes(process.env['npm_lifecycle_event'] ?? '')) return undefined;
  const report = typecheck();
  return async () => {
    const errors = await report;
    if (errors) throw new Error(`tsc -p . failed:\n${errors}`);
  };
}
