// signPsbt (Xverse): base64 in and out, inputs named by address, finalised and sent only with broadcast
// (docs/reference/xverse.md §3.2). Read from secretkeylabs/xverse-web-extension 4982c11d (v0.54.2)
// src/app/screens/signPsbtRequest/{index.tsx,useSignPsbt.ts,useSignPsbtValidationGate.ts} and
// secretkeylabs/xverse-core dbcf28fa (v45.1.4) transactions/bitcoin/{enhancedPsbt.ts,context.ts}: what its
// window shows, which error screens it has, and how each address signs.
import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { taprootTweakPrivKey } from '@scure/btc-signer/utils.js';
import { onChain } from '../../../core/bitcoin/coins.ts';
import { PSBT_OPTIONS, btc, inputInfo, scriptAddress } from '../../../core/bitcoin/psbt.ts';
import { NO_AUX_RANDOMNESS } from '../../../core/bitcoin/sighash.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod, type ErrorScreen, type MethodContext } from '../../../core/methods/method.ts';
import { xverseAccount } from '../account.ts';
import { invalid, paramsOf, secretOf, xverseMethod, xverseOf } from './dialect.ts';

export interface XverseSignPsbtParams {
  /** As the app sent it: Xverse's window parses it (an unparseable one is its error screen, not a params error). */
  psbt: string;
  /** address → input indices, as sats-connect's schema requires them. */
  signInputs: Record<string, number[]>;
  broadcast: boolean;
}

/** Xverse's words (its src/locales/en.json, REQUEST_ERRORS and CONFIRM_TRANSACTION). */
const SCREENS = {
  parse: {
    title: 'Transaction Error',
    text: 'The requested transaction is invalid and cannot be processed. Please contact the developer of the requesting app for support.',
  },
  address: {
    title: 'Address Mismatch',
    text: "The app is requesting a signature from an address that doesn't match the account currently active in your wallet.\n\nTo fix this:\n- Make sure the account in Xverse matches the one connected to the app\n- Try reconnecting to the app",
  },
  addressType: {
    title: 'Address Type Mismatch',
    text: "The app is requesting a signature from a Bitcoin payment address type that doesn't match the one currently active in your wallet.\n\nTo fix this:\n- Make sure the Bitcoin payment address type (Native SegWit or Nested SegWit) selected in Xverse matches the app\n- Try reconnecting to the app",
  },
  signing: 'Failed to sign transaction',
} as const;
const CLOSED = 'User rejected request to sign a psbt';

/** sats-connect-core's signPsbt schema: psbt a string, signInputs a record of number arrays, broadcast a boolean. */
function readSignInputs(value: unknown): Record<string, number[]> {
  if (value === undefined) throw invalid("signInputs is required: an object { [address]: number[] } (sats-connect-core's schema)");
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(`signInputs must be an object { [address]: number[] }, got ${describe(value as string)}`);
  const out: Record<string, number[]> = {};
  for (const [address, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((n) => typeof n === 'number'))
      throw invalid(`signInputs["${address.slice(0, 80)}"] must be an array of input indices, got ${describe(list as string)}`);
    out[address] = list as number[];
  }
  return out;
}

/** Xverse's EnhancedPsbt: the PSBT as its window reads it, each listed index looked up. Throws what Xverse's parse throws. */
function parsed(params: XverseSignPsbtParams): Transaction {
  const tx = Transaction.fromPSBT(base64.decode(params.psbt), { allowMissingTxModifiable: false });
  for (const indices of Object.values(params.signInputs)) for (const index of indices) tx.getInput(index);
  return tx;
}

/**
 * Xverse's signing (xverse-core context.ts signTransaction): the payment address's inputs, then the
 * ordinals address's, each with its own key; a repeated index whose input names a sighash type is refused;
 * a taproot input the key cannot sign by script is tried with the tweaked key. Finalised when broadcast.
 * Xverse's Schnorr signatures use random auxiliary data; this mock's use 32 zero bytes, so a test can
 * compare them (both are valid BIP-340 signatures).
 */
async function signed(params: XverseSignPsbtParams, context: MethodContext): Promise<Transaction> {
  const tx = Transaction.fromPSBT(base64.decode(params.psbt), { ...PSBT_OPTIONS, allowUnknownInputs: true });
  const { payment, ordinals } = (await xverseOf(context)).addresses;
  for (const [address, purpose] of [
    [payment.address, 'payment'],
    [ordinals.address, 'ordinals'],
  ] as const) {
    const indexes: Record<number, number[] | undefined> = {};
    for (const [named, list] of Object.entries(params.signInputs)) {
      if (named !== address) continue;
      for (const index of list) {
        if (indexes[index]) throw new Error(`Duplicate signing index ${index} for address ${address}`);
        const { sighashType } = tx.getInput(index);
        indexes[index] = sighashType === undefined ? undefined : [sighashType];
      }
    }
    const key = await secretOf(context, purpose);
    for (const [i, allowed] of Object.entries(indexes)) {
      if (purpose === 'payment') {
        tx.signIdx(key, Number(i), allowed, NO_AUX_RANDOMNESS);
        continue;
      }
      try {
        tx.signIdx(key, Number(i), allowed, NO_AUX_RANDOMNESS);
      } catch (error) {
        if ((error as Error).message !== 'No taproot scripts signed') throw error;
        try {
          tx.signIdx(taprootTweakPrivKey(key), Number(i), allowed, NO_AUX_RANDOMNESS);
        } catch {
          throw error;
        }
      }
    }
  }
  if (params.broadcast) tx.finalize();
  return tx;
}

