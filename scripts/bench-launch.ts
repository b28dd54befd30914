// npm run bench, Firefox's launch as a user's node:test file meets it (run by scripts/bench-runner.ts under
// node:test, quiet and busy): each round is a test that calls launchWallet({ browser: 'firefox' }), as a before()
// hook does, until it returns ready to call (the wallet installed, its control page open, its profile a copy of
// the kit's template, src/puppeteer/firefox-profile.ts), then Puppeteer's own Firefox launch on a new profile with
// nothing installed (the floor); each is closed after. Writes its samples to BENCH_OUT as JSON.
//   BENCH_ROUNDS  BENCH_WARMUPS  BENCH_OUT
import { after, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { findFirefox } from '../src/kit/setup.ts';
import { launchWallet } from '../src/puppeteer/index.ts';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 6);
const warmups = Number(process.env['BENCH_WARMUPS'] ?? 1);
const samples = { launch: [] as number[], floor: [] as number[] };

after(() => writeFile(process.env['BENCH_OUT'] ?? 'bench-launch.json', JSON.stringify(samples)));

for (let i = 0; i < rounds + warmups; i++) {
  test(`round ${i}`, async () => {
    let started = performance.now();
    const session = await launchWallet({ browser: 'firefox' });
    const launch = performance.now() - started;
    await session.close();
    started = performance.now();
    const bare = await puppeteer.launch({ browser: 'firefox', executablePath: findFirefox(), headless: true });
    const floor = performance.now() - started;
    await bare.close();
    if (i < warmups) return;
    samples.launch.push(launch);
    samples.floor.push(floor);
  });
}
