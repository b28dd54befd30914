// sendTransfer (Xverse): pays recipients from the payment address; amounts are numbers of sats; answers { txid } (docs/reference/xverse.md §3.2).
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { sendTransfer, type SendTransferParams } from '../../leather/methods/send-transfer.ts';
import { invalid, paramsOf, xverseMethod } from './dialect.ts';

const leather = sendTransfer;

function refuseNested(paymentType: 'native' | 'nested'): void {
  if (paymentType === 'nested')
    throw new RpcError(
      RPC_ERROR.INTERNAL_ERROR,
      "sendTransfer from a nested (p2sh-p2wpkh) payment address is not implemented by this mock; set xversePaymentType to 'native'",
    );
}

export const xverseSendTransfer = xverseMethod(
  defineMethod<SendTransferParams>({
    ...leather,
    name: 'sendTransfer',
    parse(raw, settings) {
      const params = paramsOf('sendTransfer', raw, '{ recipients: [{ address, amount: number }] }');
      const recipients = params['recipients'];
      if (!Array.isArray(recipients) || recipients.length === 0)
        throw invalid(`recipients must be a non-empty array of { address, amount }, got ${recipients === undefined ? 'nothing' : describe(recipients)}`);
      // SCC's schema: amount is a number; a string is refused.
      recipients.forEach((r, i) => {
        const amount = typeof r === 'object' && r !== null && !Array.isArray(r) ? r['amount'] : undefined;
        if (typeof amount !== 'number') throw invalid(`recipients[${i}].amount must be a number of satoshis, got ${describe(amount ?? null)}`);
      });
      // The network is the wallet's: Xverse takes none from the app. (Regtest addresses are devnet's: bcrt.)
      const parsed = leather.parse({ recipients, network: settings.network === 'regtest' ? 'devnet' : settings.network }, settings);
      return { ...parsed, network: settings.network };
    },
    precheck: async (_params, context) => refuseNested(context.settings.xversePaymentType),
    async respond(params, context) {
      refuseNested(context.settings.xversePaymentType);
      const outcome = await leather.respond(params, context);
      const txid = (outcome.result as { txid?: unknown }).txid;
      return { ...outcome, result: { txid } };
    },
    rejection: { rejected: 'User rejected request to send transfer', closed: 'User rejected request to send transfer' },
  }),
);
