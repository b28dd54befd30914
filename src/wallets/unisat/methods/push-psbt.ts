// pushPsbt: a connected site's finalised PSBT, extracted and sent as pushTx sends a raw transaction
// (docs/reference/unisat.md §3.5).
import { Transaction } from '@scure/btc-signer';
import { argsOf, failure, unisatQuery } from './dialect.ts';
import { parse, readPsbt } from './psbt.ts';
import { RAW, sent } from './push-tx.ts';

export const pushPsbt = unisatQuery(
  'pushPsbt',
  'site',
  (raw) => {
    const [psbtHex] = argsOf('pushPsbt', raw, '["70736274ff…"]');
    const tx = parse(readPsbt(psbtHex));
    try {
      return { raw: tx.extract() }; // bitcoinjs' extractTransaction: every input finalised
    } catch {
      throw failure('Not finalized');
    }
  },
  async ({ raw }) => {
    const tx = Transaction.fromRaw(raw, RAW);
    return { result: tx.id, transaction: sent(tx) };
  },
);
