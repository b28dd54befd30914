// signTransaction(token): the listed inputs signed, the PSBT not finalised, answered { psbtBase64 }; with
// broadcast, a finalised copy is sent and its txid answered beside it, { psbtBase64, txId }
// (docs/reference/magiceden.md §3.3).
import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { PSBT_OPTIONS } from '../../../core/bitcoin/psbt.ts';
import { RPC_ERROR, invalidParams } from '../../../core/rpc.ts';
import { optionalBoolean } from '../../../core/methods/fields.ts';
import type { MethodContext } from '../../../core/methods/method.ts';
import { magicEdenMethod, optionalString, payloadOf } from './dialect.ts';
import { type PsbtToSign, psbtView, readPsbt, signPsbt } from './psbt.ts';

export interface SignTransactionParams extends PsbtToSign {
  broadcast: boolean;
  message?: string;
}

/** The signed PSBT, and with broadcast the transaction a finalised copy makes. */
async function signed(params: SignTransactionParams, context: MethodContext) {
  const tx = await signPsbt(params, context, 'signTransaction');
  if (!params.broadcast) return { tx };
  const final = Transaction.fromPSBT(tx.toPSBT(), PSBT_OPTIONS);
  try {
    final.finalize();
  } catch (error) {
    throw invalidParams(
      `signTransaction: broadcast needs every input signed, and this account signs only its own (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return { tx, final };
}

export const signTransaction = magicEdenMethod<SignTransactionParams>({
  name: 'signTransaction',
  kind: 'sign',
  parse(raw, settings) {
    const payload = payloadOf('signTransaction', raw, settings);
    const request = readPsbt('signTransaction', payload, '');
    const message = optionalString(payload, 'message', 'signTransaction');
    let broadcast: boolean | undefined;
    try {
      broadcast = optionalBoolean(payload, 'broadcast');
    } catch (error) {
      throw invalidParams(`signTransaction: ${(error as Error).message}`);
    }
    return { ...request, broadcast: broadcast ?? false, ...(message !== undefined && { message }) };
  },
  // An address not the account's, an input its address cannot sign, a broadcast that cannot be finalised: refused at once.
  precheck: async (params, context) => void (await signed(params, context)),
  async view(params, context) {
    return {
      title: 'Sign transaction',
      fields: [
        ...(params.message !== undefined ? [{ label: 'Message', value: params.message }] : []),
        { label: 'Broadcast', value: params.broadcast ? 'yes, once signed' : 'no' },
      ],
      tables: await psbtView(params, context),
    };
  },
  async respond(params, context) {
    const { tx, final } = await signed(params, context);
    const psbtBase64 = base64.encode(tx.toPSBT());
    if (!final) return { result: { psbtBase64 } };
    return {
      result: { psbtBase64, txId: final.id },
      transaction: {
        chain: 'bitcoin',
        hex: final.hex,
        txid: final.id,
        send: true,
        failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true },
      },
    };
  },
});
