// `npm start`, as a developer runs it: headless (it clicks through itself) and headed.
import { test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const start = join(repo, 'scripts', 'start.ts');

test('headless: connects through the real window, sends a transfer on the embedded chain that a block confirms, prints the response, saves both screenshots, leaves no profile behind', async () => {
  test.setTimeout(90_000);
  const cwd = await mkdtemp(join(tmpdir(), 'npm-start-'));
  try {
    // DEMO_PORT 0: any free port, beside the suite's own demo server. TMPDIR of its own: what it leaves there is its.
    const temp = join(cwd, 'tmp');
    await mkdir(temp);
    const run = spawnSync(process.execPath, [tsx, start, '--headless'], {
      cwd,
      encoding: 'utf8',
      timeout: 80_000,
      env: { ...process.env, DEMO_PORT: '0', TMPDIR: temp },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(await leftProfiles(temp)).toEqual([]);
    const response = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1));
    // m/84'/1'/0'/0/0 of the test mnemonic (tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl on testnet) on regtest.
    expect(response.result.addresses.find((a: { type?: string }) => a.type === 'p2wpkh').address).toMatch(/^bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9p/);
    expect(run.stdout).toContain('Connected: Account 1 (regtest)');
    // 1 BTC at start, less 10 000 sats paid to its own Taproot address and the fee.
    expect(run.stdout).toMatch(/Balance: 0\.9998\d+ BTC; Confirmed in block \d+: [0-9a-f]{64}/);
    for (const shot of ['demo.png', 'approval-window.png']) {
      const png = await readFile(join(cwd, 'out', shot));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect((await stat(join(cwd, 'out', shot))).size).toBeGreaterThan(5_000);
    }
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
});

const xvfb = spawnSync('sh', ['-c', 'command -v xvfb-run'], { encoding: 'utf8' }).stdout.trim();

test('headed: with a display it opens Chromium on the demo and waits for the developer; Ctrl-C stops it and leaves no profile behind', async () => {
  test.skip(!xvfb, 'needs xvfb-run for a display (as root, npm test installs it)');
  test.setTimeout(60_000);
  const temp = await mkdtemp(join(tmpdir(), 'npm-start-tmp-'));
  const child = spawn(xvfb, ['-a', process.execPath, tsx, start], { cwd: repo, env: { ...process.env, DEMO_PORT: '0', TMPDIR: temp }, detached: true });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await expect.poll(() => out, { timeout: 45_000 }).toContain('Chromium is open on the demo dApp');
    expect(out).toContain('Click "Connect wallet"');
    expect(child.exitCode).toBeNull(); // still waiting for the developer
    expect(await leftProfiles(temp)).toHaveLength(1); // the open browser's
    // Ctrl-C: the terminal signals the whole foreground group.
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    expect(await leftProfiles(temp)).toEqual([]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    await rm(temp, { recursive: true, force: true });
  }
});

/** The kit's Chromium profiles in a temporary folder (src/kit/profile-dir.ts names them). */
const leftProfiles = async (temp: string): Promise<string[]> => (await readdir(temp)).filter((name) => name.startsWith('mock-wallet-'));
