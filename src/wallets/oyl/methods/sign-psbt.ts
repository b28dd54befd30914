// signPsbt({ psbt, finalize, broadcast }): a window, then every input the account owns signed (./psbt.ts),
// answered as { psbt: hex, txid? }; with broadcast, sent to the settings' chain (docs/reference/oyl.md §6).
import { objectArg, oylMethod, oylOf } from './dialect.ts';
import { check, tablesOf, readRequest, signed, type OylPsbtRequest } from './psbt.ts';

const EXAMPLE = "[{ psbt: '70736274ff…', finalize: true, broadcast: false }]";

export const signPsbt = oylMethod<OylPsbtRequest>({
  name: 'signPsbt',
  kind: 'sign',
  gate: 'site',
  parse: (raw) => readRequest(objectArg('signPsbt', raw, EXAMPLE), 'signPsbt', EXAMPLE),
  precheck: async (request, context) => check(request, await oylOf(context)),
  view: async (request, context) => ({
    title: 'Sign PSBT',
    fields: [
      { label: 'Inputs to sign', value: "every input this account's keys own" },
      { label: 'Finalize', value: request.finalize || request.broadcast ? 'yes' : 'no' },
      { label: 'Broadcast', value: request.broadcast ? 'yes, once signed' : 'no' },
    ],
    tables: await tablesOf(request, context),
  }),
  respond: (request, context) => signed(request, context),
});
