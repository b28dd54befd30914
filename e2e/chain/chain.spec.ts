// The kit's `chain` fixture as a user's test meets it: the wallet's accounts funded on both chains,
// the app's page reading Esplora across origins, and each test starting from the chain as it started.
import { test, expect, expectedAddresses, type LocalChain, type Page, type Wallet } from 'mock-wallet-provider/testing';
import { BIP32Factory } from 'bip32';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { request } from '../support/support.ts';
import { click, connectThroughPicker, outcome } from '../support/connect-page.ts';
import { client, openLaserEyes } from '../support/lasereyes-page.ts';

bitcoin.initEccLib(ecc);

// The app's Clarinet project (e2e/chain/tally-app.ts) is the e2e project's chainOptions, in playwright.config.ts.
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

test('the wallet takes its Stacks nonce from the chain, pays its transfer fee, and its signed transfer is executed there; a second one uses the next nonce', async ({
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
    expect(mined!.tx.auth.spendingCondition.fee).toBe(400n); // Leather's transfer fee on a node (core/stacks/fees.ts)
  }
  expect(await chain.stacks!.balance(to!.stx)).toBe(before + 5_000n);
  expect(chain.stacks!.nonce(from!.stx)).toBe(2);
});

test("sendTransfer's window shows the account's coins on the chain, the fee at the chain's rate and the change; approved, the chain holds it once and mines it", async ({
  page,
  wallet,
  chain,
}) => {
  const [from, to] = chain.accounts;
  await page.goto('/blank.html');
  await chain.bitcoin.setFeeRates({ halfHourFee: 4 });
  const call = request(page, 'sendTransfer', { recipients: [{ address: to!.p2wpkh, amount: '40000' }], network: 'devnet' });
  const prompt = await wallet.nextPrompt();
  // Leather's estimate for one p2wpkh input, a p2wpkh recipient and change: 140.5 vB, × 4 = 562 sats (wallets/leather/coin-selection.ts).
  expect((await prompt.details()).fields).toMatchObject({
    From: from!.p2wpkh,
    Balance: `1 BTC, on ${chain.bitcoin.url}`,
    Fee: '0.00000562 BTC (4 sat/vB)',
    Change: `0.99959438 BTC back to ${from!.p2wpkh}`,
  });
  await prompt.approve();
  const { txid } = (await call).response.result as unknown as { txid: string };
  expect(await chain.bitcoin.tx(txid)).toMatchObject({ fee: 562, status: { confirmed: false } });
  await chain.bitcoin.mine();
  expect((await chain.bitcoin.waitForTx(txid, { confirmed: true })).vout.map((o) => [o.scriptpubkey_address, o.value])).toEqual([
    [to!.p2wpkh, 40_000],
    [from!.p2wpkh, 100_000_000 - 40_000 - 562],
  ]);
  expect((await wallet.calls()).at(-1)?.transaction).toMatchObject({ txid, sentTo: `${chain.bitcoin.url}/tx` });
});

