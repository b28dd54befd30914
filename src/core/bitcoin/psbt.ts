// Reading a PSBT as a person reviews it, and signing it as the real wallet does (docs/reference/leather.md §5.2).
import { bytesToHex } from '@noble/hashes/utils.js';
import { Address, Decimal, OutScript, Transaction } from '@scure/btc-signer';
import { equalBytes, type BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { ANY_SIGHASH, NO_AUX_RANDOMNESS } from './sighash.ts';
import { shareSighashes } from './sighash-cache.ts';

/** Inputs signed between two yields to the worker's other work. */
const YIELD_EVERY = 64;

/** Far above any standard transaction (a block holds some 10 000 inputs); the request size limit bounds the bytes. */
export const MAX_PSBT_INPUTS = 5000;
export const MAX_PSBT_OUTPUTS = 5000;

/**
 * Outputs of any script (OP_RETURN, bare multisig…) are read, not refused; a PSBTv2 (BIP-370) without a
 * tx-modifiable field keeps none (the real wallets' @scure/btc-signer 1.6.0 adds none; 2.x would).
 */
export const PSBT_OPTIONS = { allowUnknownOutputs: true, allowMissingTxModifiable: false } as const;

export type ScriptKind = 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2sh' | 'p2pkh' | 'other';

export interface InputInfo {
  index: number;
  outpoint: string;
  /** What the input spends; absent when the PSBT carries no UTXO for it. */
  amount?: bigint;
  script?: Uint8Array;
  kind?: ScriptKind;
  address?: string;
  sighashType?: number;
}

const KINDS: Record<string, ScriptKind> = { wpkh: 'p2wpkh', wsh: 'p2wsh', tr: 'p2tr', sh: 'p2sh', pkh: 'p2pkh' };

export function scriptKind(script: Uint8Array): ScriptKind {
  try {
    return KINDS[OutScript.decode(script).type] ?? 'other';
  } catch {
    return 'other';
  }
}

export function scriptAddress(script: Uint8Array, network: BTC_NETWORK): string {
  try {
    return Address(network).encode(OutScript.decode(script));
  } catch {
    return `script ${bytesToHex(script)}`;
  }
}

export const btc = (sats: bigint): string => `${Decimal.encode(sats)} BTC`;

type PsbtInput = ReturnType<Transaction['getInput']>;

/** The output an input spends, from its witnessUtxo or its whole previous transaction; undefined when the PSBT has neither. */
export function prevoutOf(input: PsbtInput): { amount: bigint; script: Uint8Array } | undefined {
  return input.witnessUtxo ?? (input.index !== undefined ? input.nonWitnessUtxo?.outputs[input.index] : undefined);
}

export function inputInfo(tx: Transaction, index: number, network: BTC_NETWORK): InputInfo {
  const input = tx.getInput(index);
  const outpoint = `${input.txid ? bytesToHex(input.txid) : '?'}:${input.index ?? '?'}`;
  const prevout = prevoutOf(input);
  const info: InputInfo = { index, outpoint, ...(input.sighashType !== undefined && { sighashType: input.sighashType }) };
  if (!prevout) return info;
  return { ...info, amount: prevout.amount, script: prevout.script, kind: scriptKind(prevout.script), address: scriptAddress(prevout.script, network) };
}

export interface AccountSigningKeys {
  p2wpkh: Uint8Array;
  p2tr: Uint8Array;
  /** x-only internal key of the p2tr key, written into the account's own taproot inputs that name none. */
  taprootInternalKey: Uint8Array;
  /** The output script of the account's p2tr address: only inputs spending it get the internal key. */
  taprootScript: Uint8Array;
}

/**
 * Signs the given inputs in place: each with the p2wpkh key, else the p2tr key, else left
 * unsigned without error (an input of another wallet). An input it does not sign keeps
 * every field as it came. Returns which key signed each.
 */
export async function signInputs(tx: Transaction, indices: readonly number[], keys: AccountSigningKeys): Promise<Map<number, 'p2wpkh' | 'p2tr'>> {
  shareSighashes(tx); // linear in inputs, not quadratic
  const signed = new Map<number, 'p2wpkh' | 'p2tr'>();
  for (const [n, index] of indices.entries()) {
    // A large PSBT lets the worker answer other requests between batches of inputs.
    if (n > 0 && n % YIELD_EVERY === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const input = tx.getInput(index);
    // As the real wallet: the account's own key-path taproot input that names no internal key gets
    // the account's. Another wallet's input is left alone: the key would not commit to its output.
    const prevout = prevoutOf(input);
    const addKey = !input.tapInternalKey && !input.tapLeafScript && prevout !== undefined && equalBytes(prevout.script, keys.taprootScript);
    if (addKey) tx.updateInput(index, { tapInternalKey: keys.taprootInternalKey }, true); // unsigned: no signature status to check (quadratic)
    for (const kind of ['p2wpkh', 'p2tr'] as const) {
      if (trySign(tx, index, keys[kind])) {
        signed.set(index, kind);
        break;
      }
    }
    if (addKey && !signed.has(index)) tx.updateInput(index, { tapInternalKey: undefined }, true);
  }
  return signed;
}

function trySign(tx: Transaction, index: number, key: Uint8Array): boolean {
  try {
    return tx.signIdx(key, index, ANY_SIGHASH, NO_AUX_RANDOMNESS);
  } catch {
    return false;
  }
}

/**
 * A PSBT the library refused, in a sentence that names the input when the refusal is about one (its
 * own words, such as "validateInput: Taproot metadata without P2TR previous output", name none): each
 * input is tried alone, with the same checks, and the first refused is named with what it spends.
 */
export function psbtRefusal(psbt: Uint8Array, error: unknown, network: BTC_NETWORK): string {
  const words = error instanceof Error ? error.message : String(error);
  let lenient: Transaction;
  try {
    lenient = Transaction.fromPSBT(psbt, { ...PSBT_OPTIONS, allowUnknownInputs: true, disableScriptCheck: true });
  } catch {
    return words;
  }
  for (let index = 0; index < lenient.inputsLength; index++) {
    try {
      new Transaction({ allowUnknownOutputs: true, allowUnknownInputs: true }).addInput(lenient.getInput(index));
    } catch (refused) {
      const input = inputInfo(lenient, index, network);
      const spends = input.address ? `, spending ${input.address}` : '';
      return `input ${index} (${input.outpoint}${spends}) is refused: ${refused instanceof Error ? refused.message : String(refused)}`;
    }
  }
  return words;
}
