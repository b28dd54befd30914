// A PSBT as signTransaction and signMultipleTransactions take it (docs/reference/magiceden.md §3.3): base64, with
// inputsToSign naming the account's address for each input it signs, and signed by the shared signer
// (core/bitcoin/psbt.ts signInputs) with the named address's key; never finalised.
import { base64 } from '@scure/base';
import { hexToBytes } from '@noble/hashes/utils.js';
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import { psbtTables } from '../../../core/bitcoin/coins.ts';
import { MAX_PSBT_INPUTS, MAX_PSBT_OUTPUTS, PSBT_OPTIONS, psbtRefusal, signInputs } from '../../../core/bitcoin/psbt.ts';
import { sighashName } from '../../../core/bitcoin/sighash.ts';
import { isPlainRecord, type JsonValue } from '../../../core/json.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { MethodContext, MethodView } from '../../../core/methods/method.ts';
import { addressesOf, ownAddress } from './dialect.ts';

/** One entry of inputsToSign: the address whose key signs, the inputs it signs, the sighash type asked (sats-connect v1's InputToSign). */
export interface InputToSign {
  address: string;
  signingIndexes: number[];
  sigHash?: number;
}

export interface PsbtToSign {
  psbt: Uint8Array;
  inputsToSign: InputToSign[];
}

const parseTx = (psbt: Uint8Array): Transaction => Transaction.fromPSBT(psbt, PSBT_OPTIONS);

/** `at`: where the PSBT is in the payload ('' or 'psbts[2].'), for the error messages. */
export function readPsbt(method: string, item: Record<string, JsonValue>, at: string): PsbtToSign {
  const text = item['psbtBase64'];
  if (typeof text !== 'string' || text === '')
    throw invalidParams(`${method}: ${at}psbtBase64 must be the PSBT as base64, got ${text === undefined ? 'nothing' : describe(text)}`);
  let psbt: Uint8Array;
  try {
    psbt = base64.decode(text);
  } catch {
    throw invalidParams(`${method}: ${at}psbtBase64 is not base64, got ${describe(text)}`);
  }
  let tx: Transaction;
  try {
    tx = parseTx(psbt);
  } catch (error) {
    throw invalidParams(`${method}: ${at}psbtBase64 is not a PSBT this wallet reads: ${psbtRefusal(psbt, error, NETWORKS.mainnet.btc)}`);
  }
  if (tx.inputsLength > MAX_PSBT_INPUTS || tx.outputsLength > MAX_PSBT_OUTPUTS)
    throw invalidParams(
      `${method}: the PSBT has ${tx.inputsLength} inputs and ${tx.outputsLength} outputs; this mock wallet signs PSBTs of at most ${MAX_PSBT_INPUTS} inputs and ${MAX_PSBT_OUTPUTS} outputs`,
    );
  const list = item['inputsToSign'];
  if (!Array.isArray(list) || list.length === 0)
    throw invalidParams(
      `${method}: ${at}inputsToSign must be a non-empty array of { address, signingIndexes: number[], sigHash? }, got ${list === undefined ? 'nothing' : describe(list)}`,
    );
  const seen = new Set<number>();
  const inputsToSign = list.map((entry, i): InputToSign => {
    const where = `${at}inputsToSign[${i}]`;
    if (!isPlainRecord(entry)) throw invalidParams(`${method}: ${where} must be { address, signingIndexes, sigHash? }, got ${describe(entry)}`);
    const { address, signingIndexes, sigHash } = entry as Record<string, JsonValue>;
    if (typeof address !== 'string')
      throw invalidParams(`${method}: ${where}.address must be a string, got ${address === undefined ? 'nothing' : describe(address)}`);
    if (!Array.isArray(signingIndexes))
      throw invalidParams(
        `${method}: ${where}.signingIndexes must be an array of input indexes, got ${signingIndexes === undefined ? 'nothing' : describe(signingIndexes)}`,
      );
    for (const [n, index] of signingIndexes.entries()) {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= tx.inputsLength)
        throw invalidParams(`${method}: ${where}.signingIndexes[${n}] must be an input of the PSBT, 0 to ${tx.inputsLength - 1}, got ${describe(index)}`);
      if (seen.has(index)) throw invalidParams(`${method}: input ${index} is listed twice in ${at}inputsToSign`);
      seen.add(index);
    }
    if (sigHash !== undefined && (typeof sigHash !== 'number' || !Number.isInteger(sigHash) || sigHash < 0 || sigHash > 0xff))
      throw invalidParams(`${method}: ${where}.sigHash must be a sighash type number (1 ALL, 0x81 ALL|ANYONECANPAY…), got ${describe(sigHash)}`);
    return { address, signingIndexes: signingIndexes as number[], ...(sigHash !== undefined && { sigHash }) };
  });
  return { psbt, inputsToSign };
}

