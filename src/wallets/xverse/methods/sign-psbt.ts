// signPsbt (Xverse): base64 in and out, inputs named by address, finalised and sent only with broadcast (docs/reference/xverse.md §3.2).
import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { PSBT_OPTIONS, btc, inputInfo, scriptAddress } from '../../../core/bitcoin/psbt.ts';
import { NO_AUX_RANDOMNESS, ANY_SIGHASH } from '../../../core/bitcoin/sighash.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { hexToBytes } from '@noble/hashes/utils.js';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod, type MethodContext } from '../../../core/methods/method.ts';
import { invalid, paramsOf, secretOf, xverseMethod, xverseOf } from './dialect.ts';

export interface XverseSignPsbtParams {
  psbt: Uint8Array;
  /** address → input indices; absent: nothing is signed (Xverse signs only what it is told). */
  signInputs: Record<string, number[]>;
  broadcast: boolean;
}

const parseTx = (psbt: Uint8Array): Transaction => Transaction.fromPSBT(psbt, PSBT_OPTIONS);

function readSignInputs(value: unknown, inputs: number): Record<string, number[]> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`signInputs must be an object { [address]: number[] }, got ${describe(value as string)}`);
  const out: Record<string, number[]> = {};
  for (const [address, list] of Object.entries(value)) {
    if (!Array.isArray(list)) throw invalid(`signInputs["${address.slice(0, 80)}"] must be an array of input indices, got ${describe(list as string)}`);
    const seen = new Set<number>();
    for (const index of list) {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= inputs) throw invalid(`signInputs["${address.slice(0, 80)}"] holds ${describe(index as string)}; the PSBT has inputs 0 to ${inputs - 1}`);
      // Xverse throws on a repeated index for one address.
      if (seen.has(index)) throw invalid(`signInputs["${address.slice(0, 80)}"] lists input ${index} twice`);
      seen.add(index);
    }
    out[address] = list as number[];
  }
  return out;
}

/** Which of the active account's keys signs for an address: its payment or ordinals key, else none. */
async function keyFor(address: string, context: MethodContext): Promise<'payment' | 'ordinals' | undefined> {
  const { payment, ordinals } = (await xverseOf(context)).addresses;
  return address === payment.address ? 'payment' : address === ordinals.address ? 'ordinals' : undefined;
}

export const xverseSignPsbt = xverseMethod(
  defineMethod<XverseSignPsbtParams>({
    name: 'signPsbt',
    kind: 'sign',
    parse(raw) {
      const params = paramsOf('signPsbt', raw, '{ psbt: base64, signInputs: { [address]: number[] }, broadcast? }');
      if (typeof params['psbt'] !== 'string') throw invalid(`psbt must be the PSBT as base64, got ${params['psbt'] === undefined ? 'nothing' : describe(params['psbt'])}`);
      let psbt: Uint8Array;
      let tx: Transaction;
      try {
        psbt = base64.decode(params['psbt']);
        tx = parseTx(psbt);
      } catch (error) {
        throw invalid(`psbt is not a base64 PSBT: ${error instanceof Error ? error.message : String(error)}`);
      }
      const broadcast = params['broadcast'] ?? false;
      if (typeof broadcast !== 'boolean') throw invalid(`broadcast must be true or false, got ${describe(broadcast)}`);
      return { psbt, signInputs: readSignInputs(params['signInputs'], tx.inputsLength), broadcast };
    },
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view(params, context) {
      const net = NETWORKS[context.target.network].btc;
      const tx = parseTx(params.psbt);
      const asked = Object.entries(params.signInputs).flatMap(([address, list]) => list.map((i) => `${i} (${address})`));
      return {
        title: 'Sign PSBT',
        fields: [
          { label: 'Inputs to sign', value: asked.length > 0 ? asked.join(', ') : 'none' },
          { label: 'Broadcast', value: params.broadcast ? 'yes, once signed' : 'no' },
        ],
        tables: [
          {
            caption: 'Inputs',
            columns: ['#', 'Outpoint', 'Amount', 'Address'],
            rows: [...Array(tx.inputsLength).keys()].map((i) => {
              const input = inputInfo(tx, i, net);
              return [String(i), input.outpoint, input.amount === undefined ? '?' : btc(input.amount), input.address ?? '?'];
            }),
          },
          {
            caption: 'Outputs',
            columns: ['#', 'Address', 'Amount'],
            rows: [...Array(tx.outputsLength).keys()].map((i) => {
              const o = tx.getOutput(i);
              return [String(i), o.script ? scriptAddress(o.script, net) : '?', btc(o.amount ?? 0n)];
            }),
          },
        ],
      };
    },
    async respond(params, context) {
      const tx = parseTx(params.psbt);
      for (const [address, indices] of Object.entries(params.signInputs)) {
        const purpose = await keyFor(address, context);
        if (!purpose) continue; // another wallet's address: left unsigned, as Xverse does
        const key = await secretOf(context, purpose);
        const account = await xverseOf(context);
        for (const index of indices) {
          if (purpose === 'ordinals' && !tx.getInput(index).tapInternalKey) tx.updateInput(index, { tapInternalKey: hexToBytes(account.addresses.ordinals.publicKey) }, true);
          try {
            tx.signIdx(key, index, ANY_SIGHASH, NO_AUX_RANDOMNESS);
          } catch (error) {
            // Xverse's validation screen: closing it answers -32603 with the reason.
            throw new RpcError(RPC_ERROR.INTERNAL_ERROR, `input ${index} could not be signed by ${address}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      if (!params.broadcast) return { result: { psbt: base64.encode(tx.toPSBT()), txid: '' } };
      try {
        tx.finalize();
      } catch (error) {
        throw invalid(`broadcast: the transaction cannot be finalised (${error instanceof Error ? error.message : String(error)}); every input must be signed`);
      }
      return {
        result: { psbt: base64.encode(tx.toPSBT()), txid: tx.id },
        transaction: { chain: 'bitcoin', hex: tx.hex, txid: tx.id, send: true, failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true } },
      };
    },
    rejection: { rejected: 'User rejected request to sign Psbt', closed: 'User rejected request to sign a psbt' },
  }),
);
