// signPsbt(psbtHex, options): a window, then the PSBT signed as UniSat signs it (./psbt.ts), finalised
// unless autoFinalized is false, answered as hex (docs/reference/unisat.md §3.5). signPsbts shares its window's tables.
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Transaction } from '@scure/btc-signer';
import { btc, inputInfo, scriptAddress, type InputInfo } from '../../../core/bitcoin/psbt.ts';
import { onChain } from '../../../core/bitcoin/coins.ts';
import { NETWORKS } from '../../../core/networks.ts';
import type { MethodContext, MethodView } from '../../../core/methods/method.ts';
import { argsOf, unisatKeyOf, unisatMethod, unisatOf } from './dialect.ts';
import { parse, readOptions, readPsbt, signAsUnisat, toSignOf, type PsbtRequest } from './psbt.ts';

/**
 * A PSBT's window tables: each input (what it spends, `who` says whose it is, whether it is signed, what the chain
 * holds of it when it pays to one of `own`) and each output. Oyl's window shows the same (src/wallets/oyl).
 */
export async function psbtTables(
  tx: Transaction,
  context: MethodContext,
  own: readonly string[],
  signing: ReadonlySet<number>,
  who: { column: string; of(input: InputInfo): string },
  caption = '',
): Promise<MethodView['tables']> {
  const net = NETWORKS[context.target.network].btc;
  const inputs = [...Array(tx.inputsLength).keys()].map((i) => inputInfo(tx, i, net));
  const chain = await onChain(context.bitcoin, inputs, own, btc);
  return [
    {
      caption: `${caption}Inputs`,
      columns: ['#', 'Outpoint', 'Amount', who.column, 'Sign', 'On the chain'],
      rows: inputs.map((input, i) => [
        String(i),
        input.outpoint,
        input.amount === undefined ? '?' : btc(input.amount),
        who.of(input),
        signing.has(i) ? 'yes' : 'no',
        chain[i]!,
      ]),
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

export async function tablesOf(request: PsbtRequest, context: MethodContext, toSign: ReturnType<typeof toSignOf>, caption = ''): Promise<MethodView['tables']> {
  const own = [(await unisatOf(context)).address];
  const signing = new Set(toSign.map((t) => t.index));
  return psbtTables(parse(request.psbt), context, own, signing, { column: 'Address', of: (input) => input.address ?? '?' }, caption);
}

/**
 * The inputs the window marks: the app's list, or (for the segwit and taproot types, whose address the
 * window's context holds) the ones toSignOf picks; undefined when the window cannot tell.
 */
export function shownToSign(request: PsbtRequest, context: MethodContext): { index: number }[] | undefined {
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

export async function signed(request: PsbtRequest, context: MethodContext): Promise<string> {
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
  async view(request, context) {
    const toSign = shownToSign(request, context);
    return {
      title: 'Sign PSBT',
      fields: [
        {
          label: 'Inputs to sign',
          value: toSign ? toSign.map((t) => t.index).join(', ') || 'none' : "every unsigned input paying to this account's address (else every input)",
        },
        { label: 'Finalize', value: request.autoFinalized ? 'yes (autoFinalized)' : 'no' },
      ],
      tables: await tablesOf(request, context, toSign ?? []),
    };
  },
  respond: async (request, context) => ({ result: await signed(request, context) }),
});
