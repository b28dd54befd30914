// wallet_requestPermissions (Xverse): without params, wallet_connect under another name (its connect result, not SCC's `true`, docs/reference/xverse.md §8.4).
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { connectMethod } from './wallet-connect.ts';
import { xverseMethod } from './dialect.ts';

export const walletRequestPermissions = xverseMethod(
  defineMethod({
    ...connectMethod,
    name: 'wallet_requestPermissions',
    parse(raw, settings) {
      if (raw !== undefined && raw !== null) {
        throw new RpcError(
          RPC_ERROR.INTERNAL_ERROR,
          'The wallet does not yet support requesting individual permissions. Use `request("wallet_connect", undefined)` to get account read permissions.',
        );
      }
      return connectMethod.parse(undefined, settings);
    },
  }),
);
