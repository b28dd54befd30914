// The method table: name → method. The router reads only this; a new method is one file and one line here.
import { getAddresses } from './get-addresses.ts';
import type { AnyMethod } from './method.ts';
import { sendTransfer } from './send-transfer.ts';
import { signMessage } from './sign-message.ts';
import { signPsbt } from './sign-psbt.ts';
import { stxCallContract } from './stx-call-contract.ts';
import { stxDeployContract } from './stx-deploy-contract.ts';
import { stxGetAddresses } from './stx-get-addresses.ts';
import { stxSignMessage } from './stx-sign-message.ts';
import { stxSignStructuredMessage } from './stx-sign-structured-message.ts';
import { stxSignTransaction } from './stx-sign-transaction.ts';
import { stxTransferStx } from './stx-transfer-stx.ts';
import { implemented, supportedMethods } from './supported-methods.ts';

export const METHODS: Readonly<Record<string, AnyMethod>> = Object.freeze(
  Object.fromEntries(
    [
      getAddresses,
      signPsbt,
      signMessage,
      sendTransfer,
      stxGetAddresses,
      stxSignMessage,
      stxSignStructuredMessage,
      stxTransferStx,
      stxCallContract,
      stxDeployContract,
      stxSignTransaction,
      supportedMethods,
    ].map((method) => [method.name, method]),
  ),
);
implemented.push(...Object.keys(METHODS));

export function methodNamed(name: string): AnyMethod | undefined {
  return Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
}
