// stx_deployContract: a signed smart-contract deploy, Clarity 3 unless asked (docs/reference/leather.md §6.4).
import { ClarityVersion, makeContractDeploy } from '@stacks/transactions';
import { invalidParams } from '../../../core/rpc.ts';
import { buildSigned, commonView, readCommon, signedOutcome, type BuilderOptions, type StacksTxCommon } from '../../../core/stacks/transaction.ts';
import { describe, paramsObject, requiredString } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';

/** The real wallet deploys Clarity 3 by default (@stacks/transactions 7.6 would pick 4). */
export const DEFAULT_CLARITY_VERSION = ClarityVersion.Clarity3;
const MAX_CODE_BYTES = 100_000;

export interface DeployContractParams extends StacksTxCommon {
  name: string;
  clarityCode: string;
  clarityVersion: ClarityVersion;
}

/** The deploy, built with the given options. */
const deploy = (params: DeployContractParams) => (options: BuilderOptions) =>
  makeContractDeploy({ ...options, contractName: params.name, codeBody: params.clarityCode, clarityVersion: params.clarityVersion });

export const stxDeployContract = defineMethod<DeployContractParams>({
  name: 'stx_deployContract',
  kind: 'sign',
  usesStacksNonce: true,
  requestedNonce: (params) => params.nonce,
  parse(raw) {
    const params = paramsObject('stx_deployContract', raw, '{ name, clarityCode, clarityVersion? }');
    const name = requiredString(params, 'name');
    if (!/^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/.test(name) || name.length > 128)
      throw invalidParams(`name must be a contract name (a letter, then letters, digits, - or _; at most 128), got ${describe(name)}`);
    const clarityCode = requiredString(params, 'clarityCode');
    if (clarityCode.trim() === '' || new TextEncoder().encode(clarityCode).length > MAX_CODE_BYTES)
      throw invalidParams(`clarityCode must be Clarity source of 1 to ${MAX_CODE_BYTES} bytes`);
    const version = params['clarityVersion'] === undefined ? DEFAULT_CLARITY_VERSION : Number(params['clarityVersion']);
    if (!Object.values(ClarityVersion).includes(version))
      throw invalidParams(
        `clarityVersion must be one of ${Object.values(ClarityVersion)
          .filter((v) => typeof v === 'number')
          .join(', ')}, got ${describe(params['clarityVersion'])}`,
      );
    return { ...readCommon(params), name, clarityCode, clarityVersion: version as ClarityVersion };
  },
  requestedAccount: (params) => params.address,
  network: (params, settings) => params.network ?? settings.network,
  view: (params, context) => {
    const lines = params.clarityCode.split('\n');
    return commonView(
      'Deploy contract',
      [
        { label: 'Contract', value: `${context.keys.stx.address}.${params.name}` },
        { label: 'Clarity version', value: String(params.clarityVersion) },
        { label: 'Code size', value: `${new TextEncoder().encode(params.clarityCode).length} bytes, ${lines.length} lines` },
        { label: 'First lines', value: lines.slice(0, 5).join('\n') },
      ],
      params,
      context,
      { kind: 'deploy', build: deploy(params) },
    );
  },
  async respond(params, context) {
    return signedOutcome(await buildSigned('deploy', params, context, deploy(params)), params);
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