/** The error screen Xverse's window shows instead of the request, if any, in the order its window checks. */
async function screenFor(params: XverseSignPsbtParams, context: MethodContext): Promise<ErrorScreen | undefined> {
  try {
    parsed(params);
  } catch {
    return { ...SCREENS.parse, onClose: { code: RPC_ERROR.INTERNAL_ERROR, message: SCREENS.parse.text } };
  }
  // useSignPsbtValidationGate: every address must be the account's payment or ordinals one; the last that is not decides the screen.
  const { payment, ordinals } = (await xverseOf(context)).addresses;
  const root = await context.root();
  const { network, account } = context.target;
  const otherTypes = [xverseAccount(root, network, account, 'native'), xverseAccount(root, network, account, 'nested')].map((a) => a.addresses.payment.address);
  let screen: (typeof SCREENS)['address' | 'addressType'] | undefined;
  for (const address of Object.keys(params.signInputs)) {
    if (address === payment.address || address === ordinals.address) continue;
    screen = otherTypes.includes(address) ? SCREENS.addressType : SCREENS.address;
  }
  if (screen) return { ...screen, onClose: { code: RPC_ERROR.INTERNAL_ERROR, message: screen.text } };
  // Signing fails only after Confirm in Xverse (its transaction-status screen, whose Close closes the window):
  // this mock finds it when the request arrives and shows that screen at once.
  try {
    await signed(params, context);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { title: SCREENS.signing, text: `${why}\n\n(mock wallet: ${explain(params, context, why)})`, onClose: { code: XVERSE_REJECTION, message: CLOSED } };
  }
  return undefined;
}

const XVERSE_REJECTION = -32000;

/** A sentence a person can act on, beside the library's words. */
function explain(params: XverseSignPsbtParams, context: MethodContext, why: string): string {
  const listed = Object.entries(params.signInputs)
    .map(([address, indices]) => `${address.slice(0, 16)}… signs input${indices.length === 1 ? '' : 's'} ${indices.join(', ')}`)
    .join('; ');
  if (why === 'No taproot scripts signed')
    return `a taproot input asked of the account could not be signed: it needs tapInternalKey and must pay to the account's ordinals address (${listed})`;
  if (why.startsWith('inputType: sh without redeemScript')) return `a nested segwit input has no redeemScript (${listed})`;
  if (why.startsWith("Input script doesn't have pubKey"))
    return `an input is not the named address's: its script does not pay to that key (${listed}, on ${context.target.network})`;
  return `the wallet could not sign what was asked (${listed})`;
}

export const xverseSignPsbt = xverseMethod(
  defineMethod<XverseSignPsbtParams>({
    name: 'signPsbt',
    kind: 'sign',
    parse(raw) {
      const params = paramsOf('signPsbt', raw, '{ psbt: base64, signInputs: { [address]: number[] }, broadcast? }');
      if (typeof params['psbt'] !== 'string')
        throw invalid(`psbt must be the PSBT as base64, got ${params['psbt'] === undefined ? 'nothing' : describe(params['psbt'])}`);
      const broadcast = params['broadcast'] ?? false;
      if (typeof broadcast !== 'boolean') throw invalid(`broadcast must be true or false, got ${describe(broadcast)}`);
      return { psbt: params['psbt'], signInputs: readSignInputs(params['signInputs']), broadcast };
    },
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    errorScreen: screenFor,
    async view(params, context) {
      const net = NETWORKS[context.target.network].btc;
      const asked = Object.entries(params.signInputs).flatMap(([address, list]) => list.map((i) => `${i} (${address})`));
      let tx: Transaction | undefined;
      try {
        tx = parsed(params);
      } catch {
        // Its error screen shows instead.
      }
      const inputs = tx ? [...Array(tx.inputsLength).keys()].map((i) => inputInfo(tx!, i, net)) : [];
      const { payment, ordinals } = (await xverseOf(context)).addresses;
      const chain = await onChain(context.bitcoin, inputs, [payment.address, ordinals.address], btc);
      return {
        title: 'Sign PSBT',
        fields: [
          { label: 'Inputs to sign', value: asked.length > 0 ? asked.join(', ') : 'none' },
          { label: 'Broadcast', value: params.broadcast ? 'yes, once signed' : 'no' },
        ],
        tables: tx
          ? [
              {
                caption: 'Inputs',
                columns: ['#', 'Outpoint', 'Amount', 'Address', 'On the chain'],
                rows: inputs.map((input, i) => [
                  String(i),
                  input.outpoint,
                  input.amount === undefined ? '?' : btc(input.amount),
                  input.address ?? '?',
                  chain[i]!,
                ]),
              },
              {
                caption: 'Outputs',
                columns: ['#', 'Address', 'Amount'],
                rows: [...Array(tx.outputsLength).keys()].map((i) => {
                  const o = tx!.getOutput(i);
                  return [String(i), o.script ? scriptAddress(o.script, net) : '?', btc(o.amount ?? 0n)];
                }),
              },
            ]
          : [],
      };
    },
    async respond(params, context) {
      let tx: Transaction;
      try {
        tx = await signed(params, context);
      } catch {
        // Its screen was shown when the request arrived; the wallet changed since: Xverse's answer once that screen is closed.
        throw new RpcError(XVERSE_REJECTION, CLOSED);
      }
      if (!params.broadcast) return { result: { psbt: base64.encode(tx.toPSBT()), txid: '' } };
      return {
        result: { psbt: base64.encode(tx.toPSBT()), txid: tx.id },
        transaction: {
          chain: 'bitcoin',
          hex: tx.hex,
          txid: tx.id,
          send: true,
          failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true },
        },
      };
    },
    rejection: { rejected: 'User rejected request to sign Psbt', closed: CLOSED },
  }),
);
