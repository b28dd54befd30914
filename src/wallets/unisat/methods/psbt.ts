// How UniSat signs a PSBT, replayed on @scure/btc-signer (docs/reference/unisat.md §3.5). Read from
// unisat-wallet/extension 494345cb src/background/controller/wallet.ts (formatOptionsToSignInputs,
// signPsbt) and controller/provider/controller.ts (signPsbt, multiSignPsbt); bitcoinjs-lib's checks
// (sighash allow-list, "Can not sign") are given in its words.
import { base64 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Transaction, p2tr } from '@scure/btc-signer';
import { RawPSBTV0 } from '@scure/btc-signer/psbt.js';
import { equalBytes, pubECDSA, taprootTweakPrivKey } from '@scure/btc-signer/utils.js';
import { MAX_PSBT_INPUTS, MAX_PSBT_OUTPUTS, prevoutOf, scriptKind } from '../../../core/bitcoin/psbt.ts';
import { NO_AUX_RANDOMNESS } from '../../../core/bitcoin/sighash.ts';
import { isPlainRecord, type JsonValue } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { UnisatAccount } from '../keys.ts';
import { failure } from './dialect.ts';

/** bitcoinjs reads any PSBT it can parse: unknown scripts and fields included. */
const READ = { allowUnknownOutputs: true, allowUnknownInputs: true, allowLegacyWitnessUtxo: true, disableScriptCheck: true } as const;

/** One input to sign, as formatOptionsToSignInputs resolves it. */
export interface ToSign {
  index: number;
  sighashTypes?: number[];
  useTweakedSigner?: boolean;
  disableTweakSigner?: boolean;
  tapLeafHashToSign?: Uint8Array;
}

/** What the app asked: options.toSignInputs as given (checked against the account when the request arrives), and autoFinalized. */
export interface PsbtRequest {
  psbt: Uint8Array;
  autoFinalized: boolean;
  toSignInputs?: JsonValue[];
}

/** Hex, or base64 when it is not all hex digits; anything unparseable is 'invalid psbt' (UXE psbt-utils.ts formatPsbtHex). */
export function readPsbt(value: JsonValue | undefined): Uint8Array {
  if (value === undefined || value === null || value === '') throw failure('psbtHex is required');
  if (typeof value !== 'string') throw failure('invalid psbt');
  let bytes: Uint8Array;
  try {
    bytes = /^[0-9a-fA-F]+$/.test(value) ? hexToBytes(value) : base64.decode(value);
    // bitcoinjs-lib, which UniSat parses with, reads PSBTv0 only: a BIP-370 PSBTv2 is 'invalid psbt' there.
    RawPSBTV0.decode(bytes);
    parse(bytes);
  } catch {
    throw failure('invalid psbt');
  }
  return bytes;
}

export function parse(psbt: Uint8Array): Transaction {
  const tx = Transaction.fromPSBT(psbt, READ);
  if (tx.inputsLength > MAX_PSBT_INPUTS || tx.outputsLength > MAX_PSBT_OUTPUTS) {
    throw failure(
      `the PSBT has ${tx.inputsLength} inputs and ${tx.outputsLength} outputs; this mock wallet signs PSBTs of at most ${MAX_PSBT_INPUTS} inputs and ${MAX_PSBT_OUTPUTS} outputs`,
    );
  }
  return tx;
}

/** signPsbt's options: autoFinalized is true unless it is exactly false; toSignInputs an array when given. */
export function readOptions(psbt: Uint8Array, options: JsonValue | undefined): PsbtRequest {
  if (options === undefined || options === null) return { psbt, autoFinalized: true };
  if (!isPlainRecord(options)) return { psbt, autoFinalized: true };
  const { autoFinalized, toSignInputs } = options as Record<string, JsonValue>;
  if (toSignInputs !== undefined && toSignInputs !== null && !Array.isArray(toSignInputs))
    throw failure(`options.toSignInputs must be an array of { index, address | publicKey }, got ${describe(toSignInputs)}`);
  return { psbt, autoFinalized: autoFinalized !== false, ...(Array.isArray(toSignInputs) && { toSignInputs }) };
}

