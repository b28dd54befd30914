// signPsbt(psbtHex, options) and signPsbts(psbtHexs, options[]): a window, then the PSBT signed as UniSat
// signs it (./psbt.ts), finalised unless autoFinalized is false, answered as hex (docs/reference/unisat.md §3.5).
import { bytesToHex } from '@noble/hashes/utils.js';
import { btc, inputInfo, scriptAddress } from '../../../core/bitcoin/psbt.ts';
import { NETWORKS } from '../../../core/networks.ts';
import type { JsonValue } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { MethodContext, MethodView } from '../../../core/methods/method.ts';
import { argsOf, failure, unisatKeyOf, unisatMethod, unisatOf } from './dialect.ts';
import { parse, readOptions, readPsbt, signAsUnisat, toSignOf, type PsbtRequest } from './psbt.ts';

function tablesOf(request: PsbtRequest, context: MethodContext, toSign: ReturnType<typeof toSignOf>, caption = ''): MethodView['tables'] {
  const net = NETWORKS[context.target.network].btc;
  const tx = parse(request.psbt);
  const signing = new Set(toSign.map((t) => t.index));
  return [
    {
      caption: `${caption}Inputs`,
      columns: ['#', 'Outpoint', 'Amount', 'Address', 'Sign'],
      rows: [...Array(tx.inputsLength).keys()].map((i) => {
        const input = inputInfo(tx, i, net);
        return [String(i), input.outpoint, input.amount === undefined ? '?' : btc(input.amount), input.address ?? '?', signing.has(i) ? 'yes' : 'no'];
      }),
    },
    {
      caption: `${caption}Outputs`,
      columns: ['#', 'Address', 'Amount'],
      rows: [...Array(tx.outputsLength).keys()].map((i) => {
        const o = tx.getOutput(i);
        return [String(i), o.script ? scriptAddress(o.script, net) : '?', btc(o.amount ?? 0n)];
      }),
    },
  ];
}

/**
 * The inputs the window marks: the app's list, or (for the segwit and taproot types, whose address the
 * window's context holds) the ones toSignOf picks; undefined when the window cannot tell.
 */
function shownToSign(request: PsbtRequest, context: MethodContext): { index: number }[] | undefined {
  if (request.toSignInputs) return request.toSignInputs.map((item) => ({ index: Number((item as { index?: unknown } | null)?.index) }));
  const type = context.settings.unisatAddressType;
  const address = type === 'p2wpkh' ? context.keys.p2wpkh.address : type === 'p2tr' ? context.keys.p2tr.address : undefined;
  if (!address) return undefined;
  const tx = parse(request.psbt);
  const net = NETWORKS[context.target.network].btc;
  const inputs = [...Array(tx.inputsLength).keys()].map((i) => inputInfo(tx, i, net));
  const own = inputs.filter((input) => input.address === address).map(({ index }) => ({ index }));
  return own.length > 0 ? own : inputs.map(({ index }) => ({ index }));
}

async function signed(request: PsbtRequest, context: MethodContext): Promise<string> {
  const account = await unisatOf(context);
  const tx = parse(request.psbt);
  signAsUnisat(tx, toSignOf(tx, request, account), account, await unisatKeyOf(context), request.autoFinalized);
  return bytesToHex(tx.toPSBT());
}

export const signPsbt = unisatMethod<PsbtRequest>({
  name: 'signPsbt',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const [psbtHex, options] = argsOf('signPsbt', raw, '["70736274ff…", { autoFinalized: false, toSignInputs: [{ index: 0, address }] }]');
    return readOptions(readPsbt(psbtHex), options);
  },
  // toSignInputs naming another address or key: where UniSat's window shows the error (and can only be rejected), this mock answers at once with its words.
  precheck: async (request, context) => void toSignOf(parse(request.psbt), request, await unisatOf(context)),
  view(request, context) {
    const toSign = shownToSign(request, context);
    return {
      title: 'Sign PSBT',
      fields: [
        { label: 'Inputs to sign', value: toSign ? toSign.map((t) => t.index).join(', ') || 'none' : "every unsigned input paying to this account's address (else every input)" },
        { label: 'Finalize', value: request.autoFinalized ? 'yes (autoFinalized)' : 'no' },
      ],
      tables: tablesOf(request, context, toSign ?? []),
    };
  },
  respond: async (request, context) => ({ result: await signed(request, context) }),
});

export interface SignPsbtsParams {
  psbts: Uint8Array[];
  /** As the app sent it: UniSat reads options[i] for PSBT i (a single object gives every PSBT none). */
  options: JsonValue | undefined;
}

/** options[i] as UniSat's multiSignPsbt reads it: an index into whatever was sent. */
function optionAt(options: JsonValue | undefined, i: number): JsonValue | undefined {
  if (options === undefined || options === null) throw failure(`Cannot read properties of ${options === null ? 'null' : 'undefined'} (reading '${i}')`);
  return Array.isArray(options) ? options[i] : undefined;
}

export const signPsbts = unisatMethod<SignPsbtsParams>({
  name: 'signPsbts',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const [list, options] = argsOf('signPsbts', raw, '[["70736274ff…"], [{ autoFinalized: false }]]');
    if (!Array.isArray(list)) throw failure(`psbtHexs must be an array of PSBTs, got ${list === undefined ? 'nothing' : describe(list)}`);
    return { psbts: list.map((psbt) => readPsbt(psbt)), options };
  },
  view: ({ psbts, options }, context) => ({
    title: `Sign ${psbts.length} PSBT${psbts.length === 1 ? '' : 's'}`,
    fields: [{ label: 'Options', value: Array.isArray(options) ? 'one per PSBT' : options === undefined ? 'none (UniSat fails after approval)' : 'one object: UniSat reads none, so each PSBT is signed in default mode and finalised' }],
    // Each PSBT with the inputs UniSat signs for it (its options[i]; none when options is not an array).
    tables: psbts.flatMap((psbt, i) => {
      const request = readOptions(psbt, Array.isArray(options) ? options[i] : undefined);
      return tablesOf(request, context, shownToSign(request, context) ?? [], `PSBT ${i + 1}: `);
    }),
  }),
  async respond({ psbts, options }, context) {
    const result: string[] = [];
    for (const [i, psbt] of psbts.entries()) result.push(await signed(readOptions(psbt, optionAt(options, i)), context));
    return { result };
  },
});
