// pushTx: a connected site's raw transaction, sent to the node with no window (the bitcoinBroadcastUrl
// setting; '' sends nothing); the answer is the txid (docs/reference/unisat.md §3.5).
import { hexToBytes } from '@noble/hashes/utils.js';
import { Transaction } from '@scure/btc-signer';
import { RPC_ERROR } from '../../../core/rpc.ts';
import type { SignedTransaction } from '../../../core/methods/method.ts';
import { describe } from '../../../core/methods/fields.ts';
import { argsOf, failure, unisatQuery } from './dialect.ts';

/** A raw transaction as a node reads it: any script. */
export const RAW = { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true } as const;

/** A node's refusal, in UniSat's terms: its API's message is what the page reads. */
export const sent = (tx: Transaction): SignedTransaction => ({
  chain: 'bitcoin',
  hex: tx.hex,
  txid: tx.id,
  send: true,
  failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'pushTx failed', reasonInMessage: true },
});

export const pushTx = unisatQuery(
  'pushTx',
  'site',
  (raw) => {
    const [rawtx] = argsOf('pushTx', raw, '["0200000001…"]');
    if (typeof rawtx !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(rawtx))
      throw failure(`rawtx must be a raw transaction in hex, got ${rawtx === undefined ? 'nothing' : describe(rawtx)}`);
    try {
      Transaction.fromRaw(hexToBytes(rawtx), RAW);
    } catch (error) {
      throw failure(`rawtx is not a transaction: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { raw: hexToBytes(rawtx) };
  },
  async ({ raw }) => {
    const tx = Transaction.fromRaw(raw, RAW);
    return { result: tx.id, transaction: sent(tx) };
  },
);
