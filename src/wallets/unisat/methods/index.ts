// UniSat's methods as window.unisat calls them (docs/reference/unisat.md §3), and its answer to one it lacks.
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';
import { requestAccounts } from './request-accounts.ts';
import { getAccounts } from './get-accounts.ts';
import { getPublicKey } from './get-public-key.ts';
import { disconnect } from './disconnect.ts';
import { getNetwork } from './get-network.ts';
import { switchNetwork } from './switch-network.ts';
import { getChain } from './get-chain.ts';
import { switchChain } from './switch-chain.ts';
import { getBalance } from './get-balance.ts';
import { getBalanceV2 } from './get-balance-v2.ts';
import { getInscriptions } from './get-inscriptions.ts';
import { getBitcoinUtxos } from './get-bitcoin-utxos.ts';
import { getVersion } from './get-version.ts';
import { signMessage } from './sign-message.ts';
import { signPsbt } from './sign-psbt.ts';
import { signPsbts } from './sign-psbts.ts';
import { pushPsbt } from './push-psbt.ts';
import { pushTx } from './push-tx.ts';
import { sendBitcoin } from './send-bitcoin.ts';

import { UNISAT_UNANSWERED, type UNISAT_METHOD_NAMES } from '../words.ts';

export const UNISAT_METHODS: Readonly<Record<(typeof UNISAT_METHOD_NAMES)[number], AnyMethod>> = {
  requestAccounts,
  getAccounts,
  getPublicKey,
  disconnect,
  getNetwork,
  switchNetwork,
  getChain,
  switchChain,
  getBalance,
  getBalanceV2,
  getInscriptions,
  getBitcoinUtxos,
  getVersion,
  signMessage,
  signPsbt,
  signPsbts,
  pushPsbt,
  pushTx,
  sendBitcoin,
};

export function unisatUnknownMethod(name: string): RpcError {
  if ((UNISAT_UNANSWERED as readonly string[]).includes(name)) {
    return new RpcError(RPC_ERROR.INTERNAL_ERROR, `${name} is not implemented by this mock wallet (docs/reference/unisat.md §3 lists what it answers)`);
  }
  // eth-rpc-errors' methodNotFound, as UniSat's background answers a name its controller lacks.
  return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, 'The method does not exist / is not available.');
}
