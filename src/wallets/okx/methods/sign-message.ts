// signMessage: UniSat's, with LaserEyes' 'bip322' read as 'bip322-simple' (docs/reference/okx.md §2).
import type { AnyMethod } from '../../../core/methods/method.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';
import { argsOf } from '../../unisat/methods/dialect.ts';

/** signMessage(text, type = 'ecdsa'): 'bip322' (LaserEyes sends it) is read as 'bip322-simple'. */
export const signMessage: AnyMethod = {
  ...UNISAT_METHODS.signMessage,
  parse(raw, settings) {
    const args = argsOf('signMessage', raw, '["Hello World", "bip322-simple"]');
    return UNISAT_METHODS.signMessage.parse(args[1] === 'bip322' ? [args[0] ?? null, 'bip322-simple', ...args.slice(2)] : args, settings);
  },
};
