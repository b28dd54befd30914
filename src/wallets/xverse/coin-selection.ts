// Xverse's coin selection for sendTransfer from the payment address, written from
// secretkeylabs/xverse-core v39.1.0 (39b64c5, the version xverse-web-extension bdbd6a0 pins):
// transactions/bitcoin/actionProcessors.ts (applySendBtcActionsAndFee), utils/index.ts (the candidate
// coins) and utils/transactionVsizeEstimator.ts (dummy signatures).
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { Coin } from '../../core/bitcoin/coins.ts';
import { InsufficientFunds, sum, type Payee, type Selection, type Spender } from '../../core/bitcoin/spend.ts';
import { estimateVsize, scriptLength } from '../../core/bitcoin/vsize.ts';

/** Change is kept only when it is more than this (546: p2pkh dust). */
const CHANGE_DUST = 546n;
/** The size of one more input of the payment address's kind, vbytes (context.ts inputSize). */
const INPUT_VBYTES: Partial<Record<Spender['kind'], number>> = { p2wpkh: 68, 'p2sh-p2wpkh': 91 };

/** The page's words when the coins cannot pay (btcSendRequest: -32603, 'Insufficient balance'). */
export const INSUFFICIENT = 'Insufficient balance';

/**
 * Confirmed coins first, largest first; unconfirmed ones too only when the confirmed cannot pay.
 * Each added coin is checked for an ending: with change (when it is more than the fee it adds plus
 * dust), else without (the rest to the miner).
 */
export function xverseSelect(kind: Spender['kind'], changeAddress: string, network: BTC_NETWORK) {
  const inputSize = INPUT_VBYTES[kind] ?? 68;
  return (coins: Coin[], payees: readonly Payee[], feeRate: number): Selection => {
    const outputs = payees.map((p) => scriptLength(p.address, network));
    const withChange = [...outputs, scriptLength(changeAddress, network)];
    const amount = sum(payees.map((p) => p.amount));
    const attempt = (pool: Coin[]): Selection | undefined => {
      // Ascending by value (then outpoint) and taken from the end: the largest first.
      const candidates = pool
        .filter((c) => Number(c.value) > inputSize * feeRate)
        .sort((a, b) => (a.value === b.value ? `${a.txid}:${a.vout}`.localeCompare(`${b.txid}:${b.vout}`) : Number(a.value - b.value)));
      const chosen: Coin[] = [];
      for (;;) {
        const remainder = sum(chosen.map((c) => c.value)) - amount;
        if (chosen.length > 0 && remainder > 0n) {
          const feeWithChange = BigInt(estimateVsize(kind, chosen.length, withChange) * feeRate);
          if (feeWithChange < remainder && remainder - feeWithChange > CHANGE_DUST)
            return { coins: chosen, fee: feeWithChange, change: remainder - feeWithChange };
          if (BigInt(estimateVsize(kind, chosen.length, outputs) * feeRate) <= remainder) return { coins: chosen, fee: remainder, change: 0n };
        }
        const next = candidates.pop();
        if (!next) return undefined;
        chosen.push(next);
      }
    };
    const selection = attempt(coins.filter((c) => c.confirmed)) ?? attempt(coins);
    if (!selection) throw new InsufficientFunds(INSUFFICIENT);
    return selection;
  };
}
