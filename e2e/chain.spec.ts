// The kit's `chain` fixture as a user's test meets it: the wallet's accounts funded on both chains,
// the app's page reading Esplora across origins, and each test starting from the chain as it started.
import { test, expect } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { request } from './support.ts';

bitcoin.initEccLib(ecc);
// One worker runs the file in order: one chain start (simnet's first costs seconds) for all its tests.
test.describe.configure({ mode: 'default' });

test.describe
  .serial('the chain fixture', () => {
    let fundedTxid = '';

    test("a test funds an address, mines, deploys a contract; the app's page reads the funding over HTTP", async ({ page, chain }) => {
      const [first] = chain.accounts;
      // m/84'/1'/0'/0/0 of the test mnemonic is tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl on testnet: the same program on regtest.
      expect(first).toMatchObject({
        account: 0,
        p2wpkh: expect.stringMatching(/^bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9p[02-9ac-hj-np-z]{6}$/),
        stx: 'STC5KHM41H6WHAST7MWWDD807YSPRQKJ68T330BQ',
      });
      expect(await chain.bitcoin.balance(first!.p2wpkh)).toBe(100_000_000);
      expect(await chain.stacks!.balance(first!.stx)).toBe(100_000_000_000_000n);

      fundedTxid = await chain.bitcoin.fund(first!.p2tr, 25_000);
      await chain.bitcoin.mine(2);
      await chain.stacks!.deployContract('counter', '(define-data-var n uint u0) (define-public (bump) (ok (var-set n (+ (var-get n) u1))))');
      // A page of another origin reads Esplora as it reads mempool.space (CORS open).
      await page.goto('/blank.html');
      const read = await page.evaluate(async ([url, address]) => (await fetch(`${url}/address/${address}/utxo`)).json(), [
        chain.bitcoin.url,
        first!.p2tr,
      ] as const);
      expect(read).toEqual(expect.arrayContaining([{ txid: fundedTxid, vout: 0, status: expect.objectContaining({ confirmed: true }), value: 25_000 }]));
    });

    test('the next test finds the chain as it started', async ({ chain }) => {
      await expect(chain.bitcoin.tx(fundedTxid)).rejects.toThrow('404 Transaction not found');
      expect(await chain.bitcoin.balance(chain.accounts[0]!.p2tr)).toBe(100_000_000);
      expect(chain.stacks!.contract(`${chain.stacks!.deployer}.counter`)).toBeUndefined();
    });
  });

test('the wallet signs a PSBT an app built from its UTXOs on the chain; the chain verifies it, takes it and mines it', async ({ page, wallet, chain }) => {
  const account = chain.accounts[0]!;
  await page.goto('/blank.html');
  // The fixture put the wallet on the chain; a reset keeps it there.
  await wallet.reset();
  expect(await wallet.settings()).toMatchObject({ network: 'regtest', bitcoinBroadcastUrl: chain.bitcoin.url, stacksNodeUrl: chain.stacksUrl });
  await wallet.setApprovalPolicy('approve');
  // The app's part: its UTXOs from Esplora, a PSBT spending one with bitcoinjs-lib.
  const [utxo] = await chain.bitcoin.utxos(account.p2wpkh);
  const funding = await chain.bitcoin.tx(utxo!.txid);
  const psbt = new bitcoin.Psbt({ network: bitcoin.networks.regtest });
  psbt.addInput({
    hash: utxo!.txid,
    index: utxo!.vout,
    witnessUtxo: { script: Buffer.from(funding.vout[utxo!.vout]!.scriptpubkey, 'hex'), value: BigInt(utxo!.value) },
  });
  psbt.addOutput({ address: account.p2tr, value: BigInt(utxo!.value - 2_000) });
  const sent = await request(page, 'signPsbt', { hex: psbt.toHex(), broadcast: true, account: 0 });
  const { txid } = sent.response.result as unknown as { txid: string };
  expect((await chain.bitcoin.tx(txid)).status).toEqual({ confirmed: false });
  await chain.bitcoin.mine();
  expect(await chain.bitcoin.waitForTx(txid, { confirmed: true })).toMatchObject({
    fee: 2_000,
    vin: [{ txid: utxo!.txid, prevout: { scriptpubkey_address: account.p2wpkh } }],
  });
  expect(await chain.bitcoin.balance(account.p2wpkh)).toBe(0);
});

test('the wallet takes its Stacks nonce from the chain and its signed transfer is executed there; a second one uses the next nonce', async ({
  page,
  wallet,
  chain,
}) => {
  const [from, to] = chain.accounts;
  await page.goto('/blank.html');
  await wallet.setApprovalPolicy('approve');
  const before = await chain.stacks!.balance(to!.stx);
  for (const nonce of [0, 1]) {
    const sent = await request(page, 'stx_transferStx', { recipient: to!.stx, amount: '2500', network: 'testnet' });
    const { txid } = sent.response.result as unknown as { txid: string };
    const mined = chain.stacks!.tx(txid);
    expect(mined).toMatchObject({ state: 'mined', status: 'success' });
    expect(mined!.tx.auth.spendingCondition.nonce).toBe(BigInt(nonce));
  }
  expect(await chain.stacks!.balance(to!.stx)).toBe(before + 5_000n);
  expect(chain.stacks!.nonce(from!.stx)).toBe(2);
});

test('a test that does not ask for the chain finds the wallet off it', async ({ wallet }) => {
  expect(await wallet.settings()).toMatchObject({ network: 'mainnet', bitcoinBroadcastUrl: '', stacksNodeUrl: '' });
});
