// The chain's own wallet: block rewards go to its key, and funding an address is a real
// transaction it signs and the chain accepts like any other (its scripts run by the interpreter).
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { Transaction, p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import type { BitcoinChain, Coin } from './chain.ts';
import { COINBASE_MATURITY } from './params.ts';
import { dustThreshold } from './policy.ts';

/** A fixed key, so every start gives the same chain: SHA-256 of this text. */
const FAUCET_KEY = sha256(new TextEncoder().encode('mock-wallet regtest faucet'));
/** What funding pays per vB: above the relay floor, under every default fee rate apps read. */
const FAUCET_FEE_RATE = 2n;

export interface Payment {
  script: Uint8Array;
  value: bigint;
}

export class Faucet {
  readonly script: Uint8Array;

  constructor(private readonly chain: BitcoinChain) {
    this.script = p2wpkh(pubECDSA(FAUCET_KEY)).script;
  }

  /** What it can spend in the next block: mature rewards and its change. */
  spendable(): Coin[] {
    const next = this.chain.tip.height + 1;
    return this.chain.utxosOf(this.script).filter((c) => !c.coinbase || (c.height !== undefined && next - c.height >= COINBASE_MATURITY));
  }

  balance(): bigint {
    return this.spendable().reduce((sum, c) => sum + c.value, 0n);
  }

  /** Pays every output in one transaction, into the mempool; returns its txid. */
  pay(payments: readonly Payment[]): string {
    const total = payments.reduce((sum, p) => sum + p.value, 0n);
    const coins = this.spendable().sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
    const outputBytes = payments.reduce((n, p) => n + 9 + p.script.length, 0);
    const chosen: Coin[] = [];
    let gathered = 0n;
    // Size: version, counts, locktime, 68 vB per P2WPKH input, the outputs and a change output.
    const feeFor = (inputs: number) => FAUCET_FEE_RATE * BigInt(11 + 68 * inputs + outputBytes + 31);
    for (const coin of coins) {
      if (gathered >= total + feeFor(chosen.length)) break;
      chosen.push(coin);
      gathered += coin.value;
    }
    const fee = feeFor(chosen.length);
    if (gathered < total + fee) {
      throw new Error(
        `the faucet holds ${gathered} sats it can spend, short of ${total + fee} (${total} to pay and ${fee} of fee): mine more blocks to it first`,
      );
    }
    const tx = new Transaction({ allowUnknownOutputs: true });
    for (const coin of chosen) tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, amount: coin.value } });
    for (const p of payments) tx.addOutput({ script: p.script, amount: p.value });
    const change = gathered - total - fee;
    if (change >= dustThreshold({ script: this.script, value: change })) tx.addOutput({ script: this.script, amount: change });
    tx.sign(FAUCET_KEY);
    tx.finalize();
    return this.chain.accept(tx.extract());
  }

  /** Its private key, for tests that spend its outputs themselves. */
  static readonly privateKeyHex = hex.encode(FAUCET_KEY);
}
