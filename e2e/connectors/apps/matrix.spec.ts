import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';

// Each project walletProjects() makes runs this file, posing as its wallet.
const BUTTON = { unisat: 'Connect UniSat', okx: 'Connect OKX' } as const;
type Listed = keyof typeof BUTTON;

// Decided from the option alone: a skipped run sets up no page and no wallet.
test.skip(({ walletName }) => !(walletName in BUTTON), 'the app offers no button for this wallet');

test('a visitor connects with the wallet of this run', async ({ page, wallet, walletName }) => {
  await page.goto('/lasereyes.html');
  await page.getByRole('button', { name: BUTTON[walletName as Listed] }).click();
  await wallet.approveNext();
  // Each wallet's connect answer: UniSat's [address], OKX's { address, publicKey }.
  const expected = await expectedAddresses({ identity: walletName as Listed });
  const address = Array.isArray(expected) ? expected[0] : expected.address;
  await expect(page.locator('#out')).toHaveText(`Connected: ${address}`);
  expect((await wallet.calls())[0]?.identity).toBe(walletName);
});