const isSigned = (input: ReturnType<Transaction['getInput']>): boolean =>
  Boolean(input.finalScriptSig || input.finalScriptWitness || input.tapKeySig || input.partialSig?.length || input.tapScriptSig?.length);

/**
 * The inputs UniSat signs: the app's toSignInputs, each checked against the current account; else
 * every unsigned input paying to the account's address, with its own sighash type; else, when none
 * does, every input (UniSat's "sign all inputs", which then fails on another wallet's).
 */
export function toSignOf(tx: Transaction, request: PsbtRequest, account: UnisatAccount): ToSign[] {
  if (request.toSignInputs) {
    return request.toSignInputs.map((item, i) => {
      const input = isPlainRecord(item) ? (item as Record<string, JsonValue>) : {};
      const index = Number(input['index']);
      if (typeof item !== 'object' || item === null || Number.isNaN(index)) throw failure('invalid index in toSignInput');
      if (!input['address'] && !input['publicKey']) throw failure('no address or public key in toSignInput');
      if (input['address'] && input['address'] !== account.address) throw failure('invalid address in toSignInput');
      if (input['publicKey'] && input['publicKey'] !== account.publicKey) throw failure('invalid public key in toSignInput');
      const rawTypes = input['sighashTypes'];
      if (rawTypes !== undefined && rawTypes !== null && !Array.isArray(rawTypes))
        throw failure(`toSignInputs[${i}].sighashTypes must be an array of numbers, got ${describe(rawTypes)}`);
      const sighashTypes = Array.isArray(rawTypes) ? rawTypes.map(Number) : undefined;
      if (sighashTypes?.some(Number.isNaN)) throw failure('invalid sighash type in toSignInput');
      const leaf = input['tapLeafHashToSign'];
      if (leaf !== undefined && leaf !== null && (typeof leaf !== 'string' || !/^([0-9a-fA-F]{2}){32}$/.test(leaf)))
        throw failure(`toSignInputs[${i}].tapLeafHashToSign must be a 32-byte hex string, got ${describe(leaf)}`);
      const flag = (name: string): boolean | undefined => (typeof input[name] === 'boolean' ? (input[name] as boolean) : undefined);
      const useTweakedSigner = flag('useTweakedSigner');
      const disableTweakSigner = flag('disableTweakSigner');
      return {
        index,
        ...(sighashTypes && { sighashTypes }),
        ...(useTweakedSigner !== undefined && { useTweakedSigner }),
        ...(disableTweakSigner !== undefined && { disableTweakSigner }),
        ...(typeof leaf === 'string' && { tapLeafHashToSign: hexToBytes(leaf) }),
      };
    });
  }
  const own: ToSign[] = [];
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    const prevout = prevoutOf(input);
    if (!prevout || isSigned(input) || !equalBytes(prevout.script, account.outputScript)) continue;
    own.push({ index, ...(input.sighashType ? { sighashTypes: [input.sighashType] } : {}) });
  }
  return own.length > 0 ? own : [...Array(tx.inputsLength).keys()].map((index) => ({ index }));
}

const ANYONECANPAY = 0x80;
/** bitcoinjs-lib's sighashTypeToString. */
function sighashText(type: number): string {
  const mod = type & 0x1f;
  return `${type & ANYONECANPAY ? 'SIGHASH_ANYONECANPAY | ' : ''}${mod === 1 ? 'SIGHASH_ALL' : mod === 2 ? 'SIGHASH_NONE' : mod === 3 ? 'SIGHASH_SINGLE' : ''}`;
}

/** bitcoinjs-lib's isTaprootInput: any taproot field, or a witness UTXO paying to a taproot script. */
const isTaprootInput = (input: ReturnType<Transaction['getInput']>): boolean =>
  Boolean(
    input.tapInternalKey ||
      input.tapMerkleRoot ||
      input.tapLeafScript?.length ||
      input.tapBip32Derivation?.length ||
      (input.witnessUtxo && scriptKind(input.witnessUtxo.script) === 'p2tr'),
  );

/**
 * Signs in place as UniSat's wallet.signPsbt does (its fix-up pass, then the keyring's signTransaction,
 * @unisat/keyring-service 1.7.0 src/keyrings/hd-keyring.ts), then finalises each listed index when asked.
 */
