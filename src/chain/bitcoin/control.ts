// What a test calls on the regtest chain: async, as a control of a chain reached by URL would be,
// and answering with the Esplora JSON an app reads for the same thing.
import type { BitcoinServer } from './server.ts';
import type { FeeRates } from './chain.ts';
import { ChainError } from './regtest.ts';

/** A transaction as Esplora gives it (GET /tx/:txid), in the fields tests read most. */
export interface EsploraTx {
  txid: string;
  version: number;
  locktime: number;
  vin: { txid: string; vout: number; prevout: EsploraOutput | null; scriptsig: string; witness?: string[]; is_coinbase: boolean; sequence: number }[];
  vout: EsploraOutput[];
  size: number;
  weight: number;
  fee: number;
  status: TxStatus;
}
export interface EsploraOutput {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address?: string;
  value: number;
}
export interface TxStatus {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}
/** An unspent output (GET /address/:address/utxo). */
export interface EsploraUtxo {
  txid: string;
  vout: number;
  status: TxStatus;
  value: number;
}

export class BitcoinControl {
  /** The Esplora base URL (…/api): give it to the app as its mempool.space or Blockstream URL. */
  readonly url: string;

  constructor(private readonly server: BitcoinServer) {
    this.url = server.url;
  }

  /** Pays `sats` to an address from the chain's faucet, confirmed in a new block unless `confirm: false`; its txid. */
  async fund(address: string, sats: bigint | number, options: { confirm?: boolean } = {}): Promise<string> {
    return this.server.regtest.fund(address, sats, options);
  }

  /** Mines blocks (rewards to `address`, or to the faucet); their hashes. */
  async mine(count = 1, address?: string): Promise<string[]> {
    return this.server.regtest.mine(count, address);
  }

  /** Sends a raw transaction (hex); a refusal throws with Bitcoin Core's reason. */
  async broadcast(txHex: string): Promise<string> {
    return this.server.regtest.broadcast(txHex);
  }

  /** What /fee-estimates and /v1/fees/recommended answer from now on (sat/vB). */
  async setFeeRates(rates: Partial<FeeRates>): Promise<void> {
    this.server.regtest.setFeeRates(rates);
  }

  async tx(txid: string): Promise<EsploraTx> {
    return (await this.server.regtest.read(`/tx/${encodeURIComponent(txid)}`)) as unknown as EsploraTx;
  }

  async utxos(address: string): Promise<EsploraUtxo[]> {
    return (await this.server.regtest.read(`/address/${encodeURIComponent(address)}/utxo`)) as unknown as EsploraUtxo[];
  }

  /** Confirmed and unconfirmed sats an address holds (what a wallet shows as its balance). */
  async balance(address: string): Promise<number> {
    return (await this.utxos(address)).reduce((sum, u) => sum + u.value, 0);
  }

  /** Waits until a transaction is in the mempool (or, with `confirmed: true`, in a block); its Esplora JSON. */
  async waitForTx(txid: string, options: { confirmed?: boolean; timeoutMs?: number } = {}): Promise<EsploraTx> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const known = this.server.regtest.chain.txs.has(txid.toLowerCase());
      if (known) {
        const tx = await this.tx(txid);
        if (!options.confirmed || tx.status.confirmed) return tx;
      }
      if (Date.now() > deadline) {
        throw new ChainError(
          `transaction ${txid} was not ${known ? 'confirmed' : 'broadcast'} within ${options.timeoutMs ?? 10_000} ms${known ? ' (mine a block: chain.bitcoin.mine())' : ''}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
