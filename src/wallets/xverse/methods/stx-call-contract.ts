// stx_callContract (Xverse): the contract's call, with Xverse's `arguments` alias; answers { txid, transaction } (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxCallContract } from '../../leather/methods/stx-call-contract.ts';
import { REQUEST_REJECTED, fieldsOf, xverseMethod } from './dialect.ts';

const leather = stxCallContract;

export const xverseStxCallContract = xverseMethod(
  defineMethod<unknown>({
    ...leather,
    parse: (raw, settings) => {
      const params = fieldsOf(raw);
      // Xverse forwards these and nothing else (no network, fee, nonce or account of the app's);
      // it reads the deprecated `arguments` before `functionArgs`.
      const { contract, functionName, postConditions, postConditionMode } = params;
      const functionArgs = params['arguments'] ?? params['functionArgs'];
      return leather.parse(
        {
          contract: contract ?? null,
          functionName: functionName ?? null,
          ...(functionArgs !== undefined && { functionArgs }),
          ...(postConditions !== undefined && { postConditions }),
          ...(postConditionMode !== undefined && { postConditionMode }),
        },
        settings,
      );
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the Stacks transaction signing request' },
  }),
);
