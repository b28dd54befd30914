// stx_callContract (Xverse): the contract's call, with Xverse's `arguments` alias; answers { txid, transaction } (§3.3).
import { defineMethod, type WalletMethod } from '../method.ts';
import { stxCallContract } from '../stx-call-contract.ts';
import { REQUEST_REJECTED, xverseMethod } from './dialect.ts';

const leather = stxCallContract as unknown as WalletMethod<unknown>;

export const xverseStxCallContract = xverseMethod(
  defineMethod<unknown>({
    ...leather,
    parse: (raw, settings) => {
      const params = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
      // Xverse reads the deprecated `arguments` before `functionArgs`.
      const { arguments: args, ...rest } = params;
      return leather.parse(args === undefined ? rest : { ...rest, functionArgs: args }, settings);
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the Stacks transaction signing request' },
  }),
);