export function signAsUnisat(tx: Transaction, toSign: readonly ToSign[], account: UnisatAccount, privateKey: Uint8Array, autoFinalized: boolean): void {
  const xOnly = hexToBytes(account.publicKey).subarray(1);
  // The output a key-path spend of the account's key pays to, whatever its address type (UniSat compares with it).
  const keyPathScript = p2tr(xOnly).script;
  const byIndex = new Map(toSign.map((t) => [t.index, { ...t }]));
  // The fix-up pass over the PSBT's inputs: taproot inputs get (or lose) the internal key, and script paths pick their signer.
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    const wanted = byIndex.get(index);
    if (!wanted || isSigned(input) || !input.witnessUtxo || scriptKind(input.witnessUtxo.script) !== 'p2tr') continue;
    const keyPath = equalBytes(input.witnessUtxo.script, keyPathScript);
    tx.updateInput(index, { tapInternalKey: keyPath ? xOnly : undefined }, true);
    if (keyPath || wanted.useTweakedSigner !== undefined || wanted.disableTweakSigner !== undefined) continue;
    const first = input.tapLeafScript?.[0]?.[1];
    wanted.useTweakedSigner = first ? !bytesToHex(first).includes(bytesToHex(xOnly)) : false;
  }
  // The keyring: each entry in the app's order, already-signed inputs included (bitcoinjs then refuses them).
  for (const wanted of byIndex.values()) signOne(tx, wanted, keyPathScript, privateKey);
  if (!autoFinalized) return;
  for (const { index } of byIndex.values()) {
    try {
      tx.finalizeIdx(index);
    } catch {
      throw failure(`Can not finalize input #${index}`);
    }
  }
}

function signOne(tx: Transaction, wanted: ToSign, keyPathScript: Uint8Array, privateKey: Uint8Array): void {
  const { index } = wanted;
  // UniSat's keyring reads psbt.data.inputs[index] first: no input there is a TypeError, which is what the page gets.
  if (index < 0 || index >= tx.inputsLength || !Number.isInteger(index)) throw failure("Cannot read properties of undefined (reading 'tapInternalKey')");
  const input = tx.getInput(index);
  const taproot = isTaprootInput(input);
  // The keyring's signer: taproot tweaked unless useTweakedSigner, else disableTweakSigner, says otherwise; others untweaked unless useTweakedSigner.
  const tweaked = typeof wanted.useTweakedSigner === 'boolean' ? wanted.useTweakedSigner : taproot ? wanted.disableTweakSigner !== true : false;
  const signer = tweaked ? taprootTweakPrivKey(privateKey) : privateKey;
  const signerKey = bytesToHex(pubECDSA(signer, true));
  // bitcoinjs: the input's own type (ALL, or DEFAULT for taproot, when it names none) must be in the allowed list.
  const type = input.sighashType || (taproot ? 0 : 1);
  const allowed = wanted.sighashTypes ?? [taproot ? 0 : 1];
  if (!allowed.includes(type))
    throw failure(`Sighash type is not allowed. Retry the sign method passing the sighashTypes array of whitelisted types. Sighash type: ${sighashText(type)}`);
  const cannot = taproot ? `Can not sign for input #${index} with the key ${signerKey}` : `Can not sign for this input with the key ${signerKey}`;
  // bitcoinjs signs a key path when the signer's key is the output key the prevout pays to (the tweaked key),
  // and the leaves that name the signer's key; btc-signer signs a key path with the untweaked key itself.
  const prevout = prevoutOf(input);
  const keyPath =
    taproot && input.tapInternalKey !== undefined && !wanted.tapLeafHashToSign && prevout !== undefined && equalBytes(prevout.script, keyPathScript);
  const leaves = (input.tapLeafScript ?? []).filter(([, script]) => bytesToHex(script).includes(signerKey.slice(2)));
  let key = signer;
  if (keyPath && tweaked) key = privateKey;
  else if (keyPath && leaves.length === 0) throw failure(cannot);
  let signed = false;
  try {
    signed = tx.signIdx(key, index, [type], NO_AUX_RANDOMNESS);
  } catch {
    throw failure(cannot);
  }
  if (!signed) throw failure(cannot);
}
