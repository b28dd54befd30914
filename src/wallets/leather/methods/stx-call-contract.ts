// stx_callContract: a signed contract call, its arguments hex-serialized Clarity values (docs/reference/leather.md §6.4).
import { makeContractCall, type ClarityValue } from '@stacks/transactions';
import { invalidParams } from '../../../core/rpc.ts';
import { clarityValue, pretty } from '../../../core/stacks/clarity.ts';
import { buildSigned, commonView, readCommon, signedOutcome, type BuilderOptions, type StacksTxCommon } from '../../../core/stacks/transaction.ts';
import { describe, paramsObject, requiredString } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { networkMismatch, principal, type StacksChain } from '../../../core/stacks/principal.ts';

export interface CallContractParams extends StacksTxCommon {
  contractAddress: string;
  contractName: string;
  /** The network the contract's address belongs to. */
  contractChain: StacksChain;
  functionName: string;
  functionArgs: ClarityValue[];
}

/** The call, built with the given options. */
const call = (params: CallContractParams) => (options: BuilderOptions) =>
  makeContractCall({
    ...options,
    contractAddress: params.contractAddress,
    contractName: params.contractName,
    functionName: params.functionName,
    functionArgs: params.functionArgs,
    validateWithAbi: false,
  });

export const stxCallContract = defineMethod<CallContractParams>({
  name: 'stx_callContract',
  kind: 'sign',
  usesStacksNonce: true,
  requestedNonce: (params) => params.nonce,
  parse(raw, settings) {
    const params = paramsObject('stx_callContract', raw, '{ contract: "SP….name", functionName, functionArgs? }');
    const common = readCommon(params);
    const contract = principal(params['contract'], 'contract', NETWORKS[common.network ?? settings.network].stacks);
    const [contractAddress, contractName] = contract.value.split('.') as [string, string | undefined];
    if (!contractName) throw invalidParams(`contract must name a contract, "<address>.<name>", got ${describe(contract.value)}`);
    const functionName = requiredString(params, 'functionName');
    if (!/^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/.test(functionName) || functionName.length > 128)
      throw invalidParams(`functionName must be a Clarity name (at most 128 characters), got ${describe(functionName)}`);
    const args = params['functionArgs'] ?? [];
    if (!Array.isArray(args)) throw invalidParams(`functionArgs must be an array of hex-serialized Clarity values, got ${describe(args)}`);
    return {
      ...common,
      contractAddress,
      contractName,
      contractChain: contract.chain,
      functionName,
      functionArgs: args.map((arg, i) => clarityValue(arg, `functionArgs[${i}]`)),
    };
  },
  notes(params, { target }) {
    const found = { value: `${params.contractAddress}.${params.contractName}`, chain: params.contractChain };
    const mismatch = networkMismatch('contract', found, NETWORKS[target.network].stacks);
    return mismatch ? [{ rule: 'network-mismatch', message: mismatch }] : [];
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
      { kind: 'call', build: call(params) },
      params.functionArgs.length > 0
        ? [{ caption: 'Arguments', columns: ['#', 'Value'], rows: params.functionArgs.map((arg, i) => [String(i), pretty(arg)]) }]
        : [],
    ),
  async respond(params, context) {
    return signedOutcome(await buildSigned('call', params, context, call(params)), params);
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
