// The checks a transaction meets before its inputs are looked up: Bitcoin Core v29's
// CheckTransaction (src/consensus/tx_check.cpp) and IsStandardTx (src/policy/policy.cpp), with
// their reject reasons. Script verification is not here: the interpreter does it (interpreter.ts).
import type { DecodedTx, TxOutput } from './transaction.ts';
import { NULL_TXID, isCoinbase, outpoint } from './transaction.ts';
import { describeOutput } from './script.ts';
import {
  DUST_RELAY_FEE_PER_KVB,
  MAX_DUST_OUTPUTS_PER_TX,
  MAX_MONEY,
  MAX_OP_RETURN_RELAY,
  MAX_STANDARD_TX_WEIGHT,
  MAX_STANDARD_VERSION,
  MIN_STANDARD_TX_NONWITNESS_SIZE,
} from './params.ts';
import { feeAt } from './money.ts';

/** RPC error codes sendrawtransaction answers with (src/rpc/protocol.h). */
export const RPC = { DESERIALIZATION: -22, VERIFY_ERROR: -25, VERIFY_REJECTED: -26, ALREADY_IN_CHAIN: -27 } as const;

/** A refusal: bitcoind's RPC code and reject reason, as Esplora relays them. */
export class Rejection extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const reject = (reason: string, code: number = RPC.VERIFY_REJECTED): never => {
  throw new Rejection(code, reason);
};

/** CheckTransaction: what no block may contain. */
export function checkTransaction(tx: DecodedTx): void {
  if (tx.inputs.length === 0) reject('bad-txns-vin-empty');
  if (tx.outputs.length === 0) reject('bad-txns-vout-empty');
  if (tx.strippedSize * 4 > 4_000_000) reject('bad-txns-oversize');
  let total = 0n;
  for (const output of tx.outputs) {
    if (output.value < 0n) reject('bad-txns-vout-negative');
    if (output.value > MAX_MONEY) reject('bad-txns-vout-toolarge');
    total += output.value;
    if (total > MAX_MONEY) reject('bad-txns-txouttotal-toolarge');
  }
  const seen = new Set<string>();
  for (const input of tx.inputs) {
    const key = outpoint(input.txid, input.vout);
    if (seen.has(key)) reject('bad-txns-inputs-duplicate');
    seen.add(key);
  }
  if (isCoinbase(tx)) reject('coinbase');
  if (tx.inputs.some((input) => input.txid === NULL_TXID && input.vout === 0xffffffff)) reject('bad-txns-prevout-null');
}

/** Serialized size of an output: value, script length, script. */
const outputSize = (output: TxOutput): number => 8 + (output.script.length < 0xfd ? 1 : 3) + output.script.length;

/** GetDustThreshold: the output's size plus what spending it costs, at the dust relay fee. */
export function dustThreshold(output: TxOutput): bigint {
  const info = describeOutput(output.script);
  if (info.type === 'op_return') return 0n;
  const witness =
    output.script.length >= 4 &&
    output.script.length <= 42 &&
    (output.script[0] === 0x00 || (output.script[0]! >= 0x51 && output.script[0]! <= 0x60)) &&
    output.script[1] === output.script.length - 2;
  return feeAt(DUST_RELAY_FEE_PER_KVB, outputSize(output) + (witness ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4));
}

/** Is every opcode of a scriptSig a push (IsPushOnly)? */
function pushOnly(script: Uint8Array): boolean {
  for (let i = 0; i < script.length; ) {
    const op = script[i++]!;
    if (op > 0x60) return false;
    if (op >= 0x01 && op <= 0x4b) i += op;
    else if (op === 0x4c) i += 1 + (script[i] ?? 0);
    else if (op === 0x4d) i += 2 + ((script[i] ?? 0) | ((script[i + 1] ?? 0) << 8));
    else if (op === 0x4e) i += 4 + new DataView(script.buffer, script.byteOffset + i, Math.min(4, script.length - i)).getUint32(0, true);
    if (i > script.length) return false;
  }
  return true;
}

/** IsStandardTx: what a node relays. */
export function checkStandard(tx: DecodedTx): void {
  if (tx.version < 1 || tx.version > MAX_STANDARD_VERSION) reject('version');
  if (tx.weight > MAX_STANDARD_TX_WEIGHT) reject('tx-size');
  if (tx.strippedSize < MIN_STANDARD_TX_NONWITNESS_SIZE) reject('tx-size-small');
  for (const input of tx.inputs) {
    if (input.scriptSig.length > 1650) reject('scriptsig-size');
    if (!pushOnly(input.scriptSig)) reject('scriptsig-not-pushonly');
  }
  let dataOutputs = 0;
  let dust = 0;
  for (const output of tx.outputs) {
    const { type } = describeOutput(output.script);
    if (type === 'op_return') {
      if (output.script.length > MAX_OP_RETURN_RELAY || !pushOnly(output.script.subarray(1))) reject('scriptpubkey');
      dataOutputs++;
    } else if (type === 'unknown' || type === 'empty') {
      // Witness programs of future versions (v2–v16) are standard outputs; other scripts are not.
      const futureWitness =
        output.script.length >= 4 &&
        output.script.length <= 42 &&
        output.script[0]! >= 0x52 &&
        output.script[0]! <= 0x60 &&
        output.script[1] === output.script.length - 2;
      if (!futureWitness) reject('scriptpubkey');
    }
    if (output.value < dustThreshold(output)) dust++;
  }
  if (dust > MAX_DUST_OUTPUTS_PER_TX) reject('dust');
  if (dataOutputs > 1) reject('multi-op-return');
}

/** PreCheckEphemeralTx (src/policy/ephemeral_policy.cpp): a dust output is allowed only in a transaction that pays no fee. */
export function checkEphemeralDust(tx: DecodedTx, fee: bigint): void {
  if (fee !== 0n && tx.outputs.some((o) => o.value < dustThreshold(o))) reject('dust, tx with dust output must be 0-fee');
}

/**
 * sendrawtransaction's maxburnamount (src/rpc/mempool.cpp, default 0): value sent to an output no one
 * can spend (OP_RETURN, or a script over 10 000 bytes) is refused before the mempool sees it.
 */
export function checkBurn(tx: DecodedTx): void {
  if (tx.outputs.some((o) => o.value > 0n && (o.script[0] === 0x6a || o.script.length > 10_000))) {
    reject('Unspendable output exceeds maximum configured by user (maxburnamount)', RPC.VERIFY_ERROR);
  }
}

/** IsFinalTx at the next block: its height and the tip's median time past. */
export function isFinal(tx: DecodedTx, height: number, medianTime: number): boolean {
  if (tx.locktime === 0) return true;
  if (tx.locktime < (tx.locktime < 500_000_000 ? height : medianTime)) return true;
  return tx.inputs.every((input) => input.sequence === 0xffffffff);
}
