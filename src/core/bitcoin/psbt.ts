// Reading a PSBT as a person reviews it, and signing it as the real wallet does (signing-methods.md §5.2).
import { bytesToHex } from '@noble/hashes/utils.js';
import { Address, Decimal, OutScript, Transaction } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { ANY_SIGHASH, NO_AUX_RANDOMNESS } from './sighash.ts';

/** Outputs of any script (OP_RETURN, bare multisig…) are read, not refused. */
export const PSBT_OPTIONS = { allowUnknownOutputs: true } as const;

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

export function inputInfo(tx: Transaction, index: number, network: BTC_NETWORK): InputInfo {
  const input = tx.getInput(index);
  const outpoint = `${input.txid ? bytesToHex(input.txid) : '?'}:${input.index ?? '?'}`;
  const prevout = input.witnessUtxo ?? (input.index !== undefined ? input.nonWitnessUtxo?.outputs[input.index] : undefined);
  const info: InputInfo = { index, outpoint, ...(input.sighashType !== undefined && { sighashType: input.sighashType }) };
  if (!prevout) return info;
  return { ...info, amount: prevout.amount, script: prevout.script, kind: scriptKind(prevout.script), address: scriptAddress(prevout.script, network) };
}

export interface AccountSigningKeys {
  p2wpkh: Uint8Array;
  p2tr: Uint8Array;
  /** x-only internal key of the p2tr key, written into taproot inputs that name none. */
  taprootInternalKey: Uint8Array;
}

/**
 * Signs the given inputs in place: each with the p2wpkh key, else the p2tr key, else
 * left unsigned without error (an input of another wallet). Returns which key signed each.
 */
export function signInputs(tx: Transaction, indices: readonly number[], keys: AccountSigningKeys, network: BTC_NETWORK): Map<number, 'p2wpkh' | 'p2tr'> {
  // As the real wallet: a taproot input with no internal key and no script leaves gets the account's.
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (inputInfo(tx, i, network).kind === 'p2tr' && !input.tapInternalKey && !input.tapLeafScript) tx.updateInput(i, { tapInternalKey: keys.taprootInternalKey });
  }
  const signed = new Map<number, 'p2wpkh' | 'p2tr'>();
  for (const index of indices) {
    for (const kind of ['p2wpkh', 'p2tr'] as const) {
      if (trySign(tx, index, keys[kind])) {
        signed.set(index, kind);
        break;
      }
    }
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
