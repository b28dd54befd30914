// Amounts as Bitcoin Core writes them in reject reasons (src/util/moneystr.cpp FormatMoney,
// src/policy/feerate.cpp CFeeRate::ToString).

const COIN = 100_000_000n;

/** "0.0001", "1.00": whole coins, then the satoshis with trailing zeros trimmed to two places. */
export function formatMoney(sats: bigint): string {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  let fraction = (abs % COIN).toString().padStart(8, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${abs / COIN}.${fraction}`;
}

/** A fee over a virtual size, in sat per 1000 vB, rounded down as CFeeRate(fee, size) does. */
export const feeRatePerKvB = (fee: bigint, vsize: number): bigint => (fee * 1000n) / BigInt(vsize);

/** "0.00002000 BTC/kvB". */
export const formatFeeRate = (perKvB: bigint): string => `${perKvB / COIN}.${(perKvB % COIN).toString().padStart(8, '0')} BTC/kvB`;

/** The fee a rate asks of a size, rounded up (CFeeRate::GetFee). */
export const feeAt = (perKvB: number, vsize: number): bigint => BigInt(Math.ceil((perKvB * vsize) / 1000));