test.describe('as UniSat', () => {
  test.use({ identities: ['unisat'] });

  test("a connected app reads its balance and UTXOs from the chain, sends, and a transaction the chain refuses reaches it in UniSat's shape with the node's reason", async ({
    page,
    wallet,
    chain,
  }) => {
    await page.goto('/blank.html');
    const unisat = (method: string, ...args: unknown[]) =>
      page.evaluate(
        ([m, a]) =>
          ((window as unknown as { unisat: Record<string, (...x: unknown[]) => Promise<unknown>> }).unisat[m]!(...a) as Promise<unknown>).then(
            (value) => ({ value }),
            (error: { code: number; message: string }) => ({ error: { code: error.code, message: error.message } }),
          ),
        [method, args] as const,
      ) as Promise<{ value?: unknown; error?: { code: number; message: string } }>;
    const connecting = unisat('requestAccounts');
    await wallet.approveNext();
    const [address] = (await connecting).value as string[];
    // UniSat's address is m/84'/0'/0'/0/0 on every network: not a funded account's until the test pays it.
    const coin = await chain.bitcoin.fund(address!, 300_000);
    expect(await unisat('getBalance')).toEqual({ value: { confirmed: 300_000, unconfirmed: 0, total: 300_000 } });
    expect(await unisat('getBitcoinUtxos')).toMatchObject({ value: [{ txid: coin, vout: 0, satoshis: 300_000, addressType: 1 }] });

    await chain.bitcoin.setFeeRates({ halfHourFee: 2 });
    const sending = unisat('sendBitcoin', chain.accounts[1]!.p2wpkh, 50_000);
    await wallet.approveNext();
    const txid = (await sending).value as string;
    const sent = await chain.bitcoin.tx(txid);
    expect(sent).toMatchObject({ fee: 141 * 2, vin: [{ txid: coin, vout: 0 }] });

    // Mined; then the app pushes a transaction spending the coin the send spent: the chain refuses it.
    await chain.bitcoin.mine();
    const spent = new bitcoin.Transaction();
    spent.version = 2;
    spent.addInput(Buffer.from(coin, 'hex').reverse(), 0);
    spent.addOutput(bitcoin.address.toOutputScript(chain.accounts[1]!.p2wpkh, bitcoin.networks.regtest), 1_000n);
    spent.setWitness(0, [Buffer.alloc(72, 1), Buffer.alloc(33, 2)]);
    const refused = await unisat('pushTx', spent.toHex());
    expect(refused).toEqual({ error: { code: -32603, message: expect.stringMatching(/^pushTx failed: 400 .*bad-txns-inputs-missingorspent/) } });
  });
});

