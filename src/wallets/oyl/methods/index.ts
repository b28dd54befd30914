// Oyl's methods as window.oyl calls them (docs/reference/oyl.md §3), and its answer to one it lacks.
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';
import type { OylMethodName } from '../words.ts';
import { getAddresses } from './get-addresses.ts';
import { isConnected } from './is-connected.ts';
import { disconnect } from './disconnect.ts';
import { getBalance } from './get-balance.ts';
import { signMessage } from './sign-message.ts';
import { signPsbt } from './sign-psbt.ts';
import { signPsbts } from './sign-psbts.ts';
import { pushPsbt } from './push-psbt.ts';
import { getNetwork } from './get-network.ts';
import { switchNetwork } from './switch-network.ts';

export const OYL_METHODS: Readonly<Record<OylMethodName, AnyMethod>> = {
  getAddresses,
  isConnected,
  disconnect,
  getBalance,
  signMessage,
  signPsbt,
  signPsbts,
  pushPsbt,
  getNetwork,
  switchNetwork,
};

/** A name window.oyl has no function for: the page itself has none, so only the CLI and request-style callers meet this. */
export const oylUnknownMethod = (name: string): RpcError =>
  new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `window.oyl has no method ${name.slice(0, 100)} in this mock (docs/reference/oyl.md §3 lists what it answers)`);
