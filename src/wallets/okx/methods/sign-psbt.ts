// signPsbt: UniSat's, but a taproot input is signed only when the app gives its internal key (docs/reference/okx.md §2).
import { equalBytes } from '@scure/btc-signer/utils.js';
import { scriptKind, prevoutOf } from '../../../core/bitcoin/psbt.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';
import { failure, unisatOf } from '../../unisat/methods/dialect.ts';
import { parse, toSignOf, type PsbtRequest } from '../../unisat/methods/psbt.ts';

/** OKX's docs: the app adds the public key of every taproot input; OKX does not add its own as UniSat does. */
export const signPsbt: AnyMethod = {
  ...UNISAT_METHODS.signPsbt,
  async precheck(params, context) {
    await UNISAT_METHODS.signPsbt.precheck!(params, context);
    const request = params as PsbtRequest;
    const tx = parse(request.psbt);
    const account = await unisatOf(context);
    for (const { index } of toSignOf(tx, request, account)) {
      const input = index >= 0 && index < tx.inputsLength ? tx.getInput(index) : undefined;
      const prevout = input && prevoutOf(input);
      if (input && prevout && scriptKind(prevout.script) === 'p2tr' && equalBytes(prevout.script, account.outputScript) && !input.tapInternalKey) {
        throw failure(
          `input ${index} is this account's taproot input with no tapInternalKey: OKX signs a taproot input only when the app gives its public key (docs/reference/okx.md §2)`,
        );
      }
    }
  },
};
