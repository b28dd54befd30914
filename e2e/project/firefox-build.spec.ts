// One build for both browsers: Mozilla's own linter finds no error in dist/extension, and
// every warning it gives is one we know and accept, for the reason written here.
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Warnings that do not matter, each with why. */
const ACCEPTED: Record<string, string> = {
  // Chrome needs it; Firefox runs background.scripts, built from the same file.
  BACKGROUND_SERVICE_WORKER_IGNORED: 'manifest.json',
  // lodash's global lookup inside @stacks/transactions (`Function("return this")`), never reached: `self` exists in both backgrounds.
  DANGEROUS_EVAL: 'background.js',
};

test('web-ext lint: no errors, and only the warnings we accept', async () => {
  test.setTimeout(120_000);
  const lint = await promisify(execFile)(
    process.execPath,
    [`${root}node_modules/web-ext/bin/web-ext.js`, 'lint', '--source-dir', `${root}dist/extension`, '--output', 'json', '--no-config-discovery'],
    { cwd: root, maxBuffer: 10_000_000 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(lint.stdout) as { errors: { code: string; message: string }[]; warnings: { code: string; file?: string; message: string }[] };
  expect(report.errors).toEqual([]);
  const unexpected = report.warnings.filter((w) => ACCEPTED[w.code] !== w.file);
  expect(unexpected.map((w) => `${w.code} (${w.file}): ${w.message}`)).toEqual([]);
});

test('the manifest carries both backgrounds from one file, and the gecko id the Firefox kit reads', async () => {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(await readFile(`${root}dist/extension/manifest.json`, 'utf8')) as {
    background: { service_worker: string; scripts: string[] };
    browser_specific_settings: { gecko: { id: string } };
    web_accessible_resources: { resources: string[] }[];
  };
  expect(manifest.background).toEqual({ service_worker: 'background.js', scripts: ['background.js'] });
  expect(manifest.browser_specific_settings.gecko.id).toMatch(/@/);
  // Only the script-less control page is reachable from web pages.
  expect(manifest.web_accessible_resources.flatMap((r) => r.resources)).toEqual(['popup/control.html']);
  expect(await readFile(`${root}dist/extension/popup/control.html`, 'utf8')).not.toMatch(/<script/i);
});