/**
 * The PSBT signed: each listed input with the key of the address that names it, with its sigHash (written into
 * the input, which must not name another), by the shared signer (which adds the account's internal key to its own
 * key-path taproot inputs). Throws a sentence for an input that address cannot sign.
 */
export async function signPsbt(request: PsbtToSign, context: MethodContext, method: string): Promise<Transaction> {
  const tx = parseTx(request.psbt);
  const expected = new Map<number, 'p2wpkh' | 'p2tr'>();
  for (const { address, signingIndexes, sigHash } of request.inputsToSign) {
    const entry = ownAddress(context.keys, address, 'inputsToSign address', method);
    for (const index of signingIndexes) {
      expected.set(index, entry.purpose === 'payment' ? 'p2wpkh' : 'p2tr');
      if (sigHash === undefined) continue;
      const own = tx.getInput(index).sighashType;
      if (own !== undefined && own !== sigHash)
        throw invalidParams(`${method}: input ${index} names sighash ${sighashName(own, false)}, and inputsToSign asks ${sighashName(sigHash, false)} for it`);
      tx.updateInput(index, { sighashType: sigHash }, true);
    }
  }
  const secrets = await context.secrets();
  const net = NETWORKS[context.target.network].btc;
  const signed = await signInputs(tx, [...expected.keys()], {
    p2wpkh: secrets.p2wpkh,
    p2tr: secrets.p2tr,
    taprootInternalKey: hexToBytes(context.keys.p2tr.publicKey).subarray(1),
    taprootScript: OutScript.encode(Address(net).decode(context.keys.p2tr.address)),
  });
  for (const [index, kind] of expected) {
    if (signed.get(index) === kind) continue;
    const address = kind === 'p2wpkh' ? context.keys.p2wpkh.address : context.keys.p2tr.address;
    throw invalidParams(
      `${method}: input ${index} could not be signed with ${address}'s key: it must spend that address's output (its witnessUtxo or previous ` +
        `transaction says so)${kind === 'p2tr' ? ', by the key path' : ''}, and a sighash SINGLE needs an output at its index`,
    );
  }
  return tx;
}

/** What the window shows of one PSBT: each input, and which of the account's addresses signs it. */
export async function psbtView(request: PsbtToSign, context: MethodContext, caption = ''): Promise<MethodView['tables']> {
  const { payment, ordinals } = addressesOf(context.keys);
  const signer = new Map(request.inputsToSign.flatMap(({ address, signingIndexes }) => signingIndexes.map((i) => [i, address] as const)));
  const purposeOf = (address: string | undefined): string =>
    address === payment.address ? 'yes, payment' : address === ordinals.address ? 'yes, ordinals' : `yes, by ${address} (not this account's)`;
  return psbtTables(
    parseTx(request.psbt),
    NETWORKS[context.target.network].btc,
    context.bitcoin,
    [payment.address, ordinals.address],
    (i) => (signer.has(i) ? purposeOf(signer.get(i)) : 'no'),
    caption,
  );
}
