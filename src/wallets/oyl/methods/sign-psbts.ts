// signPsbts([{ psbt, finalize, broadcast }, …]): one window for several PSBTs, each signed as signPsbt signs it,
// answered in the same order (docs/reference/oyl.md §6). One transaction is sent per request: at most one may ask
// for broadcast.
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { SignedTransaction } from '../../../core/methods/method.ts';
import { argsOf, oylMethod, oylOf } from './dialect.ts';
import { check, tablesOf, readRequest, signed, type OylPsbtRequest } from './psbt.ts';

const EXAMPLE = "[[{ psbt: '70736274ff…', finalize: true, broadcast: false }]]";

export const signPsbts = oylMethod<OylPsbtRequest[]>({
  name: 'signPsbts',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const [list] = argsOf('signPsbts', raw, EXAMPLE);
    if (!Array.isArray(list) || list.length === 0)
      throw invalidParams(
        `signPsbts takes one array of { psbt, finalize?, broadcast? }, such as ${EXAMPLE}, got ${list === undefined ? 'nothing' : describe(list)}`,
      );
    const requests = list.map((item, i) => readRequest(item, `signPsbts[${i}]`, "{ psbt: '70736274ff…' }"));
    if (requests.filter((r) => r.broadcast).length > 1)
      throw invalidParams('signPsbts: this mock sends one transaction per request, and more than one PSBT asks for broadcast; send the others with pushPsbt');
    return requests;
  },
  precheck: async (requests, context) => {
    const account = await oylOf(context);
    for (const [i, request] of requests.entries()) check(request, account, `signPsbts[${i}]`);
  },
  view: async (requests, context) => ({
    title: `Sign ${requests.length} PSBT${requests.length === 1 ? '' : 's'}`,
    fields: [{ label: 'Broadcast', value: requests.some((r) => r.broadcast) ? `PSBT ${requests.findIndex((r) => r.broadcast) + 1}, once signed` : 'no' }],
    tables: (await Promise.all(requests.map((request, i) => tablesOf(request, context, `PSBT ${i + 1}: `)))).flat(),
  }),
  async respond(requests, context) {
    const result: { psbt: string; txid?: string }[] = [];
    let transaction: SignedTransaction | undefined;
    for (const [i, request] of requests.entries()) {
      const one = await signed(request, context, `signPsbts[${i}]`);
      result.push(one.result);
      transaction ??= one.transaction;
    }
    return { result, ...(transaction && { transaction }) };
  },
});
