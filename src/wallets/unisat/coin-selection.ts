// UniSat's coin selection for sendBitcoin, written from unisat-wallet/wallet-sdk v1.8.0 (80efeb8c;
// the same in the 1.9.0 the extension used): src/tx-helpers/send-btc.ts, src/transaction/transaction.ts
// and src/transaction/utxo.ts. OKX's closed extension is read as the same (docs/reference/okx.md).
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { Coin } from '../../core/bitcoin/coins.ts';
import { InsufficientFunds, sum, type Payee, type Selection, type Spender } from '../../core/bitcoin/spend.ts';
import { estimateVsize, scriptLength } from '../../core/bitcoin/vsize.ts';

/** UTXO_DUST: change is kept only when it is more than this. */
const CHANGE_DUST = 546n;
/** The size each further input adds, vbytes (utxo.ts). */
const INPUT_VBYTES: Record<Spender['kind'], number> = { p2wpkh: 68, p2tr: 57.5, p2pkh: 149, 'p2sh-p2wpkh': 92 };

/** The window's words for an account whose coins cannot pay (messages.json "Insufficient balance."). */
export const INSUFFICIENT = 'Insufficient balance.';

/** In the order the API lists them, until they pay the outputs and the fee (which counts a change output); change only above dust. */
export function unisatSelect(kind: Spender['kind'], changeAddress: string, network: BTC_NETWORK) {
  return (coins: Coin[], payees: readonly Payee[], feeRate: number): Selection => {
    const outputs = [...payees.map((p) => scriptLength(p.address, network)), scriptLength(changeAddress, network)];
    const amount = sum(payees.map((p) => p.amount));
    const feeFor = (n: number): bigint => BigInt(Math.ceil((estimateVsize(kind, 1, outputs) + (n - 1) * INPUT_VBYTES[kind]) * feeRate));
    const chosen: Coin[] = [];
    for (const coin of coins) {
      chosen.push(coin);
      const total = sum(chosen.map((c) => c.value));
      const fee = feeFor(chosen.length);
      if (total < amount + fee) continue;
      const left = total - amount - fee;
      const change = left > CHANGE_DUST ? left : 0n;
      return { coins: chosen, fee: total - amount - change, change };
    }
    throw new InsufficientFunds(INSUFFICIENT);
  };
}
