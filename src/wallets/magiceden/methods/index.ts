// Magic Eden's methods as window.magicEden.bitcoin calls them (docs/reference/magiceden.md §3), and its answer to one it lacks.
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';
import { MAGIC_EDEN_METHOD_NAMES, type MagicEdenMethodName } from '../words.ts';
import { connect } from './connect.ts';
import { signMessage } from './sign-message.ts';
import { signTransaction } from './sign-transaction.ts';
import { sendBtcTransaction } from './send-btc-transaction.ts';
import { signMultipleTransactions } from './sign-multiple-transactions.ts';

export const MAGIC_EDEN_METHODS: Readonly<Record<MagicEdenMethodName, AnyMethod>> = {
  connect,
  signMessage,
  signTransaction,
  sendBtcTransaction,
  signMultipleTransactions,
};

/** Its provider has these five methods only; there is no request() (docs/reference/magiceden.md §2). */
export const magicEdenUnknownMethod = (name: string): RpcError =>
  new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `Magic Eden's provider has no method ${name}; it has ${MAGIC_EDEN_METHOD_NAMES.join(', ')}`);
