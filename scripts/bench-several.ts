// npm run bench, several wallets in one process (issue #49 item 6), as a user's node:test file meets them: run by
// scripts/bench-runner.ts under node:test (`node --import tsx --test`), two Firefox and one Chromium launched side
// by side by the Puppeteer kit with its defaults (warm windows on), one page each. Each round is a test: every
// browser makes one warm getAddresses in turn, each timed from the request until the page has its answer and
// approveNext() has returned, first as calls come (the other browsers may still be making their windows again
// after their own call), then once more with every browser's warm windows ready first (the others idle: what the
// browser gets with no neighbour calling, the floor its "as calls come" call is held to). Writes its samples to
// BENCH_OUT as JSON.
//   BENCH_ROUNDS  BENCH_WARMUPS  BENCH_URL  BENCH_OUT
import { after, before, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import type { Page } from 'puppeteer-core';
import { launchWallet, type WalletSession } from '../src/puppeteer/index.ts';
import { approvedIn, untilWarm, type SeveralTimes } from './bench-firefox.ts';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 12);
const warmups = Number(process.env['BENCH_WARMUPS'] ?? 2);
const url = process.env['BENCH_URL'] ?? 'about:blank';
const samples: SeveralTimes = { asCalled: { firefox: [], chrome: [] }, othersIdle: { firefox: [], chrome: [] } };

let sessions: WalletSession[] = [];
let pages: Page[] = [];

before(async () => {
  sessions = await Promise.all(['firefox', 'firefox', 'chrome'].map((name) => launchWallet({ browser: name as 'firefox' | 'chrome' })));
  pages = await Promise.all(sessions.map((s) => s.newPage(url)));
});

after(async () => {
  await writeFile(process.env['BENCH_OUT'] ?? 'bench-several.json', JSON.stringify(samples));
  await Promise.all(sessions.map((s) => s.close()));
});

for (let i = 0; i < rounds + warmups; i++) {
  test(`round ${i}`, async () => {
    for (const othersIdle of [false, true]) {
      for (const [at, session] of sessions.entries()) {
        for (const each of othersIdle ? sessions : [session]) await untilWarm(each.wallet, `${each.browserName}, one of three browsers`);
        const took = await approvedIn(pages[at]!, session.wallet);
        if (i >= warmups) samples[othersIdle ? 'othersIdle' : 'asCalled'][session.browserName].push(took);
      }
    }
  });
}
