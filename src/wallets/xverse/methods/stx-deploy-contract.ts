// stx_deployContract (Xverse): the contract's deploy, signed with Xverse's Stacks key; answers { txid, transaction } (docs/reference/xverse.md §3.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { stxDeployContract } from '../../leather/methods/stx-deploy-contract.ts';
import { REQUEST_REJECTED, fieldsOf, xverseMethod } from './dialect.ts';

const leather = stxDeployContract;

export const xverseStxDeployContract = xverseMethod(
  defineMethod<unknown>({
    ...leather,
    // Xverse forwards these and nothing else; clarityVersion is dropped on the way (only strings pass its
    // popup's URL), so the builder's default, Clarity 3, applies.
    parse: (raw, settings) => {
      const params = fieldsOf(raw);
      const { name, clarityCode, postConditions, postConditionMode } = params;
      return leather.parse(
        {
          name: name ?? null,
          clarityCode: clarityCode ?? null,
          ...(postConditions !== undefined && { postConditions }),
          ...(postConditionMode !== undefined && { postConditionMode }),
        },
        settings,
      );
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the Stacks transaction signing request' },
  }),
);
