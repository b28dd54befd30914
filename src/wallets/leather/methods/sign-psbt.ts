// signPsbt: signs a PSBT's inputs with the account's keys (docs/reference/leather.md §5.2), and broadcasts on request.
import { base64 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import {
  MAX_PSBT_INPUTS,
  MAX_PSBT_OUTPUTS,
  PSBT_OPTIONS,
  btc,
  psbtRefusal,
  inputInfo,
  scriptAddress,
  signInputs,
  type InputInfo,
} from '../../../core/bitcoin/psbt.ts';
import { onChain } from '../../../core/bitcoin/coins.ts';
import { ANY_SIGHASH, sighashName } from '../../../core/bitcoin/sighash.ts';
import { accountLabel } from '../../../core/account-path.ts';
import type { AccountKeys } from '../../../core/keys.ts';
import type { JsonValue } from '../../../core/json.ts';
import { NETWORKS, leatherNetwork, type NetworkName } from '../../../core/networks.ts';
import { RPC_ERROR, invalidParams } from '../../../core/rpc.ts';
import { describe, hexBytes, integerIn, optionalAccount, optionalBoolean, paramsObject, type Params } from '../../../core/methods/fields.ts';
import { defineMethod, type MethodContext } from '../../../core/methods/method.ts';

export interface SignPsbtParams {
  psbt: Uint8Array;
  /** leather: { hex, signAtIndex } (what the real wallet takes); generic: { psbt: base64, signInputs }. */
  form: 'leather' | 'generic';
  /** Absent: every input. */
  indices?: number[];
  broadcast: boolean;
  network?: NetworkName;
  account?: number;
}

const SIGNABLE = ['p2wpkh', 'p2wsh', 'p2tr'];

function readPsbt(params: Params): { psbt: Uint8Array; form: SignPsbtParams['form'] } {
  if (params['hex'] !== undefined) {
    if (typeof params['hex'] !== 'string') throw invalidParams(`hex must be the PSBT as a hex string, got ${describe(params['hex'])}`);
    return { psbt: hexBytes(params['hex'], 'hex'), form: 'leather' };
  }
  if (params['psbt'] !== undefined) {
    if (typeof params['psbt'] !== 'string') throw invalidParams(`psbt must be the PSBT as a base64 string, got ${describe(params['psbt'])}`);
    try {
      return { psbt: base64.decode(params['psbt']), form: 'generic' };
    } catch {
      throw invalidParams(`psbt must be base64, got ${describe(params['psbt'])}`);
    }
  }
  throw invalidParams('signPsbt needs hex (the PSBT as hex) or psbt (the PSBT as base64)');
}

/** signAtIndex: n | n[]; signInputs: n[] | { index, address? }[]. */
function readIndices(params: Params, inputs: number): number[] | undefined {
  const [field, value] = params['signAtIndex'] !== undefined ? ['signAtIndex', params['signAtIndex']] : ['signInputs', params['signInputs']];
  if (value === undefined) return undefined;
  // An empty list means every input, as the real wallet reads it (@stacks/connect sends signInputs: [] as signAtIndex: []).
  if (Array.isArray(value) && value.length === 0) return undefined;
  const list: JsonValue[] = Array.isArray(value) ? value : field === 'signAtIndex' ? [value] : [];
  if (!Array.isArray(value) && field === 'signInputs')
    throw invalidParams(`signInputs must be an array of input indices or { index, address } objects, got ${describe(value)}`);
  return list.map((item, i) => {
    const at = Array.isArray(value) ? `${field}[${i}]` : field;
    const index = typeof item === 'object' && item !== null && !Array.isArray(item) && field === 'signInputs' ? item['index'] : item;
    const n = integerIn(index ?? null, typeof item === 'object' ? `${at}.index` : at);
    if (n >= inputs) throw invalidParams(`${at} is ${n}, but the PSBT has ${inputs} input${inputs === 1 ? '' : 's'} (0 to ${inputs - 1})`);
    return n;
  });
}

const parseTx = (psbt: Uint8Array): Transaction => Transaction.fromPSBT(psbt, PSBT_OPTIONS);

const NOT_OURS = 'not this account';

/**
 * Whose an input is, as the window shows it and the notes read it: the account's p2wpkh or p2tr
 * output, or a taproot script leaf naming one of its keys (x-only), which the signer signs by
 * script path as the real wallet does.
 */
function ownerOf(tx: Transaction, input: InputInfo, keys: AccountKeys): string {
  if (input.address === keys.p2wpkh.address) return 'this account (Native SegWit)';
  if (input.address === keys.p2tr.address) return 'this account (Taproot)';
  const xOnly = [keys.p2wpkh.publicKey, keys.p2tr.publicKey].map((k) => k.slice(2));
  const leaves = tx.getInput(input.index).tapLeafScript ?? [];
  if (input.kind === 'p2tr' && leaves.some(([, script]) => xOnly.some((key) => bytesToHex(script).includes(key)))) return 'this account (Taproot script path)';
  return NOT_OURS;
}

export const signPsbt = defineMethod<SignPsbtParams>({
  name: 'signPsbt',
  kind: 'sign',
  parse(raw) {
    const params = paramsObject('signPsbt', raw, '{ hex, signAtIndex? }');
    const { psbt, form } = readPsbt(params);
    let tx: Transaction;
    try {
      tx = parseTx(psbt);
    } catch (error) {
      throw invalidParams(`Invalid PSBT ${form === 'leather' ? 'hex' : 'base64'}: ${psbtRefusal(psbt, error, NETWORKS.mainnet.btc)}`);
    }
    if (tx.inputsLength > MAX_PSBT_INPUTS || tx.outputsLength > MAX_PSBT_OUTPUTS) {
      throw invalidParams(
        `the PSBT has ${tx.inputsLength} inputs and ${tx.outputsLength} outputs; this wallet signs PSBTs of at most ${MAX_PSBT_INPUTS} inputs and ${MAX_PSBT_OUTPUTS} outputs`,
      );
    }
    const indices = readIndices(params, tx.inputsLength);
    // Where the real wallet shows an error screen (and answers 4001 once closed), this mock answers at once.
    for (const index of indices ?? [...Array(tx.inputsLength).keys()]) {
      const input = inputInfo(tx, index, NETWORKS.mainnet.btc);
      if (!input.kind) throw invalidParams(`input ${index} (${input.outpoint}) has no witnessUtxo or nonWitnessUtxo: the wallet cannot tell what it spends`);
      if (!SIGNABLE.includes(input.kind))
        throw invalidParams(`input ${index} (${input.outpoint}) spends a ${input.kind} output; the wallet signs native segwit and taproot inputs only`);
    }
    const network = params['network'] === undefined ? undefined : leatherNetwork(params['network']); // another id: the wallet's network, as the real wallet
    const account = optionalAccount(params);
    const broadcast = optionalBoolean(params, 'broadcast') ?? false;
    return { psbt, form, broadcast, ...(indices && { indices }), ...(network && { network }), ...(account !== undefined && { account }) };
  },
  requestedAccount: (params) => params.account,
  network: (params, settings) => params.network ?? settings.network,
  notes(params, { keys, target }) {
    const tx = parseTx(params.psbt);
    const net = NETWORKS[target.network].btc;
    const requested = params.indices ?? [...Array(tx.inputsLength).keys()];
    if (requested.some((i) => ownerOf(tx, inputInfo(tx, i, net), keys) !== NOT_OURS)) return [];
    const which = params.indices ? `input${requested.length === 1 ? '' : 's'} ${requested.join(', ')}` : 'every input';
    return [
      {
        rule: 'nothing-to-sign',
        message:
          `${accountLabel(target.account)} owns none of the inputs this site asked to sign (${which}): approving answers the PSBT unsigned, ` +
          'with no error, as the real wallet does, and the app fails later (e.g. "Not enough partial sign").',
      },
    ];
  },
  async view(params, context) {
    const net = NETWORKS[context.target.network].btc;
    const tx = parseTx(params.psbt);
    const inputs = [...Array(tx.inputsLength).keys()].map((i) => inputInfo(tx, i, net));
    const requested = new Set(params.indices ?? inputs.map((i) => i.index));
    const owner = (input: InputInfo): string => ownerOf(tx, input, context.keys);
    // Signed exactly when the signer will sign it: a sighash type the wallet honours, and SINGLE only with its output.
    // DEFAULT (0x00) on a non-taproot input is signed as ALL (@scure/btc-signer reads 0 as "the input's default").
    const honoured = (input: InputInfo): boolean => {
      const type = input.sighashType;
      if (type === undefined) return true;
      if (!ANY_SIGHASH.includes(type)) return false;
      return (type & 0x03) !== 0x03 || input.index < tx.outputsLength;
    };
    const outputs = [...Array(tx.outputsLength).keys()].map((i) => tx.getOutput(i));
    const totalIn = inputs.every((i) => i.amount !== undefined) ? inputs.reduce((sum, i) => sum + i.amount!, 0n) : undefined;
    const totalOut = outputs.reduce((sum, o) => sum + (o.amount ?? 0n), 0n);
    const chain = await onChain(context.bitcoin, inputs, [context.keys.p2wpkh.address, context.keys.p2tr.address], btc);
    return {
      title: 'Sign PSBT',
      fields: [
        { label: 'Inputs to sign', value: params.indices ? params.indices.join(', ') : 'all' },
        { label: 'Fee', value: totalIn === undefined ? 'unknown (an input has no amount)' : btc(totalIn - totalOut) },
        { label: 'Broadcast', value: params.broadcast ? 'yes, once signed' : 'no' },
      ],
      tables: [
        {
          caption: 'Inputs',
          columns: ['#', 'Outpoint', 'Amount', 'Owner', 'Sighash', 'Signed', 'On the chain'],
          rows: inputs.map((input, n) => {
            const ours = owner(input) !== NOT_OURS;
            const signs = requested.has(input.index) && ours && honoured(input);
            const why = requested.has(input.index) && ours && !signs ? ' (sighash not signed)' : '';
            return [
              String(input.index),
              input.outpoint,
              input.amount === undefined ? '?' : btc(input.amount),
              owner(input),
              sighashName(input.sighashType, input.kind === 'p2tr'),
              signs ? 'yes' : `no${why}`,
              chain[n]!,
            ];
          }),
        },
        {
          caption: 'Outputs',
          columns: ['#', 'Address', 'Amount'],
          rows: outputs.map((o, i) => [String(i), o.script ? scriptAddress(o.script, net) : '?', btc(o.amount ?? 0n)]),
        },
      ],
    };
  },
  async respond(params, context) {
    const tx = parseTx(params.psbt);
    const secrets = await context.secrets();
    const taprootInternalKey = hexToBytes(context.keys.p2tr.publicKey).subarray(1);
    const taprootScript = OutScript.encode(Address(NETWORKS[context.target.network].btc).decode(context.keys.p2tr.address));
    await signInputs(tx, params.indices ?? [...Array(tx.inputsLength).keys()], {
      p2wpkh: secrets.p2wpkh,
      p2tr: secrets.p2tr,
      taprootInternalKey,
      taprootScript,
    });
    const signed = tx.toPSBT();
    const result = { hex: bytesToHex(signed), ...(params.form === 'generic' && { psbt: base64.encode(signed) }) };
    if (!params.broadcast) return { result };
    const transaction = finalized(tx, context);
    // The display-order txid, as a node's broadcast endpoint answers it.
    return { result: { ...result, txid: transaction.txid }, transaction };
  },
  rejection: { rejected: 'User rejected signing PSBT request', closed: 'User rejected signing PSBT request' },
});

function finalized(tx: Transaction, context: MethodContext) {
  try {
    tx.finalize();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw invalidParams(
      `broadcast: the transaction cannot be finalized (${why}); every input must be signed, and account ${context.target.account} signed only its own`,
    );
  }
  return {
    chain: 'bitcoin' as const,
    hex: tx.hex,
    txid: tx.id,
    send: true,
    failure: { code: RPC_ERROR.METHOD_NOT_SUPPORTED, message: 'Failed to broadcast transaction', reasonInMessage: false },
  };
}
