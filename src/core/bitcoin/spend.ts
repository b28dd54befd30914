// A payment from one of the account's addresses: the coins a wallet's own selection chose (each wallet
// has one: src/wallets/*/coin-selection.ts), the recipients in the order asked, the change last.
import { hexToBytes } from '@noble/hashes/utils.js';
import { Transaction } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { ChainReader, Coin, FeeRates } from './coins.ts';

export interface Payee {
  address: string;
  amount: bigint;
}

/** What a selection chose: `change` 0 = no change output (what is left goes to the miner). */
export interface Selection {
  coins: Coin[];
  fee: bigint;
  change: bigint;
}

/** A wallet's coin selection: throws InsufficientFunds when the coins cannot pay. */
export type SelectCoins = (coins: Coin[], payees: readonly Payee[], feeRate: number) => Selection;

/** The coins cannot pay the recipients and the fee; `message` is the wallet's own words. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
}

/** The address that pays: its output script and what signing its inputs needs. */
export interface Spender {
  address: string;
  script: Uint8Array;
  kind: 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh';
  /** p2sh-p2wpkh: the witness program. */
  redeemScript?: Uint8Array;
  /** p2tr: the x-only internal key. */
  tapInternalKey?: Uint8Array;
}

/** A fee rate as wallets use it: a whole number of sat/vB, at least 1 (mempool.space may answer fractions). */
export const wholeRate = (rate: number): number => Math.max(1, Math.round(rate));

/** The tier every wallet here starts its send screen on: mempool.space's half-hour rate (docs/chain.md says which wallet reads which). */
export const defaultRate = (rates: FeeRates): number => wholeRate(rates.halfHourFee);

export const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);

/** The unsigned transaction: version 2, locktime 0, each input at `sequence`, recipients then change. */
export async function buildSpend(
  spender: Spender,
  selection: Selection,
  payees: readonly Payee[],
  options: { sequence: number; network: BTC_NETWORK; chain: ChainReader },
): Promise<Transaction> {
  const tx = new Transaction({ allowLegacyWitnessUtxo: true });
  for (const coin of selection.coins) {
    const common = { txid: coin.txid, index: coin.vout, sequence: options.sequence };
    if (spender.kind === 'p2pkh') {
      tx.addInput({ ...common, nonWitnessUtxo: hexToBytes(await options.chain.transactionHex(coin.txid)) });
      continue;
    }
    tx.addInput({
      ...common,
      witnessUtxo: { script: spender.script, amount: coin.value },
      ...(spender.redeemScript && { redeemScript: spender.redeemScript }),
      ...(spender.tapInternalKey && { tapInternalKey: spender.tapInternalKey }),
    });
  }
  for (const payee of payees) tx.addOutputAddress(payee.address, payee.amount, options.network);
  if (selection.change > 0n) tx.addOutputAddress(spender.address, selection.change, options.network);
  return tx;
}

type Field = { label: string; value: string };
type Table = { caption: string; columns: string[]; rows: string[][] };

/**
 * What a send window shows of the payment, whichever wallet builds it: the paying address's balance and
 * where it was read, then the fee, its rate and the change it will sign, or why the coins cannot pay
 * (`cannot`, in the wallet's words); and the coins spent.
 */
export function paymentView(
  plan: { spender: Spender; coins: readonly Coin[]; feeRate: number; selection?: Selection },
  chain: ChainReader,
  btc: (sats: bigint) => string,
  cannot: string,
): { fields: Field[]; coinsSpent: Table[] } {
  const { spender, coins, feeRate, selection } = plan;
  const where = chain.url ? `on ${chain.url}` : 'synthetic: no chain set (bitcoinBroadcastUrl)';
  const unconfirmed = sum(coins.filter((c) => !c.confirmed).map((c) => c.value));
  const balance = `${btc(sum(coins.map((c) => c.value)))}${unconfirmed > 0n ? ` (${btc(unconfirmed)} unconfirmed)` : ''}, ${where}`;
  return {
    fields: [
      { label: 'Balance', value: balance },
      ...(selection
        ? [
            { label: 'Fee', value: `${btc(selection.fee)} (${feeRate} sat/vB)` },
            { label: 'Change', value: selection.change > 0n ? `${btc(selection.change)} back to ${spender.address}` : 'none (what is left goes to the fee)' },
          ]
        : [{ label: 'Cannot send', value: cannot }]),
    ],
    coinsSpent: selection
      ? [{ caption: 'Coins spent', columns: ['Outpoint', 'Amount'], rows: selection.coins.map((c) => [`${c.txid}:${c.vout}`, btc(c.value)]) }]
      : [],
  };
}
