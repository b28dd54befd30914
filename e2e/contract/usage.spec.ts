// The wallet tells developers where their app breaks the contract's usage rules (docs/reference/contract.md §1.4, §4.2):
// each rule on the careless demo page (e2e/demo/careless.html) and not on the careful one (/).
import { test, expect, type Page, type Wallet } from 'mock-wallet-provider/testing';

test.use({ usageRules: 'off' }); // these tests read the findings themselves

/** The careful demo app: one click, one call, approved as Account 1. */
async function connectCarefully(page: Page, wallet: Wallet): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toContainText('Connected: Account 1');
}

const answers = (page: Page, count: number) => expect(page.locator('#log')).toHaveAttribute('data-count', String(count));

test('no-user-action: getAddresses on page load is reported, in the window too; a click-made call is not', async ({ page, wallet }) => {
  await page.goto('/careless.html?onload');
  const prompt = await wallet.nextPrompt();
  const [id] = (await wallet.pending()).map((p) => p.id);
  expect((await prompt.details()).findings).toEqual([{ rule: 'no-user-action', message: expect.stringContaining('without a user action') }]);
  await prompt.approve();
  await answers(page, 1);
  expect(await wallet.usage()).toEqual([
    {
      rule: 'no-user-action',
      origin: 'http://127.0.0.1:5317',
      callIds: [id],
      message: expect.stringMatching(/contract\.md#14-caller-rules.*explicit user action/),
    },
  ]);

  await wallet.reset();
  await connectCarefully(page, wallet);
  await expect(wallet).toFollowUsageRules();
});

test('repeated-connect: two connects on one click are reported together; one click, one call is not', async ({ page, wallet }) => {
  await page.goto('/careless.html');
  await page.getByRole('button', { name: 'Connect (twice)' }).click();
  await wallet.approveNext();
  await wallet.approveNext();
  await answers(page, 2);
  const calls = await wallet.calls();
  expect(await wallet.usage()).toEqual([
    {
      rule: 'repeated-connect',
      origin: 'http://127.0.0.1:5317',
      callIds: calls.map((c) => c.id),
      message: expect.stringMatching(/2 getAddresses calls within [0-9]+ ms of each other.*contract\.md#14-caller-rules/),
    },
  ]);

  await wallet.reset();
  await connectCarefully(page, wallet);
  expect(await wallet.usage()).toEqual([]);
});

test('connect-before-signing: connecting "to be sure" right before a sign is reported; signing later with account is not', async ({ page, wallet }) => {
  await page.goto('/careless.html');
  await page.getByRole('button', { name: 'Sign (connects first)' }).click();
  await wallet.approveNext();
  const sign = await wallet.nextPrompt();
  // The person asked to sign sees why this request is suspect.
  expect((await sign.details()).findings.map((f) => f.rule)).toEqual(['connect-before-signing']);
  await sign.approve();
  await answers(page, 2);
  const [connect, signed] = await wallet.calls();
  expect(await wallet.usage()).toEqual([
    {
      rule: 'connect-before-signing',
      origin: 'http://127.0.0.1:5317',
      callIds: [connect!.id, signed!.id],
      message: expect.stringContaining('after getAddresses was answered'),
    },
  ]);

  // The careful app: connected on one click, signs on a later click, naming the account.
  await wallet.reset();
  await connectCarefully(page, wallet);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await wallet.approveNext();
  await expect(page.locator('#signature')).toContainText('signature');
  expect(await wallet.usage()).toEqual([]);
});

test('active-account-signing: signing without account after the user switched is reported; the careful app names its account', async ({ page, wallet }) => {
  await connectCarefully(page, wallet);
  await wallet.setActiveAccount(2);
  // The careful app passes account (docs/reference/contract.md §4.2): Account 1 signs, nothing to report.
  await page.getByRole('button', { name: 'Sign message' }).click();
  await wallet.approveNext();
  await expect(page.locator('#signature')).toContainText('signature');
  expect(await wallet.usage()).toEqual([]);

  await page.goto('/careless.html'); // same origin, still connected as Account 1
  await page.getByRole('button', { name: 'Sign (no account)' }).click();
  const prompt = await wallet.nextPrompt();
  expect((await prompt.details()).findings.map((f) => f.rule)).toEqual(['active-account-signing']);
  await prompt.approve();
  await answers(page, 1);
  const findings = await wallet.usage();
  expect(findings).toEqual([
    { rule: 'active-account-signing', origin: 'http://127.0.0.1:5317', callIds: [(await wallet.calls()).at(-1)!.id], message: expect.any(String) },
  ]);
  expect(findings[0]!.message).toMatch(
    /active account \(Account 3\) is not the one this site connected with \(Account 1\).*contract\.md#42-which-account-acts.*`account`/,
  );
});

test('toFollowUsageRules fails with the rule, what happened and how to fix it', async ({ page, wallet }) => {
  await page.goto('/careless.html?onload');
  await wallet.rejectNext();
  await answers(page, 1);
  const failure = await expect(wallet)
    .toFollowUsageRules()
    .then(
      () => undefined,
      (error: Error) => error.message,
    );
  expect(failure).toMatch(/it broke 1:\n- \[no-user-action\] http:\/\/127\.0\.0\.1:5317: getAddresses was called without a user action .*Connect button click/);
  await expect(wallet).not.toFollowUsageRules();
});

test.describe("usageRules: 'fail'", () => {
  test.use({ usageRules: 'fail' });
  test('fails a test whose app connects on page load', async ({ page, wallet }) => {
    test.fail(); // the fixture fails it at teardown, listing the finding
    await page.goto('/careless.html?onload');
    await wallet.approveNext();
    await answers(page, 1);
  });

  test('passes a test whose app follows the rules', async ({ page, wallet }) => {
    await connectCarefully(page, wallet);
  });
});
