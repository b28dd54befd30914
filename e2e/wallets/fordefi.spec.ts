// Fordefi, Xverse's API at window.FordefiProviders.UtxoProvider (docs/xverse.md, "Fordefi"), found as apps find
// it in @stacks/connect's picker row; its stx_transferStx checked with @stacks/transactions, which the wallet does not
// use. sats-connect's FordefiAdapter drives it in e2e/connectors/apps/sats-connect.spec.ts (project apps-fordefi).
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import { decodeStacksTransaction } from '../../test/stacks-reference.ts';
import { click, installedRows, outcome } from '../support/connect-page.ts';

test.use({ identities: ['fordefi'] });

const BOB_STX = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

test("@stacks/connect lists Fordefi; picked, it connects and its stx_transferStx is signed by the account's Stacks key", async ({ page, wallet }) => {
  await page.goto('/connect.html');
  await click(page, 'connect');
  expect((await installedRows(page)).sort()).toEqual(['Fordefi', 'Mock Wallet (test only)']);
  await wallet.pickInConnectModal(page, { identity: 'fordefi' });
  await wallet.approveNext();
  const connected = await outcome(page, 'connect');
  expect(connected.status).toBe('ok');
  expect(connected.value['provider']).toBe('FordefiProviders.UtxoProvider');
  await click(page, 'transfer-stx', { recipient: BOB_STX });
  await wallet.approveNext();
  const transfer = await outcome(page, 'transfer-stx');
  expect(transfer.status).toBe('ok');
  const { txid, transaction } = transfer.value['result'] as { txid: string; transaction: string };
  const stacks = (await expectedAddresses({ identity: 'fordefi', purposes: ['stacks'] })).addresses[0]!;
  expect(decodeStacksTransaction(transaction, stacks.publicKey).txid()).toBe(txid);
});
