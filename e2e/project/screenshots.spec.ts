// README's pictures come from the real extension: the script that takes them still works, and takes both.
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repo } from '../support/docs.ts';

/** Width and height from a PNG's IHDR chunk. */
const size = (png: Buffer): { width: number; height: number } => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('npm run screenshots takes the approval window and a report with a finding, from the real extension', { tag: '@slow' }, async () => {
  test.setTimeout(120_000);
  const out = await mkdtemp(join(tmpdir(), 'screenshots-'));
  try {
    await promisify(execFile)(process.execPath, [join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repo, 'scripts', 'screenshots.ts'), out], {
      cwd: repo,
      timeout: 110_000,
    });
    for (const name of ['approval-window.png', 'report-finding.png']) {
      const png = await readFile(join(out, name));
      expect(png.subarray(1, 4).toString(), name).toBe('PNG');
      expect(size(png).width, name).toBeGreaterThan(300);
    }
    // README shows the committed copies of the same pictures.
    const readme = await readFile(join(repo, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/images/approval-window.png)');
    expect(readme).toContain('](docs/images/report-finding.png)');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