/** An inscription purchase through sats-connect: the app reads with mempool.js and builds the PSBT, the seller (here, bitcoinjs-lib) signs its input ALL|ANYONECANPAY, the wallet signs the buyer's and broadcasts, the chain verifies both and mines it. */
async function buyInscription(
  page: Page,
  wallet: Wallet,
  chain: LocalChain,
  sats: (method: string, params: unknown) => Promise<{ status: string; result?: unknown; error?: unknown }>,
  addresses: { payment: string; ordinals: string },
  sellerFinalizes: boolean,
) {
  const seller = BIP32Factory(ecc).fromSeed(Buffer.alloc(32, 7)).derivePath("m/84'/1'/0'/0/0");
  const sellerAddress = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(seller.publicKey), network: bitcoin.networks.regtest }).address!;
  const inscription = await chain.bitcoin.fund(sellerAddress, 546);
  const listing = {
    txid: inscription,
    vout: 0,
    value: 546,
    script: Buffer.from(bitcoin.address.toOutputScript(sellerAddress, bitcoin.networks.regtest)).toString('hex'),
    price: 50_000,
    payTo: sellerAddress,
  };
  const host = new URL(chain.bitcoin.url).host;
  const unsigned = await page.evaluate(([h, l, a]) => window.sats.market.buildPurchase({ host: h, listing: l, ...a, feeRate: 2 }), [
    host,
    listing,
    addresses,
  ] as const);
  const psbt = bitcoin.Psbt.fromBase64(unsigned, { network: bitcoin.networks.regtest });
  psbt.signInput(0, { publicKey: Buffer.from(seller.publicKey), sign: (hash) => Buffer.from(seller.sign(hash)) }, [0x81]);
  // Xverse finalizes every input when it broadcasts (scure's finalize(), which refuses an input already
  // final: paulmillr/scure-btc-signer 1.6.0, src/transaction.ts finalizeIdx); UniSat only those it signs.
  if (sellerFinalizes) psbt.finalizeInput(0);
  const signing = sats('signPsbt', { psbt: psbt.toBase64(), signInputs: { [addresses.payment]: [1] }, broadcast: true });
  await wallet.approveNext();
  const signed = await signing;
  expect(signed, JSON.stringify(signed)).toMatchObject({ status: 'success', result: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  const { txid } = signed.result as { txid: string };
  await chain.bitcoin.mine();
  expect(await page.evaluate(([h, t]) => window.sats.market.confirmed(h, t), [host, txid] as const)).toBe(true);
  const mined = await chain.bitcoin.tx(txid);
  expect(mined.vin.map((i) => i.prevout?.scriptpubkey_address)).toEqual([sellerAddress, addresses.payment]);
  expect(mined.vout.slice(0, 2).map((o) => [o.scriptpubkey_address, o.value])).toEqual([
    [addresses.ordinals, 546],
    [sellerAddress, 50_000],
  ]);
}

test.describe('a marketplace app on sats-connect and mempool.js', () => {
  // Xverse: sats-connect's request(), which calls Xverse's provider; UniSat: its Wallet object, through the default provider's adapter.
  const satsOf = (page: Page, via: 'request' | 'Wallet') => (method: string, params: unknown) =>
    page.evaluate(([m, p, v]) => (v === 'request' ? window.sats.request(m as never, p as never) : window.sats.Wallet.request(m as never, p as never)), [
      method,
      params,
      via,
    ] as const) as Promise<{
      status: string;
      result?: unknown;
      error?: unknown;
    }>;

  test.describe('as Xverse', () => {
    test.use({ identities: ['xverse'] });
    test('buys an inscription: its PSBT, a foreign input signed ANYONECANPAY, signed and broadcast by the wallet, confirmed on the chain', async ({
      page,
      wallet,
      chain,
    }) => {
      await page.goto('/sats.html');
      const sats = satsOf(page, 'request');
      const connecting = sats('wallet_connect', { addresses: ['payment', 'ordinals'] });
      await wallet.approveNext();
      const list = ((await connecting).result as { addresses: { address: string; purpose: string }[] }).addresses;
      const of = (purpose: string) => list.find((a) => a.purpose === purpose)!.address;
      expect(of('payment')).toBe(chain.accounts[0]!.p2wpkh);
      await buyInscription(page, wallet, chain, sats, { payment: of('payment'), ordinals: of('ordinals') }, false);
    });
  });

  test.describe('as UniSat', () => {
    test.use({ identities: ['unisat'] });
    test("buys an inscription through sats-connect's UniSat adapter: signed, pushed, confirmed on the chain", async ({ page, wallet, chain }) => {
      await page.goto('/sats.html');
      await page.evaluate(() => localStorage.setItem('sats-connect_defaultProvider', 'unisat'));
      const sats = satsOf(page, 'Wallet');
      const accounts = sats('getAccounts', { purposes: ['payment', 'ordinals'] });
      await wallet.approveNext();
      const { address } = ((await accounts).result as { address: string }[])[0]!;
      await chain.bitcoin.fund(address, 200_000); // UniSat's address (m/84'/0'/0'/0/0) is not one the chain funded
      await buyInscription(page, wallet, chain, sats, { payment: address, ordinals: address }, true);
    });
  });
});

test("a @stacks/connect app calls its own Clarinet project's contract through the wallet, and a read-only call to the node reads the new state", async ({
  page,
  wallet,
  chain,
}) => {
  const tally = `${chain.stacks!.deployer}.tally`;
  await connectThroughPicker(page, wallet);
  await click(page, 'call-contract', { contract: tally, by: 5 });
  const prompt = await wallet.nextPrompt();
  // The chain's nonce and balance for the funded account 0 (100 000 000 STX at start).
  // The fee: the node's middle estimate (this chain's is 2 µSTX a byte) held at Leather's floor of 3 000 µSTX.
  expect((await prompt.details()).fields).toMatchObject({
    Nonce: expect.stringMatching(/^0/),
    Balance: `100000000 STX on ${chain.stacksUrl}`,
    Fee: "0.003 STX (the wallet's pick from the node's estimate)",
  });
  await prompt.approve();
  const called = await outcome(page, 'call-contract');
  expect(called.status, JSON.stringify(called.value)).toBe('ok');
  const { txid } = called.value['result'] as { txid: string };
  expect(chain.stacks!.tx(txid)).toMatchObject({ state: 'mined', status: 'success' });
  await click(page, 'read-total', { contract: tally, node: chain.stacksUrl });
  expect(await outcome(page, 'read-total')).toMatchObject({ status: 'ok', value: { result: '5' } });
});

test("the demo dApp (npm start's) shows the connected account's balance on the chain and sends a transfer it follows to its block", async ({
  page,
  wallet,
  chain,
}) => {
  await page.goto(`/?esplora=${encodeURIComponent(chain.bitcoin.url)}`);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await wallet.approveNext();
  await expect(page.getByLabel('Balance')).toHaveText('Balance: 1 BTC');
  await chain.bitcoin.setFeeRates({ halfHourFee: 1 });
  await page.getByRole('button', { name: /^Send 0.0001 BTC/ }).click();
  await wallet.approveNext();
  await expect(page.getByLabel('Transfer')).toHaveText(/^Sent, waiting for a block: [0-9a-f]{64}$/);
  // Leather's estimate with a Taproot recipient (43 vB) and change: 152.5 vB at 1 sat/vB, 153 sats; the 10 000 went to the account's own Taproot address.
  await expect(page.getByLabel('Balance')).toHaveText('Balance: 0 BTC (+0.99989847 BTC unconfirmed)');
  await chain.bitcoin.mine();
  await expect(page.getByLabel('Transfer')).toHaveText(/^Confirmed in block \d+: [0-9a-f]{64}$/);
  await expect(page.getByLabel('Balance')).toHaveText('Balance: 0.99989847 BTC');
});

// Oyl through LaserEyes 0.0.85's Oyl provider (e2e/connectors/apps/oyl.spec.ts has the rest): here, where the chain and its
// browser are started already, rather than in a file whose chain options would start a worker, a browser and a chain of its own.
test.describe('as Oyl', () => {
  test.use({ identities: ['oyl'] });
  test("LaserEyes' signPsbt with broadcast: the wallet finalises its inputs and sends the transaction; the chain takes and mines it", async ({
    page,
    wallet,
    chain,
  }) => {
    // Oyl's regtest keys are the mainnet ones (coin 0'): an address the chain did not fund at start.
    const { nativeSegwit, taproot } = await expectedAddresses({ identity: 'oyl', network: 'regtest' });
    expect(nativeSegwit.address).toBe('bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zeqchgx');
    const funding = await chain.bitcoin.fund(nativeSegwit.address, 50_000);
    await chain.bitcoin.mine();
    await openLaserEyes(page, 'regtest');
    await page.getByRole('button', { name: 'Connect Oyl' }).click();
    await wallet.approveNext();
    await expect(page.locator('#out')).toHaveText(`Connected: ${taproot.address}`);
    expect(await client(page, 'getBalance')).toBe(50_000); // the four addresses' coins on the chain

    const [coin] = await chain.bitcoin.utxos(nativeSegwit.address);
    expect(coin?.txid).toBe(funding);
    const psbt = new bitcoin.Psbt({ network: bitcoin.networks.regtest });
    psbt.addInput({
      hash: coin!.txid,
      index: coin!.vout,
      witnessUtxo: { script: bitcoin.address.toOutputScript(nativeSegwit.address, bitcoin.networks.regtest), value: BigInt(coin!.value) },
    });
    psbt.addOutput({ address: taproot.address, value: BigInt(coin!.value - 1_000) });
    const sending = client<{ signedPsbtHex: string; txId?: string }>(page, 'signPsbt', { tx: psbt.toHex(), finalize: false, broadcast: true });
    const window = await wallet.nextPrompt();
    expect(await window.details()).toMatchObject({ fields: { Finalize: 'yes', Broadcast: 'yes, once signed' } });
    await window.approve();
    const { signedPsbtHex, txId } = (await sending) as { signedPsbtHex: string; txId: string };
    expect(txId).toBe(bitcoin.Psbt.fromHex(signedPsbtHex).extractTransaction().getId());
    expect((await chain.bitcoin.tx(txId)).status).toEqual({ confirmed: false });
    await chain.bitcoin.mine();
    expect(await chain.bitcoin.waitForTx(txId, { confirmed: true })).toMatchObject({
      fee: 1_000,
      vin: [{ prevout: { scriptpubkey_address: nativeSegwit.address } }],
    });
    expect(await chain.bitcoin.balance(taproot.address)).toBe(49_000);
    // getBalance covers all four addresses: the coins moved from nativeSegwit to taproot still count.
    expect(await client(page, 'getBalance')).toBe(49_000);
  });
});

test('a test that does not ask for the chain finds the wallet off it', async ({ wallet }) => {
  expect(await wallet.settings()).toMatchObject({ network: 'mainnet', bitcoinBroadcastUrl: '', stacksNodeUrl: '' });
});
