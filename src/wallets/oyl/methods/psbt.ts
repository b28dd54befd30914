// How Oyl signs a PSBT (docs/reference/oyl.md §6), as @oyl/sdk's signAllInputs does (Oyl-Wallet/oyl-sdk
// a80eec37 src/signer/signer.ts), on @scure/btc-signer: no input list from the app; every input one of the
// account's four keys owns is signed (taproot by its key path, which needs the input's tapInternalKey), with
// the input's own sighash type, and finalised when `finalize` (true by default). Answered as hex.
import { base64 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { Transaction } from '@scure/btc-signer';
import { equalBytes, taprootTweakPubkey } from '@scure/btc-signer/utils.js';
import { inputInfo, prevoutOf, psbtRefusal, type InputInfo } from '../../../core/bitcoin/psbt.ts';
import { ANY_SIGHASH, NO_AUX_RANDOMNESS } from '../../../core/bitcoin/sighash.ts';
import { isPlainRecord, type JsonValue } from '../../../core/json.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { RPC_ERROR, RpcError, invalidParams } from '../../../core/rpc.ts';
import { describe, type Params } from '../../../core/methods/fields.ts';
import type { MethodContext, MethodView, SignedTransaction } from '../../../core/methods/method.ts';
import { parse } from '../../unisat/methods/psbt.ts';
import { psbtTables } from '../../../core/bitcoin/coins.ts';
import { OYL_ENTRIES, type OylAccount, type OylEntry, type OylEntryName } from '../keys.ts';
import { flag, oylKeyOf, oylOf } from './dialect.ts';

/** One PSBT as the app asked: signPsbt's argument, or an item of signPsbts'. */
export interface OylPsbtRequest {
  psbt: Uint8Array;
  /** "defaults to true" (bigmi 0.10.1's note on Oyl's signPsbt). */
  finalize: boolean;
  /** "defaults to false": the wallet sends the transaction itself and answers its txid. */
  broadcast: boolean;
}

/** The PSBT: hex, as Oyl takes it (base64 is read too: LaserEyes passes signPsbts' as the app gave them). */
export function readPsbt(value: JsonValue | undefined, field: string): Uint8Array {
  if (typeof value !== 'string' || value === '')
    throw invalidParams(`${field} must be the PSBT as a hex string, got ${value === undefined ? 'nothing' : describe(value)}`);
  let bytes: Uint8Array;
  try {
    bytes = /^([0-9a-fA-F]{2})+$/.test(value) ? hexToBytes(value) : base64.decode(value);
  } catch {
    throw invalidParams(`${field} must be the PSBT as a hex string, got ${describe(value)}`);
  }
  try {
    parse(bytes);
  } catch (error) {
    if (error instanceof RpcError) throw error; // too many inputs or outputs, in its words
    throw invalidParams(`${field} is not a PSBT: ${psbtRefusal(bytes, error, NETWORKS.mainnet.btc)}`);
  }
  return bytes;
}

export function readRequest(value: JsonValue | undefined, field: string, example: string): OylPsbtRequest {
  if (!isPlainRecord(value)) throw invalidParams(`${field} must be an object such as ${example}, got ${value === undefined ? 'nothing' : describe(value)}`);
  const params = value as Params;
  const at = (name: string) => (field === 'signPsbt' ? name : `${field}.${name}`);
  return {
    psbt: readPsbt(params['psbt'], at('psbt')),
    finalize: flag(params, 'finalize', true, at('finalize')),
    broadcast: flag(params, 'broadcast', false, at('broadcast')),
  };
}

const isFinal = (input: ReturnType<Transaction['getInput']>): boolean => Boolean(input.finalScriptSig || input.finalScriptWitness);
const hasSignature = (input: ReturnType<Transaction['getInput']>): boolean =>
  Boolean(input.tapKeySig || input.partialSig?.length || input.tapScriptSig?.length);

/**
 * The entry that owns input `index`: the one whose script its previous output pays to. A nested-segwit input
 * needs its redeemScript, as bitcoinjs' inputHasPubkey finds the key only through it.
 */
export function ownerOf(tx: Transaction, index: number, account: OylAccount): OylEntry | undefined {
  const input = tx.getInput(index);
  const prevout = prevoutOf(input);
  if (!prevout) return undefined;
  const entry = OYL_ENTRIES.map((name) => account[name]).find((e) => equalBytes(e.outputScript, prevout.script));
  if (entry?.name === 'nestedSegwit' && !(input.redeemScript && equalBytes(input.redeemScript, entry.redeemScript!))) return undefined;
  return entry;
}

/** The inputs signed: the account's own that are not final yet. */
export const toSignOf = (tx: Transaction, account: OylAccount): { index: number; entry: OylEntry }[] =>
  [...Array(tx.inputsLength).keys()].flatMap((index) => {
    const entry = ownerOf(tx, index, account);
    return entry && !isFinal(tx.getInput(index)) ? [{ index, entry }] : [];
  });

/**
 * What bitcoinjs refuses before signing, found as the request arrives (no window): a taproot input of the
 * account's without its tapInternalKey, a sighash type no signer has; and for `broadcast`, an input no one signed.
 */
export function check(request: OylPsbtRequest, account: OylAccount, field = 'psbt'): void {
  const tx = parse(request.psbt);
  const signing = toSignOf(tx, account);
  for (const { index, entry } of signing) {
    const input = tx.getInput(index);
    if (entry.name === 'taproot') {
      const internal = hexToBytes(entry.publicKey).subarray(1);
      if (!input.tapInternalKey || !equalBytes(input.tapInternalKey, internal)) {
        const [outputKey, parity] = taprootTweakPubkey(internal, new Uint8Array(0));
        throw invalidParams(
          `${field}: Can not sign for input #${index} with the key ${parity ? '03' : '02'}${bytesToHex(outputKey)}: the input pays to this account's taproot address ` +
            `but ${input.tapInternalKey ? 'names another tapInternalKey' : 'has no tapInternalKey'}; Oyl signs it by its key path only with the internal key ${bytesToHex(internal)} (docs/reference/oyl.md §6)`,
        );
      }
    }
    if (input.sighashType !== undefined && !ANY_SIGHASH.includes(input.sighashType))
      throw invalidParams(`${field}: input #${index} asks for sighash type 0x${input.sighashType.toString(16)}, which no signer produces`);
  }
  if (!request.broadcast) return;
  const ours = new Set(signing.map((s) => s.index));
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    if (!ours.has(index) && !isFinal(input) && !hasSignature(input))
      throw invalidParams(
        `${field}: broadcast needs every input signed, and input #${index} (${inputInfo(tx, index, NETWORKS.mainnet.btc).outpoint}) is not this account's and carries no signature`,
      );
  }
}

