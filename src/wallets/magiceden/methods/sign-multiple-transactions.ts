// signMultipleTransactions(token): every PSBT signed as signTransaction signs one, in one window; answers
// [{ psbtBase64 }] in their order (docs/reference/magiceden.md §3.5). sats-connect caps the list at 100.
import { base64 } from '@scure/base';
import { isPlainRecord, type JsonValue } from '../../../core/json.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { magicEdenMethod, optionalString, payloadOf } from './dialect.ts';
import { type PsbtToSign, psbtView, readPsbt, signPsbt } from './psbt.ts';

/** @sats-connect/core 0.10.0 signMultipleTransactions: "psbts array must contain less than 100 psbts". */
const MAX_PSBTS = 100;

export interface SignMultipleParams {
  psbts: PsbtToSign[];
  message?: string;
}

const METHOD = 'signMultipleTransactions';

export const signMultipleTransactions = magicEdenMethod<SignMultipleParams>({
  name: METHOD,
  kind: 'sign',
  parse(raw, settings) {
    const payload = payloadOf(METHOD, raw, settings);
    const list = payload['psbts'];
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_PSBTS)
      throw invalidParams(
        `${METHOD}: psbts must be an array of 1 to ${MAX_PSBTS} { psbtBase64, inputsToSign }, got ${list === undefined ? 'nothing' : Array.isArray(list) ? `${list.length}` : describe(list)}`,
      );
    const psbts = list.map((item, i) => {
      if (!isPlainRecord(item)) throw invalidParams(`${METHOD}: psbts[${i}] must be { psbtBase64, inputsToSign }, got ${describe(item)}`);
      return readPsbt(METHOD, item as Record<string, JsonValue>, `psbts[${i}].`);
    });
    const message = optionalString(payload, 'message', METHOD);
    return { psbts, ...(message !== undefined && { message }) };
  },
  precheck: async (params, context) => {
    for (const psbt of params.psbts) await signPsbt(psbt, context, METHOD);
  },
  async view(params, context) {
    const tables = await Promise.all(params.psbts.map((psbt, i) => psbtView(psbt, context, `PSBT ${i + 1}: `)));
    return {
      title: `Sign ${params.psbts.length} transaction${params.psbts.length === 1 ? '' : 's'}`,
      fields: params.message !== undefined ? [{ label: 'Message', value: params.message }] : [],
      tables: tables.flat(),
    };
  },
  async respond(params, context) {
    const result = [];
    for (const psbt of params.psbts) result.push({ psbtBase64: base64.encode((await signPsbt(psbt, context, METHOD)).toPSBT()) });
    return { result };
  },
});
