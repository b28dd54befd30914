// signPsbts(psbtHexs, options[]): one window for several PSBTs, each signed as signPsbt signs it
// (docs/reference/unisat.md §3.5).
import type { JsonValue } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import { argsOf, failure, unisatMethod } from './dialect.ts';
import { readOptions, readPsbt } from './psbt.ts';
import { shownToSign, signed, tablesOf } from './sign-psbt.ts';

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
  view: async ({ psbts, options }, context) => ({
    title: `Sign ${psbts.length} PSBT${psbts.length === 1 ? '' : 's'}`,
    fields: [
      {
        label: 'Options',
        value: Array.isArray(options)
          ? 'one per PSBT'
          : options === undefined
            ? 'none (UniSat fails after approval)'
            : 'one object: UniSat reads none, so each PSBT is signed in default mode and finalised',
      },
    ],
    // Each PSBT with the inputs UniSat signs for it (its options[i]; none when options is not an array).
    tables: (
      await Promise.all(
        psbts.map((psbt, i) => {
          const request = readOptions(psbt, Array.isArray(options) ? options[i] : undefined);
          return tablesOf(request, context, shownToSign(request, context) ?? [], `PSBT ${i + 1}: `);
        }),
      )
    ).flat(),
  }),
  async respond({ psbts, options }, context) {
    const result: string[] = [];
    for (const [i, psbt] of psbts.entries()) result.push(await signed(readOptions(psbt, optionAt(options, i)), context));
    return { result };
  },
});
