// An app on @stacks/connect, connected as Account 1, after the user switched the wallet to Account 3:
// what the window, the findings and the helpers say, with and without naming the account the
// documented way (docs/methods.md, "Signing with the connected account from @stacks/connect"), in both account rules.
import { test, expect, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { buildPsbt, psbtFromHex, signerOf, verifyBip322 } from '../../test/bitcoin-reference.ts';
import { click, connectThroughPicker, outcome } from '../support/connect-page.ts';
import { reference } from '../../test/reference.ts';
import { Cl } from '@stacks/transactions';
import { decodeStacksTransaction, verifySip018 } from '../../test/stacks-reference.ts';
import { request } from '../support/support.ts';
import { readFile } from 'node:fs/promises';

const BOB_STX = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const PAY_TO = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';

/** Connected as Account 1 through the picker; then the user switches the wallet to Account 3. */
async function connectedThenSwitched(page: Page, wallet: Wallet): Promise<void> {
  await connectThroughPicker(page, wallet);
  await wallet.setActiveAccount(2);
}

/** Clicks an app button, reads the window's findings, approves, and returns the page's outcome. */
async function signThroughApp(page: Page, wallet: Wallet, button: string, input: Record<string, unknown>) {
  await click(page, button, input);
  const prompt = await wallet.nextPrompt();
  const details = await prompt.details();
  await prompt.approve();
  const { status, value } = await outcome(page, button);
  expect(status, JSON.stringify(value)).toBe('ok');
  return { details, result: value['result'] as Record<string, string> };
}

// What the page's SIP-018 button signs (e2e/demo/connect-app.ts).
const SIP018_MESSAGE = Cl.tuple({ action: Cl.stringAscii('sign-in'), nonce: Cl.uint(7) });
const SIP018_DOMAIN = Cl.tuple({ name: Cl.stringAscii('connect dApp'), version: Cl.stringAscii('1.0.0'), 'chain-id': Cl.uint(1) });

const rules = (details: { findings: { rule: string }[] }): string[] => details.findings.map((f) => f.rule).sort();
const messageOf = (details: { findings: { rule: string; message: string }[] }, rule: string): string =>
  details.findings.find((f) => f.rule === rule)?.message ?? '';

test('without naming the account: each finding says what happened and the @stacks/connect call that fixes it', async ({ page, wallet }) => {
  await connectedThenSwitched(page, wallet);
  const [one, three] = [await reference('mainnet', 0), await reference('mainnet', 2)];

  // signPsbt: connect's request() drops `account`; Account 3 owns none of the inputs.
  const psbt = buildPsbt([{ address: one.p2wpkh.address, value: 50_000n }], [{ address: PAY_TO, value: 40_000n }]);
  const signed = await signThroughApp(page, wallet, 'sign-psbt', { psbt: psbt.toBase64() });
  expect(rules(signed.details)).toEqual(['active-account-signing', 'nothing-to-sign']);
  expect(messageOf(signed.details, 'nothing-to-sign')).toMatch(
    /^Account 3 owns none of the inputs this site asked to sign \(input 0\): approving answers the PSBT unsigned/,
  );
  for (const rule of ['nothing-to-sign', 'active-account-signing']) {
    expect(messageOf(signed.details, rule)).toContain(
      "request({ enableOverrides: false }, 'signPsbt', { psbt, signInputs, account } as MethodParams<'signPsbt'>)",
    );
  }
  expect(messageOf(signed.details, 'active-account-signing')).toMatch(/the wallet acts for Account 3, one the user did not connect/);
  // The page got what the real wallet answers: the PSBT, unsigned, no error.
  expect(signerOf(psbtFromHex(signed.result['hex']!), 0)).toBeUndefined();

  // signMessage: Account 3 signs; the finding says to pass `account`.
  const message = await signThroughApp(page, wallet, 'sign-message', {});
  expect(message.result['address']).toBe(three.p2wpkh.address);
  expect(messageOf(message.details, 'active-account-signing')).toMatch(/Pass `account`.*@stacks\/connect passes it through/);

  // stx_transferStx: connect's params have `address`.
  const transfer = await signThroughApp(page, wallet, 'transfer-stx', { recipient: BOB_STX });
  expect(messageOf(transfer.details, 'active-account-signing')).toMatch(/Pass `address`.*params for this method have `address`/);
  expect(decodeStacksTransaction(transfer.result['transaction']!, three.stx!.publicKey).txid()).toBe(transfer.result['txid']);

  // stx_signStructuredMessage: connect's types lack `address`, its request() passes it through.
  const structured = await signThroughApp(page, wallet, 'sign-structured', {});
  expect(messageOf(structured.details, 'active-account-signing')).toMatch(
    /types have no `address` for stx_signStructuredMessage.*MethodParams<'stx_signStructuredMessage'>/,
  );
  expect(structured.result['publicKey']).toBe(three.stx!.publicKey);
  expect(verifySip018(SIP018_MESSAGE, SIP018_DOMAIN, structured.result['signature']!, three.stx!.publicKey)).toBe(true);

  // The test's own findings are the same, one set per request.
  const findings = await wallet.usage();
  expect(findings.filter((f) => f.rule === 'active-account-signing')).toHaveLength(4);
  expect(findings.filter((f) => f.rule === 'nothing-to-sign')).toHaveLength(1);
});

test('naming the account the documented way: the connected account signs every method, and nothing is found', async ({ page, wallet }) => {
  await connectedThenSwitched(page, wallet);
  const one = await reference('mainnet', 0);
  const psbt = buildPsbt([{ address: one.p2wpkh.address, value: 50_000n }], [{ address: PAY_TO, value: 40_000n }]);

  const signed = await signThroughApp(page, wallet, 'sign-psbt', { psbt: psbt.toBase64(), account: 0 });
  expect(signed.details.account).toBe(0);
  expect(signerOf(psbtFromHex(signed.result['hex']!), 0)).toBe(one.p2wpkh.publicKey);
  const message = await signThroughApp(page, wallet, 'sign-message', { account: 0 });
  expect(verifyBip322(one.p2wpkh.address, 'Sign in to the connect dApp', message.result['signature']!)).toBe(true);
  const transfer = await signThroughApp(page, wallet, 'transfer-stx', { recipient: BOB_STX, address: one.stx!.address });
  expect(decodeStacksTransaction(transfer.result['transaction']!, one.stx!.publicKey).txid()).toBe(transfer.result['txid']); // throws unless account 1's key signed
  const structured = await signThroughApp(page, wallet, 'sign-structured', { address: one.stx!.address });
  expect(structured.result['publicKey']).toBe(one.stx!.publicKey);
  expect(verifySip018(SIP018_MESSAGE, SIP018_DOMAIN, structured.result['signature']!, one.stx!.publicKey)).toBe(true);
  for (const { details } of [signed, message, transfer, structured]) expect(details.findings).toEqual([]);
  await expect(wallet).toFollowUsageRules();
});

test("accountRule 'site': the connected account signs, and the texts say so instead of describing the other rule", async ({ page, wallet }) => {
  await wallet.setSettings({ accountRule: 'site' });
  await connectedThenSwitched(page, wallet);
  const one = await reference('mainnet', 0);
  const message = await signThroughApp(page, wallet, 'sign-message', {});
  expect(message.result['address']).toBe(one.p2wpkh.address);
  expect(message.details).toMatchObject({ account: 0, accountSource: 'site' });
  expect(message.details.notice).toBeUndefined(); // the acting account is the connected one
  const text = messageOf(message.details, 'active-account-signing');
  expect(text).toMatch(
    /^signMessage named no account\. This wallet acts for Account 1, the account this site connected with \(accountRule 'site', as the real wallet\)/,
  );
  expect(text).toMatch(
    /a wallet that follows the contract \(mock-wallet-provider\/docs\/reference\/contract\.md#42-which-account-acts\) acts for its active account, here Account 3/,
  );
  expect(text).not.toMatch(/the wallet acts for Account 3/);

  // Through connect's request(), `account` never arrives; with the site rule the connected account signs all the same.
  const psbt = buildPsbt([{ address: one.p2wpkh.address, value: 50_000n }], [{ address: PAY_TO, value: 40_000n }]);
  const signed = await signThroughApp(page, wallet, 'sign-psbt', { psbt: psbt.toBase64() });
  expect(rules(signed.details)).toEqual(['active-account-signing']);
  expect(signerOf(psbtFromHex(signed.result['hex']!), 0)).toBe(one.p2wpkh.publicKey);
});

test('a helper that times out names the request the wallet refused at once, with its error', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  void request(page, 'stx_transferStx', { recipient: 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPX', amount: '5', network: 'testnet' });
  const error = await wallet.approveNext({ timeout: 700 }).then(
    () => undefined,
    (e: Error) => e.message,
  );
  expect(error).toMatch(/no approval window opened within 0\.7 s/);
  expect(error).toMatch(
    /The page's requests since this helper was called:\n {2}- stx_transferStx: refused at once: -32602 recipient "ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPX" is not a valid Stacks address: bad checksum/,
  );
});

test("principals are checked against the request's network: the prefix it expects, a bad checksum, and the other network signed with a finding", async ({
  page,
  wallet,
}) => {
  await page.goto('/blank.html');
  const refused = await request(page, 'stx_transferStx', { recipient: 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPX', amount: '5', network: 'testnet' });
  expect(refused.response.error?.message).toMatch(/bad checksum.*on testnet addresses start with ST/);
  const shape = await request(page, 'stx_transferStx', { recipient: 'not-an-address.x.y', amount: '5', network: 'testnet' });
  expect(shape.response.error?.message).toMatch(/recipient must be a Stacks principal \(ST… or ST….contract-name on testnet\)/);
  const onMainnet = await request(page, 'stx_transferStx', { recipient: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPX', amount: '5' });
  expect(onMainnet.response.error?.message).toMatch(/bad checksum.*on mainnet addresses start with SP/);

  // A mainnet recipient on testnet: signed, as the real wallet signs it, and the finding names the mismatch.
  const call = request(page, 'stx_transferStx', { recipient: BOB_STX, amount: '5', network: 'testnet' });
  const prompt = await wallet.nextPrompt();
  expect(messageOf(await prompt.details(), 'network-mismatch')).toMatch(
    /recipient SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 is a mainnet address, but this transaction is signed for testnet/,
  );
  await prompt.approve();
  const signed = (await call).response.result as unknown as { transaction: string };
  expect(decodeStacksTransaction(signed.transaction, (await reference('testnet', 0)).stx!.publicKey).chainId).toBe(0x80000000);
  expect((await wallet.usage()).map((f) => f.rule)).toContain('network-mismatch');
});

test("the docs' @stacks/connect example is the code the bundled app runs in these tests", async () => {
  const [readme, app] = await Promise.all([
    readFile(new URL('../../docs/methods.md', import.meta.url), 'utf8'),
    readFile(new URL('../demo/connect-app.ts', import.meta.url), 'utf8'),
  ]);
  const example = /<!-- example: connected-account -->\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  const running = /\/\/ docs: connected-account\n([\s\S]*?)\/\/ end docs\n/.exec(app)?.[1];
  expect(running, 'the app marks the code the docs show').toBeTruthy();
  expect(example, 'docs/methods.md has the example').toContain(running!);
});

test('the window\'s "Chosen by" line is true in both rules when a request names an account the rule does not follow', async ({ page, wallet }) => {
  await page.goto('/blank.html');
  const two = (await reference('mainnet', 1)).stx!.address;
  for (const [rule, chosenBy, account] of [
    ['request', /^the app \(its request names this account\)$/, 1],
    ['site', /^the wallet: it is the active account \(accountRule "site" does not let a request's account or address choose/, 0],
  ] as const) {
    await wallet.setSettings({ accountRule: rule });
    const call = request(page, 'stx_signMessage', { message: 'hi', address: two });
    const prompt = await wallet.nextPrompt();
    expect(await prompt.details(), rule).toMatchObject({ account, chosenBy: expect.stringMatching(chosenBy) });
    await prompt.approve();
    expect((await call).ok).toBe(true);
  }
});
