// Oyl on the embedded regtest chain, through LaserEyes 0.0.85's Oyl provider (e2e/wallets/oyl.spec.ts has the rest):
// a file of its own because its chain options (no Stacks half, which no test here needs) give its test a worker
// of its own, with a browser launched for it, which the other Oyl tests need not pay.
import { test, expect, expectedAddresses } from 'mock-wallet-provider/testing';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { client, openLaserEyes } from '../support/lasereyes-page.ts';

// bitcoinjs-lib writes a Taproot output's script with an ECC library given to it.
bitcoin.initEccLib(ecc);

test.use({ identities: ['oyl'], chainOptions: { stacks: false } });

test.describe('on the embedded regtest chain', () => {
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
