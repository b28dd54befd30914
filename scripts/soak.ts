// npm run soak -- [--rounds N] [--seed S] [--cold-windows]: approvals through real windows and the
// kit while the service worker is stopped at random moments, and in a fifth of the rounds the
// extension's renderer processes are killed (its worker and windows with them) a few ms after the
// page calls, as its window is taken; counts answered, lost, duplicated and log mismatches. Windows
// are warm (setting warmWindow, as the kit's fixtures have it) unless --cold-windows: then every
// request's window is created for it.
// A quarter of the rounds are STX transfers sent to a loopback node: each must reach it exactly once
// (same bytes on a resend, never a second transaction), with gapless nonces. A fifth are Bitcoin
// transfers on the embedded regtest chain, mined after each: each page's txid confirmed there, and
// the account's balance down by exactly their amounts and fees (a second transaction, sent or
// refused as a double spend, would show).
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { Wallet, WalletBrowser } from '../src/playwright/index.ts';
import { startDemoServer } from '../e2e/demo/server.ts';
import { seededRandom } from '../src/core/random.ts';
import { loopbackNode } from '../e2e/support/loopback-node.ts';
import { startChain } from '../src/chain/index.ts';
import { killExtensionRenderers } from '../e2e/support/kill-renderers.ts';

export interface SoakReport {
  seed: number;
  warmWindow: boolean;
  rounds: number;
  /** Rounds whose request met a renderer kill as its window was taken. */
  kills: number;
  answered: number;
  lost: number;
  duplicated: number;
  logMismatches: number;
  /** Transfer rounds, and what the loopback node received. */
  broadcasts: { rounds: number; posts: number; transactions: number; duplicatedSends: number; nonceGaps: number };
  /** Bitcoin transfer rounds on the chain: confirmed there, and what the account's balance says of any other transaction. */
  bitcoin: { rounds: number; confirmed: number; unaccountedSats: number };
  details: string[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Whether the page's renderer still runs scripts (a killed one's page stays listed, crashed). */
const responds = (page: Page): Promise<boolean> =>
  page.evaluate('1').then(
    () => true,
    () => false,
  );

type PageState = { answers: Record<string, number>; results: Record<string, { ok: boolean; code?: number }> };

export async function soak(options: {
  rounds: number;
  seed: number;
  baseURL: string;
  browser?: WalletBrowser;
  warmWindow?: boolean;
  progress?: (line: string) => void;
}): Promise<SoakReport> {
  const warmWindow = options.warmWindow ?? true;
  const rand = seededRandom(options.seed);
  const browser = options.browser ?? (await WalletBrowser.launch({ baseURL: options.baseURL }));
  const wallet = new Wallet(browser);
  const report: SoakReport = {
    seed: options.seed,
    warmWindow,
    rounds: options.rounds,
    kills: 0,
    answered: 0,
    lost: 0,
    duplicated: 0,
    logMismatches: 0,
    broadcasts: { rounds: 0, posts: 0, transactions: 0, duplicatedSends: 0, nonceGaps: 0 },
    bitcoin: { rounds: 0, confirmed: 0, unaccountedSats: 0 },
    details: [],
  };
  const node = await loopbackNode();
  const chain = await startChain({ accounts: 2, stacks: false });
  const [payer, payee] = chain.accounts;
  const sentTxids: string[] = [];
  try {
    await wallet.reset();
    await wallet.setSettings({ accountCount: 100, stacksNodeUrl: node.url, warmWindow, network: 'regtest', bitcoinBroadcastUrl: chain.bitcoin.url });
    const page = await browser.context.newPage();
    await page.goto(`${options.baseURL}/blank.html`);
    // The page counts every answer it gets per request: more than one is a duplicate.
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await page.evaluate(`window.__soak = { answers: {}, results: {} };
      window.__soakCall = (m, tag) => {
        const done = (ok) => (r) => {
          window.__soak.answers[tag] = (window.__soak.answers[tag] ?? 0) + 1;
          window.__soak.results[tag] = ok ? { ok } : { ok, code: r && r.error && r.error.code };
        };
        const params = m === 'signMessage' ? { message: tag } : m === 'stx_transferStx' ? { recipient: '${payee!.stx}', amount: tag.split(' ')[1] + '1' }
          : m === 'sendTransfer' ? { recipients: [{ address: '${payee!.p2wpkh}', amount: '10000' }], network: 'devnet', account: 0 } : undefined;
        window.WalletProvider.request(m, params).then((r) => { if (m === 'sendTransfer') window.__soak.txids[tag] = r.result.txid; done(true)(r); }, done(false));
      };
      window.__soak.txids = {};`);
    const seen = new Set<string>();
    for (let round = 0; round < options.rounds; round++) {
      const tag = `round ${round}`;
      const pick = rand();
      const method = pick < 0.3 ? 'getAddresses' : pick < 0.55 ? 'signMessage' : pick < 0.8 ? 'stx_transferStx' : 'sendTransfer';
      if (method === 'stx_transferStx') report.broadcasts.rounds++;
      if (method === 'sendTransfer') report.bitcoin.rounds++;
      const account = Math.floor(rand() * 100); // mostly accounts never derived before: the slow path
      await page.evaluate(([m, t]) => (window as unknown as { __soakCall(m: string, t: string): void }).__soakCall(m, t), [method, tag] as const);
      // The extension's renderers killed a few ms after the call: before, while or after its window is taken.
      const killAfter = rand() < 0.2 ? Math.floor(rand() * 40) : undefined;
      if (killAfter !== undefined) {
        report.kills++;
        await sleep(killAfter);
        killExtensionRenderers();
      }
      let prompt = await wallet.nextPrompt({ timeout: 10_000 }).catch(() => undefined);
      // The window handed out first may be the one that died: the request's new window follows.
      while (prompt && killAfter !== undefined && !(await responds(prompt.page))) prompt = await wallet.nextPrompt({ timeout: 10_000 }).catch(() => undefined);
      if (!prompt) {
        report.lost++;
        for (const p of await wallet.pending()) seen.add(p.id); // this round's, left waiting
        report.details.push(
          `${tag}: no approval window came within 10 s (${method}${killAfter === undefined ? '' : `, renderers killed ${killAfter} ms after the call`})`,
        );
        options.progress?.(`${tag}: LOST (no window)`);
        continue;
      }
      // This round's request: one lost earlier may still be waiting.
      const pending = (await wallet.pending()).find((p) => !seen.has(p.id));
      if (!pending) throw new Error(`${tag}: a window opened but no new request is pending`);
      seen.add(pending.id);
      const byKit = rand() < 0.5;
      const stopAfter = Math.floor(rand() * 40);
      // Decide, and stop the worker a few milliseconds later, at a random point of the path.
      const deciding = byKit
        ? wallet.approve(pending.id, method === 'getAddresses' ? { account } : {}).catch(() => undefined)
        : (method === 'getAddresses' ? prompt.selectAccount(Math.min(account, 99)).catch(() => undefined) : Promise.resolve()).then(() =>
            prompt.page
              .getByRole('button', { name: 'Approve', exact: true })
              .click({ force: true, timeout: 5_000 })
              .catch(() => undefined),
          );
      await sleep(stopAfter);
      await wallet.stopServiceWorker().catch(() => undefined);
      await deciding;
      // A person whose click went nowhere clicks again; the kit approves again if still waiting.
      // The page is looked at every 100 ms; the person clicks again every half second.
      const deadline = Date.now() + 20_000;
      let answered = false;
      let nudgeAt = Date.now() + 500;
      while (Date.now() < deadline) {
        answered = await page.evaluate((t) => (window as unknown as { __soak: PageState }).__soak.answers[t] !== undefined, tag);
        if (answered) break;
        await sleep(100);
        if (Date.now() < nudgeAt) continue;
        nudgeAt = Date.now() + 500;
        const approveButton = prompt.page.getByRole('button', { name: 'Approve', exact: true });
        if (!prompt.page.isClosed() && (await approveButton.isEnabled().catch(() => false))) {
          await approveButton.click({ force: true, timeout: 2_000 }).catch(() => undefined);
        } else if (byKit) {
          await wallet.approve(pending.id).catch(() => undefined); // refused once decided: that is fine
        }
      }
      const faults = `${killAfter === undefined ? '' : `renderers killed ${killAfter} ms after the call, `}stop after ${stopAfter} ms`;
      options.progress?.(`${tag}: ${answered ? 'answered' : 'LOST'} (${method}, ${byKit ? 'kit' : 'click'}, ${faults})`);
      if (!answered) {
        report.lost++;
        const window = prompt.page.isClosed()
          ? 'its window is closed'
          : `its window shows "${await prompt.page
              .locator('#error')
              .innerText()
              .catch(() => '?')}", Approve ${
              (await prompt.page
                .locator('#approve')
                .isEnabled()
                .catch(() => false))
                ? 'enabled'
                : 'disabled'
            }`;
        const worker = await browser.serviceWorkerStatus(); // before the kit's next call wakes it
        const still = (await wallet.pending()).some((p) => p.id === pending.id) ? 'still pending' : 'no longer pending';
        report.details.push(
          `${tag}: the page got no answer within 20 s (${method}, ${byKit ? 'kit' : 'click'}, ${faults}); ${window}; the worker was ${worker}; ${still}`,
        );
        continue;
      }
      report.answered++;
      if (method === 'sendTransfer') {
        const txid = await page.evaluate((t) => (window as unknown as { __soak: { txids: Record<string, string> } }).__soak.txids[t], tag);
        if (txid) sentTxids.push(txid);
        await chain.bitcoin.mine(); // the change confirmed: no chain of unconfirmed spends to outgrow the mempool's limits
      }
      const call = (await wallet.calls()).filter((c) => c.id === pending.id);
      if (call.length !== 1 || call[0]!.outcome !== 'approved') {
        report.logMismatches++;
        report.details.push(`${tag}: log has ${call.map((c) => c.outcome).join(', ') || 'nothing'} for ${pending.id}`);
      }
    }
    await sleep(1_500); // a late duplicate would arrive within a poll or two
    const state = await page.evaluate(() => (window as unknown as { __soak: PageState }).__soak);
    for (const [tag, count] of Object.entries(state.answers)) {
      if (count > 1) {
        report.duplicated++;
        report.details.push(`${tag}: answered ${count} times`);
      }
      if (!state.results[tag]!.ok) report.details.push(`${tag}: answered with error ${state.results[tag]!.code}`);
    }
    // Every transfer reached the node once: one transaction per round, each POSTed once, nonces 0, 1, 2…
    const txids = node.posts.map((hex) => hex);
    const distinct = new Set(txids);
    report.broadcasts.posts = node.posts.length;
    report.broadcasts.transactions = distinct.size;
    report.broadcasts.duplicatedSends = node.posts.length - distinct.size;
    // One nonce per distinct transaction (the same bytes sent again are the same transaction, which
    // a node takes once): 0, 1, 2… with none skipped, and no two transactions sharing one.
    const nonceOf = new Map(node.posts.map((hex, i) => [hex, node.nonces[i]!]));
    const perTransaction = [...nonceOf.values()];
    const nonces = [...new Set(perTransaction)].sort((a, b) => a - b);
    report.broadcasts.nonceGaps = nonces.filter((n, i) => n !== i).length + (perTransaction.length - nonces.length);
    if (report.broadcasts.transactions !== report.broadcasts.rounds)
      report.details.push(`${report.broadcasts.rounds} transfer rounds, but the node received ${report.broadcasts.transactions} distinct transactions`);
    // Every Bitcoin transfer confirmed, and the payer's coins down by exactly their amounts and fees.
    let spent = 0;
    for (const txid of sentTxids) {
      const tx = await chain.bitcoin.tx(txid).catch(() => undefined);
      if (tx?.status.confirmed) report.bitcoin.confirmed++;
      else report.details.push(`transfer ${txid}: not confirmed on the chain`);
      spent += 10_000 + (tx?.fee ?? 0);
    }
    report.bitcoin.unaccountedSats = 100_000_000 - spent - (await chain.bitcoin.balance(payer!.p2wpkh));
    if (report.bitcoin.confirmed !== report.bitcoin.rounds)
      report.details.push(`${report.bitcoin.rounds} Bitcoin transfer rounds, ${report.bitcoin.confirmed} confirmed`);
    await page.close();
  } finally {
    await chain.close();
    await node.close();
    if (!options.browser) await browser.close();
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const rounds = arg('rounds', 100);
  const seed = arg('seed', Date.now() % 1_000_000);
  const server = await startDemoServer(0); // any free port: several soaks may run at once
  const { port } = server.address() as AddressInfo;
  const warmWindow = !process.argv.includes('--cold-windows');
  console.log(
    `soak: ${rounds} rounds, seed ${seed}, ${warmWindow ? 'warm' : 'cold'} windows (replay with --seed ${seed}${warmWindow ? '' : ' --cold-windows'})`,
  );
  const started = Date.now();
  const report = await soak({ rounds, seed, baseURL: `http://127.0.0.1:${port}`, warmWindow, progress: (line) => console.error(line) });
  server.close();
  console.log(JSON.stringify(report, null, 2));
  const b = report.broadcasts;
  const c = report.bitcoin;
  console.log(
    `${report.kills} rounds with renderers killed; answered ${report.answered}, lost ${report.lost}, duplicated ${report.duplicated}, log mismatches ${report.logMismatches}; transfers ${b.rounds}: ${b.transactions} transactions reached the node in ${b.posts} POSTs (${b.duplicatedSends} resent), ${b.nonceGaps} nonce gaps; Bitcoin transfers ${c.rounds}: ${c.confirmed} confirmed on the chain, ${c.unaccountedSats} sats unaccounted; in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const broken =
    report.lost +
    report.duplicated +
    report.logMismatches +
    b.nonceGaps +
    Math.abs(b.transactions - b.rounds) +
    Math.abs(c.confirmed - c.rounds) +
    Math.abs(c.unaccountedSats);
  process.exitCode = broken > 0 ? 1 : 0;
}
