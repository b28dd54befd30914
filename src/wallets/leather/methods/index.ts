// The method table: name → method. The router reads only this; a new method is one file and one line here.
import { getAddresses } from './get-addresses.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';
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
import { XVERSE_METHODS, xverseUnknownMethod } from '../../xverse/methods/index.ts';
import type { RpcError } from '../../../core/rpc.ts';
import type { IdentityName } from '../../../core/choices.ts';

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

/** Each identity's own table (its dialect) and its answer to a method it lacks; the contract's provider uses METHODS. */
const IDENTITIES: Readonly<Record<IdentityName, { methods: Readonly<Record<string, AnyMethod>>; unknown: (name: string) => RpcError }>> = {
  xverse: { methods: XVERSE_METHODS, unknown: xverseUnknownMethod },
};

/** The error an identity answers a method it lacks with (the contract provider's is worded in request.ts). */
export const unknownMethodOf = (identity: IdentityName, name: string): RpcError => IDENTITIES[identity].unknown(name);

export function methodNamed(name: string, identity?: IdentityName): AnyMethod | undefined {
  const table = identity ? IDENTITIES[identity].methods : METHODS;
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
