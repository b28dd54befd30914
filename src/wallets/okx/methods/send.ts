// send({ from, to, value }): sendBitcoin's window and transaction, answered { txhash } (docs/reference/okx.md §2).
import type { JsonValue } from '../../../core/json.ts';
import { isPlainRecord } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';
import { argsOf, failure, unisatMethod, unisatOf } from '../../unisat/methods/dialect.ts';
import { shortfallScreen, type SendBitcoinParams } from '../../unisat/methods/send-bitcoin.ts';

/** send({ from, to, value }): sendBitcoin's window and transaction, answered { txhash } (Reown's sendTransfer calls it). */
const sendBitcoin = UNISAT_METHODS.sendBitcoin;
export const send = unisatMethod<{ from?: string; transfer: SendBitcoinParams }>({
  name: 'send',
  kind: 'sign',
  gate: 'site',
  parse(raw, settings) {
    const [arg] = argsOf('send', raw, '[{ from, to, value }]');
    if (!isPlainRecord(arg)) throw failure(`send takes one object { from, to, value }, got ${arg === undefined ? 'nothing' : describe(arg)}`);
    const { from, to, value } = arg as Record<string, JsonValue>;
    if (from !== undefined && typeof from !== 'string') throw failure(`from must be an address, got ${describe(from)}`);
    return { ...(typeof from === 'string' && { from }), transfer: sendBitcoin.parse([to ?? null, value ?? null], settings) as SendBitcoinParams };
  },
  async precheck({ from }, context) {
    const { address } = await unisatOf(context);
    if (from !== undefined && from !== address) throw failure(`from ${from} is not this account's address (${address})`);
  },
  errorScreen: ({ transfer }, context) => shortfallScreen(transfer, context),
  view: async ({ transfer }, context) => ({ ...(await sendBitcoin.view(transfer, context)), title: 'Send bitcoin' }),
  async respond({ transfer }, context) {
    const outcome = await sendBitcoin.respond(transfer, context);
    return { ...outcome, result: { txhash: outcome.result } };
  },
});
