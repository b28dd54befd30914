// Leather's coin selection for a transfer from the account's p2wpkh address, written from
// leather-io/extension at 05d24d70623d66ee6ca23c1fdc0f5593501ad591:
// src/app/common/transactions/bitcoin/coinselect/local-coin-selection.ts (determineUtxosForSpend),
// src/app/common/transactions/bitcoin/utils.ts (filterUneconomicalUtxos) and
// src/app/common/transactions/bitcoin/fees/btc-size-fee-estimator.ts (the size constants).
import { Address } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { Coin } from '../../core/bitcoin/coins.ts';
import { InsufficientFunds, sum, type Payee, type Selection } from '../../core/bitcoin/spend.ts';

/** @leather.io/constants BTC_P2WPKH_DUST_AMOUNT: no coin below it is spent, no change at or below it is kept. */
export const P2WPKH_DUST = 294n;

/** Leather's estimator: a p2wpkh input, and each output type, in vbytes. */
const INPUT_VBYTES = 67.75;
const OUTPUT_VBYTES: Record<string, number> = { pkh: 34, sh: 32, wpkh: 31, wsh: 43, tr: 43 };

const varint = (n: number): number => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/** Size of `inputs` p2wpkh inputs paying the recipients and one p2wpkh change output (always counted). */
export function leatherVsize(inputs: number, outputTypes: readonly string[]): number {
  const outputs = [...outputTypes, 'wpkh'];
  const overhead = 4 + varint(inputs) + varint(outputs.length) + 4 + 0.5 + varint(inputs) / 4;
  return overhead + inputs * INPUT_VBYTES + outputs.reduce((size, type) => size + (OUTPUT_VBYTES[type] ?? OUTPUT_VBYTES['tr']!), 0);
}

/** The real wallet's words for every shortfall (InsufficientFundsError). */
export const INSUFFICIENT = 'Insufficient funds';

/** Largest coins first, until they pay the amount and the fee; change only above dust. */
export function leatherSelect(network: BTC_NETWORK) {
  return (coins: Coin[], payees: readonly Payee[], feeRate: number): Selection => {
    const types = payees.map((p) => Address(network).decode(p.address).type);
    const amount = sum(payees.map((p) => p.amount));
    // Uneconomical: worth less than dust, or less than the fee its own input adds.
    const usable = [...coins].sort((a, b) => Number(b.value - a.value)).filter((c) => c.value >= P2WPKH_DUST && Number(c.value) > INPUT_VBYTES * feeRate);
    if (usable.length === 0) throw new InsufficientFunds(INSUFFICIENT);
    const chosen = [usable[0]!];
    const feeFor = (n: number): bigint => BigInt(Math.ceil(leatherVsize(n, types) * feeRate));
    while (sum(chosen.map((c) => c.value)) < feeFor(chosen.length) + amount) {
      const next = usable[chosen.length];
      if (!next) throw new InsufficientFunds(INSUFFICIENT);
      chosen.push(next);
    }
    const total = sum(chosen.map((c) => c.value));
    const left = total - amount - feeFor(chosen.length);
    const change = left > P2WPKH_DUST ? left : 0n;
    return { coins: chosen, fee: total - amount - change, change };
  };
}
