// stx_callContract: a signed contract call, its arguments hex-serialized Clarity values (signing-methods.md §6.4).
import { makeContractCall, type ClarityValue } from '@stacks/transactions';
import { invalidParams } from '../rpc.ts';
import { clarityValue, pretty } from '../stacks/clarity.ts';
import { builderOptions, commonView, readCommon, signedOutcome, type StacksTxCommon } from '../stacks/transaction.ts';
import { describe, paramsObject, requiredString } from './fields.ts';
import { USER_REJECTED, defineMethod } from './method.ts';
import { principal } from './stx-transfer-stx.ts';

export interface CallContractParams extends StacksTxCommon {
  contractAddress: string;
  contractName: string;
  functionName: string;
  functionArgs: ClarityValue[];
}

export const stxCallContract = defineMethod<CallContractParams>({
  name: 'stx_callContract',
  kind: 'sign',
  usesStacksNonce: true,
  parse(raw) {
    const params = paramsObject('stx_callContract', raw, '{ contract: "SP….name", functionName, functionArgs? }');
    const contract = principal(params['contract'], 'contract');
    const [contractAddress, contractName] = contract.split('.') as [string, string | undefined];
    if (!contractName) throw invalidParams(`contract must name a contract, "<address>.<name>", got ${describe(contract)}`);
    const functionName = requiredString(params, 'functionName');
    if (!/^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/.test(functionName)) throw invalidParams(`functionName must be a Clarity name, got ${describe(functionName)}`);
    const args = params['functionArgs'] ?? [];
    if (!Array.isArray(args)) throw invalidParams(`functionArgs must be an array of hex-serialized Clarity values, got ${describe(args)}`);
    return { ...readCommon(params), contractAddress, contractName, functionName, functionArgs: args.map((arg, i) => clarityValue(arg, `functionArgs[${i}]`)) };
  },
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view: (params, context) =>
    commonView(
      'Call contract',
      [
        { label: 'From', value: context.keys.stx.address },
        { label: 'Contract', value: `${params.contractAddress}.${params.contractName}` },
        { label: 'Function', value: params.functionName },
      ],
      params,
      context,
      params.functionArgs.length > 0 ? [{ caption: 'Arguments', columns: ['#', 'Value'], rows: params.functionArgs.map((arg, i) => [String(i), pretty(arg)]) }] : [],
    ),
  async respond(params, context) {
    const { contractAddress, contractName, functionName, functionArgs } = params;
    const tx = await makeContractCall({ ...(await builderOptions(params, context)), contractAddress, contractName, functionName, functionArgs, validateWithAbi: false });
    return signedOutcome(tx, params);
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