/** A signed transaction for the settings' chain, sent once approved (the bitcoinBroadcastUrl setting; '' sends nothing). */
export const sent = (tx: Transaction): SignedTransaction => ({
  chain: 'bitcoin',
  hex: tx.hex,
  txid: tx.id,
  send: true,
  failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true },
});

/** Signs (and finalises, and for broadcast extracts) one PSBT: the answer Oyl gives, and the transaction to send. */
export async function signed(
  request: OylPsbtRequest,
  context: MethodContext,
  field = 'psbt',
): Promise<{ result: { psbt: string; txid?: string }; transaction?: SignedTransaction }> {
  const account = await oylOf(context);
  check(request, account, field);
  const tx = parse(request.psbt);
  const keys = new Map<OylEntryName, Uint8Array>();
  for (const { index, entry } of toSignOf(tx, account)) {
    if (!keys.has(entry.name)) keys.set(entry.name, await oylKeyOf(context, entry.name));
    try {
      tx.signIdx(keys.get(entry.name)!, index, ANY_SIGHASH, NO_AUX_RANDOMNESS);
      // A broadcast needs final inputs: Oyl's answer then is final whatever `finalize` says (docs/reference/oyl.md §6).
      if (request.finalize || request.broadcast) tx.finalizeIdx(index);
    } catch (error) {
      throw invalidParams(`${field}: input #${index} (${entry.name}) cannot be signed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!request.broadcast) return { result: { psbt: bytesToHex(tx.toPSBT()) } };
  for (let index = 0; index < tx.inputsLength; index++) {
    if (isFinal(tx.getInput(index))) continue;
    try {
      tx.finalizeIdx(index);
    } catch (error) {
      throw invalidParams(`${field}: broadcast: input #${index} cannot be finalised: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { result: { psbt: bytesToHex(tx.toPSBT()), txid: tx.id }, transaction: sent(tx) };
}

/** What the window shows of one PSBT: its inputs, whose each is and whether Oyl signs it, and its outputs. */
export async function tablesOf(request: OylPsbtRequest, context: MethodContext, caption = ''): Promise<MethodView['tables']> {
  const account = await oylOf(context);
  const tx = parse(request.psbt);
  const signing = new Set(toSignOf(tx, account).map((s) => s.index));
  const own = OYL_ENTRIES.map((name) => account[name].address);
  const owner = {
    column: 'Owner',
    of: (input: InputInfo) => ownerOf(tx, input.index, account)?.name ?? `not this account${input.address ? ` (${input.address})` : ''}`,
  };
  return psbtTables(tx, NETWORKS[context.target.network].btc, context.bitcoin, own, (i) => (signing.has(i) ? 'yes' : 'no'), caption, owner);
}
