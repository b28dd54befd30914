// The demo dApp, driven as a dApp developer's own tests would drive their app.
import { test, expect } from 'mock-wallet-provider/testing';
import { psbtFromHex, signerOf, verifyBip322 } from '../../test/bitcoin-reference.ts';
import { reference } from '../../test/reference.ts';
import { decodeStacksTransaction } from '../../test/stacks-reference.ts';

test('connect: the app shows Account 1 and links each BTC address to a mainnet explorer', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 1 (mainnet)');
  const segwit = page.getByRole('link', { name: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' });
  await expect(segwit).toHaveAttribute('href', 'https://mempool.space/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  await expect(page.getByRole('row', { name: /Stacks/ })).toContainText('SPC5KHM41H6WHAST7MWWDD807YSPRQKJ69FSH54J');
  // One call, made on the click, with the user's activation.
  expect(await wallet.calls()).toMatchObject([{ method: 'getAddresses', outcome: 'approved', userActivation: true }]);
});

test('switch account in the wallet, reconnect, see Account 7', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toContainText('Account 1');

  await wallet.setActiveAccount(6);
  await page.getByRole('button', { name: 'Switch account' }).click();
  const prompt = await wallet.nextPrompt();
  expect(await prompt.account()).toBe(6);
  await prompt.approve();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 7 (mainnet)');
  expect((await wallet.calls()).map((c) => c.account)).toEqual([0, 6]);
});

test('network switch: testnet addresses link to the testnet explorer', async ({ page, wallet }) => {
  await wallet.setNetwork('testnet');
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 1 (testnet)');
  const link = page.getByRole('row', { name: /Native SegWit/ }).getByRole('link');
  await expect(link).toHaveText(/^tb1q/);
  await expect(link).toHaveAttribute('href', /^https:\/\/mempool\.space\/testnet\/address\/tb1q/);
  await expect(page.getByRole('row', { name: /Stacks/ })).toContainText(/ST[0-9A-Z]+/);
});

test('variant switch: second-variant params pick chains and network', async ({ page, wallet }) => {
  await wallet.setVariant('second');
  await page.goto('/');
  await page.getByLabel('Request params (JSON, optional)').fill('{"chains":["bitcoin"],"network":"signet"}');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const prompt = await wallet.nextPrompt();
  expect(await prompt.network()).toBe('signet');
  await prompt.approve();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 1 (signet)');
  await expect(page.getByRole('row', { name: /Stacks/ })).toContainText('not provided by this wallet');
  await expect(page.getByRole('row', { name: /Taproot/ }).getByRole('link')).toHaveAttribute('href', /mempool\.space\/signet\/address\/tb1p/);
  const raw = JSON.parse((await page.locator('#response').textContent()) ?? '{}');
  expect(raw.result.addresses[0].descriptor).toMatch(/^wpkh\(\[73c5da0a\/84'\/1'\/0'\/0\/0\]/);

  // The same params sent to a strict first-variant wallet are refused, and the app says so.
  await wallet.setSettings({ variant: 'first', strictParams: true });
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByRole('alert')).toContainText('Wallet error -32602');
});

test('reject: the app shows the wallet error and stays disconnected', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.rejectNext();
  await expect(page.getByRole('alert')).toHaveText('Wallet error 4001: User rejected the request.');
  await expect(page.getByRole('status')).toHaveText('Not connected.');
});

test('a wallet without a Taproot key (as a Ledger user may be): entries are found by property', async ({ page, wallet }) => {
  await wallet.setSettings({ missingEntries: ['p2tr'] });
  await wallet.setActiveAccount(4);
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toHaveText('Connected: Account 5 (mainnet)');
  await expect(page.getByRole('row', { name: /Taproot/ })).toContainText('not provided by this wallet');
  await expect(page.getByRole('row', { name: /Stacks/ })).toContainText(/SP[0-9A-Z]+/);
});

test('disconnect clears the app state; connecting again prompts again', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('status')).toHaveText('Not connected.');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByRole('status')).toContainText('Connected');
  expect(await wallet.calls()).toHaveLength(2);
});

test('a helper that waits for a window that never comes says why', async ({ page, wallet }) => {
  await page.goto('/');
  await expect(wallet.approveNext({ timeout: 300 })).rejects.toThrow('no approval window opened within 0.3 s; the page made 0 getAddresses calls');
  await wallet.setApprovalPolicy('approve');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
  await expect(wallet.approveNext({ timeout: 300 })).rejects.toThrow(/made 1 getAddresses call \(approval policy is "approve"/);
});

test('sign message and sign PSBT with the connected account, even after the user switched in the wallet', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext({ account: 1 });
  await expect(page.getByRole('status')).toHaveText('Connected: Account 2 (mainnet)');
  await wallet.setActiveAccount(3); // the user switches; the app still passes account 1
  const account = await reference('mainnet', 1);

  await page.getByRole('button', { name: 'Sign message' }).click();
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ account: 1, accountSource: 'request', fields: { Message: 'Hello from the demo dApp' } });
  await prompt.approve();
  await expect(page.getByLabel('Signing result')).toContainText(account.p2wpkh.address);
  const signed = JSON.parse(await page.getByLabel('Signing result').innerText()) as { signature: string };
  expect(verifyBip322(account.p2wpkh.address, 'Hello from the demo dApp', signed.signature)).toBe(true);

  await page.getByRole('button', { name: 'Sign PSBT' }).click();
  await wallet.approveNext();
  await expect(page.getByLabel('Signing result')).toContainText('"hex"');
  const { hex } = JSON.parse(await page.getByLabel('Signing result').innerText()) as { hex: string };
  expect(signerOf(psbtFromHex(hex), 0)).toBe(account.p2wpkh.publicKey);
  expect((await wallet.calls()).map((c) => [c.method, c.account])).toEqual([
    ['getAddresses', 1],
    ['signMessage', 1],
    ['signPsbt', 1],
  ]);
});

test('Send 1 STX passes the connected STX address: the connected account sends, after a switch too; the app shows the decoded transaction', async ({
  page,
  wallet,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext({ account: 1 });
  await wallet.setActiveAccount(0);
  const one = (await reference('mainnet', 1)).stx!;
  await page.getByRole('button', { name: 'Send 1 STX' }).click();
  const prompt = await wallet.nextPrompt();
  expect(await prompt.details()).toMatchObject({ title: 'Send STX', account: 1, accountSource: 'request', fields: { Amount: '1 STX', From: one.address } });
  await prompt.approve();
  await expect(page.getByLabel('Signing result')).toContainText('"decoded"');
  const shown = JSON.parse(await page.getByLabel('Signing result').innerText()) as { txid: string; transaction: string; decoded: Record<string, string> };
  const tx = decodeStacksTransaction(shown.transaction, one.publicKey);
  expect(shown.txid).toBe(tx.txid());
  expect(shown.decoded).toEqual({
    txid: tx.txid(),
    sender: one.address,
    nonce: '0',
    fee: '10000',
    recipient: "'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7",
    amount: '1000000',
    memo: 'demo',
  });
});
