// sendBtcTransaction(token): pays the recipients from the payment address, its coins on the chain chosen as
// Xverse's sendTransfer chooses them (the sats-connect v1 API Magic Eden implements is Xverse's), signed and
// sent; answers the txid as a bare string (docs/reference/magiceden.md §3.4).
import { RpcError, invalidParams } from '../../../core/rpc.ts';
import type { JsonValue } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { MethodContext } from '../../../core/methods/method.ts';
import type { SendTransferParams } from '../../leather/methods/send-transfer.ts';
import { xverseSendTransfer as xverse } from '../../xverse/methods/send-transfer.ts';
import { magicEdenMethod, optionalString, ownAddress, payloadOf } from './dialect.ts';

const METHOD = 'sendBtcTransaction';

export interface SendBtcParams {
  transfer: SendTransferParams;
  senderAddress: string;
  message?: string;
}

/** Xverse's plan, from Magic Eden's one payment address: native segwit, whatever Xverse's own setting says. */
const asXverse = (context: MethodContext): MethodContext => ({ ...context, settings: { ...context.settings, xversePaymentType: 'native' } });

/** The amount as sats-connect sends it (a bigint serialised to a decimal string); a safe integer is taken too. */
function amountOf(value: JsonValue | undefined, at: string): number {
  const digits = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof digits !== 'string' || !/^[0-9]{1,16}$/.test(digits) || !Number.isSafeInteger(Number(digits)))
    throw invalidParams(
      `${METHOD}: ${at}.amountSats must be whole satoshis, as a string such as "1000", got ${value === undefined ? 'nothing' : describe(value)}`,
    );
  return Number(digits);
}

export const sendBtcTransaction = magicEdenMethod<SendBtcParams>({
  name: METHOD,
  kind: 'sign',
  parse(raw, settings) {
    const payload = payloadOf(METHOD, raw, settings);
    const { recipients, senderAddress } = payload;
    if (!Array.isArray(recipients) || recipients.length === 0)
      throw invalidParams(
        `${METHOD}: recipients must be a non-empty array of { address, amountSats }, got ${recipients === undefined ? 'nothing' : describe(recipients)}`,
      );
    if (typeof senderAddress !== 'string')
      throw invalidParams(`${METHOD}: senderAddress must be the payment address, got ${senderAddress === undefined ? 'nothing' : describe(senderAddress)}`);
    const asked = recipients.map((r, i) => {
      const { address, amountSats } = typeof r === 'object' && r !== null && !Array.isArray(r) ? r : {};
      return { address: address ?? null, amount: amountOf(amountSats, `recipients[${i}]`) };
    });
    let transfer: SendTransferParams;
    try {
      transfer = xverse.parse({ recipients: asked }, settings) as SendTransferParams;
    } catch (error) {
      // Xverse's words are 'Invalid parameters.', what was wrong in data.error.
      const data = error instanceof RpcError ? (error.data as { error?: string } | undefined) : undefined;
      throw invalidParams(`${METHOD}: ${(data?.error ?? (error as Error).message).replace(/\.amount\b/, '.amountSats')}`);
    }
    const message = optionalString(payload, 'message', METHOD);
    return { transfer, senderAddress, ...(message !== undefined && { message }) };
  },
  async precheck(params, context) {
    if (ownAddress(context.keys, params.senderAddress, 'senderAddress', METHOD).purpose !== 'payment')
      throw invalidParams(`${METHOD}: senderAddress must be the payment address, ${context.keys.p2wpkh.address}; Magic Eden pays from it`);
    await xverse.precheck?.(params.transfer, asXverse(context));
  },
  async view(params, context) {
    const view = await xverse.view(params.transfer, asXverse(context));
    return {
      ...view,
      title: view.title.replace(/ — via Xverse$/, ''),
      fields: [...(params.message !== undefined ? [{ label: 'Message', value: params.message }] : []), ...view.fields],
    };
  },
  async respond(params, context) {
    const outcome = await xverse.respond(params.transfer, asXverse(context));
    return { ...outcome, result: (outcome.result as { txid: string }).txid };
  },
});
