// A dApp written with sats-connect (latest), as apps on Xverse's SDK are: a Connect button calling its
// `request` helper, and the library on window for tests that call more.
import Wallet, { request, addListener, getProviderById, getSupportedWallets, RpcErrorCode } from 'sats-connect';
import mempoolJS from '@mempool/mempool.js';
import { Transaction, NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import { base64, hex } from '@scure/base';

/** A seller's listing: the inscription's output, and what it costs. */
export interface Listing {
  txid: string;
  vout: number;
  value: number;
  script: string;
  price: number;
  payTo: string;
}

const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };

/**
 * An inscription purchase as marketplaces build it: the seller's inscription output first (the seller
 * signs it ALL|ANYONECANPAY), the buyer's largest payment coin read with mempool.js, the inscription to
 * the buyer's ordinals address, the price to the seller, the change back, at `feeRate` sat/vB.
 */
async function buildPurchase(options: { host: string; listing: Listing; payment: string; ordinals: string; feeRate: number }): Promise<string> {
  const { bitcoin } = mempoolJS({ hostname: options.host, protocol: 'http', network: 'regtest' });
  const network = options.payment.startsWith('bc1') ? NETWORK : REGTEST;
  const coins = await bitcoin.addresses.getAddressTxsUtxo({ address: options.payment });
  const coin = coins.sort((a, b) => b.value - a.value)[0];
  if (!coin) throw new Error(`${options.payment} has no coins`);
  const funding = await bitcoin.transactions.getTx({ txid: coin.txid });
  const { listing } = options;
  const tx = new Transaction();
  tx.addInput({
    txid: listing.txid,
    index: listing.vout,
    witnessUtxo: { script: hex.decode(listing.script), amount: BigInt(listing.value) },
    sighashType: 0x81,
  });
  tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script: hex.decode(funding.vout[coin.vout]!.scriptpubkey), amount: BigInt(coin.value) } });
  tx.addOutputAddress(options.ordinals, BigInt(listing.value), network);
  tx.addOutputAddress(listing.payTo, BigInt(listing.price), network);
  const fee = 300 * options.feeRate; // two inputs, three outputs: about 250 vB
  tx.addOutputAddress(options.payment, BigInt(coin.value - listing.price - fee), network);
  return base64.encode(tx.toPSBT());
}

/** Whether mempool.js sees the transaction confirmed. */
async function confirmed(host: string, txid: string): Promise<boolean> {
  const { bitcoin } = mempoolJS({ hostname: host, protocol: 'http', network: 'regtest' });
  return (await bitcoin.transactions.getTxStatus({ txid })).confirmed;
}

declare global {
  interface Window {
    sats: {
      request: typeof request;
      addListener: typeof addListener;
      Wallet: typeof Wallet;
      getProviderById: typeof getProviderById;
      getSupportedWallets: typeof getSupportedWallets;
      RpcErrorCode: typeof RpcErrorCode;
      events: unknown[];
      market: { buildPurchase: typeof buildPurchase; confirmed: typeof confirmed };
    };
  }
}

const events: unknown[] = [];
window.sats = { request, addListener, Wallet, getProviderById, getSupportedWallets, RpcErrorCode, events, market: { buildPurchase, confirmed } };

const out = document.getElementById('out') as HTMLPreElement;
document.getElementById('connect')!.addEventListener('click', async () => {
  const response = await request('wallet_connect', { addresses: ['payment', 'ordinals'] as never });
  if (response.status === 'success') {
    const payment = response.result.addresses.find((a) => a.purpose === 'payment');
    out.textContent = `Connected: ${payment?.address ?? '?'}`;
  } else {
    out.textContent = `Not connected (${response.error.code}): ${response.error.message}`;
  }
});
