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
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';

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

/**
 * Methods the real wallet answers that this mock does not implement: 4002. Everything else
 * (getInfo, stx_getNetworks, stx_getAccounts, wallet_connect …) is -32601, as the real wallet answers.
 */
export const UNSUPPORTED_METHODS: readonly string[] = ['open', 'openSwap', 'stx_transferSip10Ft', 'stx_transferSip9Nft'];

/** The contract provider's answer to a method it does not have, in the real wallet's words. */
export function unknownMethod(method: string): RpcError {
  if (UNSUPPORTED_METHODS.includes(method)) {
    return new RpcError(RPC_ERROR.METHOD_NOT_SUPPORTED, `${method} is not supported by this mock wallet; it implements ${Object.keys(METHODS).join(', ')}`);
  }
  // The real wallet's words: the name in quotes, then where to look.
  return new RpcError(
    RPC_ERROR.METHOD_NOT_FOUND,
    `"${method.slice(0, 64)}" is not supported. Try running .request('supportedMethods') to see what this wallet supports; method "${method.slice(0, 64)}" does not exist here`,
  );
}
