// getNetwork: the object's network in OKX's names (docs/reference/okx.md §2).
import type { AnyMethod } from '../../../core/methods/method.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';

/** 'livenet' on okxwallet.bitcoin (its docs: "Don't support Testnet"); the other objects' own names. */
export const getNetwork: AnyMethod = {
  ...UNISAT_METHODS.getNetwork,
  respond: async (_params, { target }) => ({ result: target.network === 'mainnet' ? 'livenet' : target.network }),
};
