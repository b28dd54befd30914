// stx_deployContract (Xverse): the contract's deploy, signed with Xverse's Stacks key; answers { txid, transaction } (§3.3).
import { defineMethod, type WalletMethod } from '../method.ts';
import { stxDeployContract } from '../stx-deploy-contract.ts';
import { REQUEST_REJECTED, xverseMethod } from './dialect.ts';

const leather = stxDeployContract as unknown as WalletMethod<unknown>;

export const xverseStxDeployContract = xverseMethod(
  defineMethod<unknown>({ ...leather, rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected the Stacks transaction signing request' } }),
);
