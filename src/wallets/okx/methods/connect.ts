// connect(): OKX's connect window, UniSat's requestAccounts with OKX's answer (docs/reference/okx.md §2).
import type { AnyMethod } from '../../../core/methods/method.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';
import { unisatOf } from '../../unisat/methods/dialect.ts';

const requestAccounts = UNISAT_METHODS.requestAccounts;

/** connect(): the connect window, then { address, publicKey, compressedPublicKey }; publicKey is x-only for taproot (its docs' example). */
export const connect: AnyMethod = {
  ...requestAccounts,
  name: 'connect',
  async respond(params, context) {
    const outcome = await requestAccounts.respond(params, context);
    const account = await unisatOf(context);
    const publicKey = account.script === 'p2tr' ? account.publicKey.slice(2) : account.publicKey;
    return { ...outcome, result: { address: account.address, publicKey, compressedPublicKey: account.publicKey } };
  },
};
