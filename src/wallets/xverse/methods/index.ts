// Xverse's method table: name → method, answered in Xverse's dialect. A new method is one file and one line here.
import type { AnyMethod } from '../../../core/methods/method.ts';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { getInfo, xverseImplemented } from './get-info.ts';
import { xverseGetAccounts } from './get-accounts.ts';
import { xverseGetAddresses } from './get-addresses.ts';
import { xverseSendTransfer } from './send-transfer.ts';
import { xverseSignMessage } from './sign-message.ts';
import { xverseSignPsbt } from './sign-psbt.ts';
import { xverseStxCallContract } from './stx-call-contract.ts';
import { xverseStxDeployContract } from './stx-deploy-contract.ts';
import { xverseStxGetAccounts } from './stx-get-accounts.ts';
import { xverseStxGetAddresses } from './stx-get-addresses.ts';
import { xverseStxSignMessage } from './stx-sign-message.ts';
import { xverseStxSignStructuredMessage } from './stx-sign-structured-message.ts';
import { xverseStxSignTransaction } from './stx-sign-transaction.ts';
import { xverseStxSignTransactions } from './stx-sign-transactions.ts';
import { xverseStxTransferStx } from './stx-transfer-stx.ts';
import { walletChangeNetwork } from './wallet-change-network.ts';
import { walletConnect } from './wallet-connect.ts';
import { walletDisconnect, walletRenouncePermissions } from './wallet-disconnect.ts';
import { walletGetAccount } from './wallet-get-account.ts';
import { walletGetCurrentPermissions } from './wallet-get-current-permissions.ts';
import { walletGetNetwork } from './wallet-get-network.ts';
import { walletGetWalletType } from './wallet-get-wallet-type.ts';
import { walletRequestPermissions } from './wallet-request-permissions.ts';

export const XVERSE_METHODS: Readonly<Record<string, AnyMethod>> = Object.freeze(
  Object.fromEntries(
    [
      getInfo,
      walletConnect,
      walletDisconnect,
      walletRenouncePermissions,
      walletRequestPermissions,
      walletGetAccount,
      walletGetNetwork,
      walletChangeNetwork,
      walletGetWalletType,
      walletGetCurrentPermissions,
      xverseGetAccounts,
      xverseGetAddresses,
      xverseSignMessage,
      xverseSignPsbt,
      xverseSendTransfer,
      xverseStxGetAddresses,
      xverseStxGetAccounts,
      xverseStxTransferStx,
      xverseStxCallContract,
      xverseStxDeployContract,
      xverseStxSignTransaction,
      xverseStxSignTransactions,
      xverseStxSignMessage,
      xverseStxSignStructuredMessage,
    ].map((method) => [method.name, method]),
  ),
);
xverseImplemented.push(...Object.keys(XVERSE_METHODS).sort());

/**
 * Methods real Xverse answers that this mock does not (runes and ordinals need an indexer, balances a
 * node): -32601 with Xverse's words, and data saying why.
 */
export const XVERSE_UNIMPLEMENTED: readonly string[] = [
  'getBalance',
  'ord_getInscriptions',
  'ord_sendInscriptions',
  'runes_estimateEtch',
  'runes_estimateMint',
  'runes_estimateRbfOrder',
  'runes_etch',
  'runes_getBalance',
  'runes_getOrder',
  'runes_mint',
  'runes_rbfOrder',
  'runes_transfer',
];

/** Xverse's answer to a method it does not route (its words), with data naming what this mock leaves out and why. */
export function xverseUnknownMethod(method: string): RpcError {
  const data = XVERSE_UNIMPLEMENTED.includes(method)
    ? {
        reason: `Xverse answers ${method}; this mock wallet does not (it has no indexer or node to answer it from). It implements ${Object.keys(XVERSE_METHODS).join(', ')}`,
      }
    : undefined;
  return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `"${method.slice(0, 64)}" is not supported.`, data);
}
