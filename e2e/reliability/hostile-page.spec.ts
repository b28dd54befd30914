// Every wallet's provider against a page that runs after it in the same window (#49): built-ins replaced or hooked,
// prototypes polluted with accessors, hostile arguments, the globals clobbered. One page per wallet of the wallets'
// table, one step per case: each call is answered as on a clean page (or refused with a clear error, never a TypeError
// from inside the provider), and nothing the page set is read, called or written by the provider (src/page/runtime.ts).
// The page's code is e2e/support/hostile-page.ts; e2e/puppeteer/wallet.spec.ts runs it in Firefox.
import { test, expect } from 'mock-wallet-provider/testing';
import { IDENTITY_NAMES, WALLETS } from '../../src/wallets/index.ts';
import type { WalletName } from '../../src/core/wallet-types.ts';
import { type Case, inPage, inputFor, REACH, refusalOf, withoutIds } from '../support/hostile-page.ts';

test.use({ identities: [...IDENTITY_NAMES] });

test("every wallet's provider, in a page that pollutes, replaces, hooks and clobbers after it loaded: answered as on a clean page, nothing the page set used", async ({
  page,
  wallet,
}) => {
  test.setTimeout(180_000);
  await wallet.setApprovalPolicy('approve');
  // Every wallet of the table has its way in here: a new wallet fails this line until it is added to REACH.
  expect(Object.keys(REACH).sort()).toEqual(Object.keys(WALLETS).sort());
  let account = 0;
  for (const name of Object.keys(WALLETS) as WalletName[]) {
    const reach = REACH[name];
    const run = (kase: Case) => page.evaluate(inPage, inputFor(name, kase));
    await test.step(name, async () => {
      await page.goto('/blank.html');
      const clean = await run('clean');
      expect(clean.used, `${name}: a clean page`).toEqual([]);
      for (const call of ['connect', 'read'] as const) expect(clean.outcomes[call], `${name} ${call}`).toHaveProperty('value');
      expect(refusalOf(clean.outcomes['refuse'])?.code, `${name} refuse: ${JSON.stringify(clean.outcomes['refuse'])}`).toEqual(expect.any(Number));
      const baseline = withoutIds(clean.outcomes) as Record<string, unknown>;

      for (const kase of ['prototype', 'array', 'promise', 'json', 'builtins'] as const) {
        await test.step(`${name}: ${kase}`, async () => {
          const polluted = await run(kase);
          expect.soft(withoutIds(polluted.outcomes), `${name}, ${kase}: the answers`).toEqual(baseline);
          expect.soft(polluted.used, `${name}, ${kase}: what the provider used of the page's`).toEqual([]);
        });
      }

      await test.step(`${name}: hostile arguments`, async () => {
        const hostile = await run('arguments');
        expect.soft(hostile.used, `${name}: the page's getters and traps`).toEqual([]);
        for (const [call, outcome] of Object.entries(hostile.outcomes)) {
          const refusal = refusalOf(outcome);
          // Refused as the dialect refuses (a code and a sentence), or answered as the clean call was.
          if (refusal) {
            expect.soft(refusal, `${name}, ${call}: ${JSON.stringify(outcome)}`).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
            expect.soft(String(refusal.message), `${name}, ${call}`).not.toMatch(/TypeError|Cannot read|is not a function/);
            expect.soft(refusal.error, `${name}, ${call}`).not.toBe('TypeError');
          } else expect.soft(withoutIds(outcome), `${name}, ${call}`).toEqual(baseline['read']);
        }
      });

      if (reach.event) {
        await test.step(`${name}: an account event under every pollution at once`, async () => {
          const armed = page.waitForEvent('console', { predicate: (message) => message.text() === 'armed' });
          const heard = run('events');
          await armed;
          account = account === 0 ? 1 : 0;
          await wallet.setActiveAccount(account);
          const { heard: events, used } = await heard;
          expect.soft(events?.before, `${name}: a listener added on a clean page`).toHaveLength(1);
          expect.soft(events?.after, `${name}: a listener added by the polluted page hears the same`).toEqual(events?.before);
          expect.soft(used, `${name}: what the provider used of the page's`).toEqual([]);
        });
      }

      await test.step(`${name}: clobbered`, async () => {
        const { clobbered, outcomes } = await run('clobber');
        expect.soft(clobbered, name).toMatchObject({
          'assign the global': false,
          'redefine the global': false,
          'delete the global': false,
          'wrap its methods': !reach.frozen,
          frozen: reach.frozen,
          'the page got a port': false,
          ...(reach.path.includes('.') && { 'swap the provider in its holder': !reach.frozen }),
        });
        // The provider's own read function, taken before the page wrapped what it could, still answers.
        expect.soft(outcomes['read'], `${name}: its own read, after the page wrapped what it could`).toHaveProperty('value');
      });
    });
  }
});
