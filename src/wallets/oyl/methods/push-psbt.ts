// pushPsbt({ psbt }): a connected site's finalised PSBT, extracted and sent with no window (the bitcoinBroadcastUrl
// setting; '' sends nothing); the answer is { txid } (docs/reference/oyl.md §6).
import { invalidParams } from '../../../core/rpc.ts';
import { parse } from '../../unisat/methods/psbt.ts';
import { objectArg, oylQuery } from './dialect.ts';
import { readPsbt, sent } from './psbt.ts';

export const pushPsbt = oylQuery(
  'pushPsbt',
  'site',
  (raw) => {
    const { psbt } = objectArg('pushPsbt', raw, "[{ psbt: '70736274ff…' }]");
    const bytes = readPsbt(psbt, 'psbt');
    try {
      parse(bytes).extract(); // every input finalised
    } catch (error) {
      throw invalidParams(`pushPsbt: the PSBT is not finalised: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { psbt: bytes };
  },
  async ({ psbt }) => {
    const tx = parse(psbt);
    return { result: { txid: tx.id }, transaction: sent(tx) };
  },
);
