// The regtest chain a test drives: started with the wallet's addresses funded, and the controls
// a test calls (fund, mine, fee rates, reads). Reads answer with the Esplora JSON an app gets.
import { hex } from '@scure/base';
import type { JsonValue } from '../../core/json.ts';
import { BitcoinChain, type BitcoinChainOptions, type FeeRates } from './chain.ts';
import { esploraRoutes } from './esplora.ts';
import { Faucet } from './faucet.ts';
import { Rejection } from './policy.ts';
import { addressScript } from './script.ts';
import { COINBASE_MATURITY, subsidy } from './params.ts';
import type { Routes } from '../http.ts';
import type { Snapshot } from './journal.ts';

export interface Funding {
  address: string;
  sats: bigint;
}

export interface RegtestOptions extends BitcoinChainOptions {
  /** Outputs paid when the chain starts, confirmed in its first block after the faucet's. */
  funding?: readonly Funding[];
}

/** A refusal as a test reads it: Bitcoin Core's reason, in a readable message. */
export class ChainError extends Error {}

function scriptFor(address: string): Uint8Array {
  const script = addressScript(address);
  if (!script) throw new ChainError(`"${address}" is not a regtest address (bcrt1…, or m/n/2… base58)`);
  return script;
}

function satsFor(value: bigint | number, what: string): bigint {
  const sats = typeof value === 'number' ? (Number.isSafeInteger(value) ? BigInt(value) : -1n) : value;
  if (sats <= 0n || sats > 21_000_000n * 100_000_000n)
    throw new ChainError(`${what} must be a whole number of sats from 1 to 2100000000000000, got ${String(value)}`);
  return sats;
}

export class Regtest {
  readonly chain: BitcoinChain;
  readonly faucet: Faucet;
  readonly routes: Routes;

  constructor(options: RegtestOptions = {}) {
    this.chain = new BitcoinChain(options);
    this.faucet = new Faucet(this.chain);
    this.routes = esploraRoutes(this.chain);
    const funding = (options.funding ?? []).map((f) => ({ script: scriptFor(f.address), value: satsFor(f.sats, `funding for ${f.address}`) }));
    const needed = funding.reduce((sum, f) => sum + f.value, 0n) + 100_000n;
    // Enough rewards mature for the funding (regtest's subsidy is 50 BTC; each matures after 100 blocks).
    let blocks = COINBASE_MATURITY + 1;
    for (let mature = subsidy(1); mature < needed; mature += subsidy(blocks - COINBASE_MATURITY)) blocks++;
    this.chain.mine(blocks, this.faucet.script);
    if (funding.length > 0) {
      this.faucet.pay(funding);
      this.chain.mine(1, this.faucet.script);
    }
  }

  /** Pays an address from the faucet; confirmed in a new block unless `confirm: false`. Returns the txid. */
  fund(address: string, sats: bigint | number, options: { confirm?: boolean } = {}): string {
    const payment = { script: scriptFor(address), value: satsFor(sats, 'the amount') };
    this.ensureFaucet(payment.value);
    let txid: string;
    try {
      txid = this.faucet.pay([payment]);
    } catch (error) {
      if (error instanceof Rejection) throw new ChainError(`the chain refused the funding of ${address} with ${String(sats)} sats: ${error.reason}`);
      throw error;
    }
    if (options.confirm ?? true) this.chain.mine(1, this.faucet.script);
    return txid;
  }

  /** Mines blocks (to an address, or to the faucet); returns their hashes. */
  mine(count = 1, address?: string): string[] {
    if (!Number.isSafeInteger(count) || count < 1 || count > 10_000)
      throw new ChainError(`the number of blocks must be a whole number from 1 to 10000, got ${String(count)}`);
    return this.chain.mine(count, address === undefined ? this.faucet.script : scriptFor(address));
  }

  /** Broadcasts a raw transaction (hex); a refusal throws ChainError with the node's reason. */
  broadcast(txHex: string): string {
    if (!/^([0-9a-fA-F]{2})+$/.test(txHex)) throw new ChainError('the transaction must be hex (an even number of 0-9a-f digits)');
    try {
      return this.chain.accept(hex.decode(txHex.toLowerCase()));
    } catch (error) {
      if (error instanceof Rejection) throw new ChainError(`the chain refused the transaction: ${error.reason} (bitcoind code ${error.code})`);
      throw error;
    }
  }

  setFeeRates(rates: Partial<FeeRates>): void {
    for (const [name, value] of Object.entries(rates)) {
      if (typeof value !== 'number' || !(value > 0) || value > 100_000)
        throw new ChainError(`fee rate ${name} must be a number of sat/vB above 0 and at most 100000, got ${String(value)}`);
    }
    this.chain.setFeeRates(rates);
  }

  /** A GET of the Esplora API, in process: what an app reading `path` (e.g. `/tx/<txid>`) gets. */
  async read(path: string): Promise<JsonValue> {
    const reply = await this.routes({ method: 'GET', path: `/api${path}`, query: new URLSearchParams(), body: new Uint8Array() });
    if (!reply) throw new ChainError(`Esplora serves no ${path}`);
    if (reply.status !== 200) throw new ChainError(`GET ${path}: ${reply.status} ${'text' in reply ? reply.text : ''}`);
    return 'json' in reply ? reply.json : 'text' in reply ? reply.text : hex.encode(reply.bytes);
  }

  snapshot(): Snapshot {
    return this.chain.snapshot();
  }

  restore(snapshot: Snapshot): void {
    this.chain.restore(snapshot);
  }

  /** Mines rewards to the faucet until it can pay `sats` (a test that funds a lot). */
  private ensureFaucet(sats: bigint): void {
    for (let n = 0; this.faucet.balance() < sats + 100_000n; n++) {
      // Regtest halves its reward every 150 blocks: its whole supply is about 15 000 BTC.
      if (n >= 1000 || subsidy(this.chain.tip.height + 1) === 0n)
        throw new ChainError(`the faucet cannot gather ${sats} sats: regtest's block rewards are spent or too small (it holds ${this.faucet.balance()})`);
      this.chain.mine(1, this.faucet.script);
    }
  }
}
