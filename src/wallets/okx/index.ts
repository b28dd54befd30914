// OKX's Bitcoin providers, as a delta on UniSat's (docs/reference/okx.md): one object per network under
// window.okxwallet, connect() and send(), both account events. OKX's extension is closed: what no public
// source shows is implemented as the docs' best reading and listed there as such.
import { RpcError } from '../../core/rpc.ts';
import type { WalletRecord } from '../record.ts';
import { connectFirstRules } from '../unisat/usage.ts';
import { UNAUTHORIZED, UNISAT_ERROR } from '../unisat/words.ts';
import { okxEvents } from './events.ts';
import { OKX_METHODS, asOkx, okxUnknownMethod } from './methods.ts';
import { objectOf } from './objects.ts';

export const okx: WalletRecord = {
  name: 'okx',
  title: 'OKX',
  answers: 'bare',
  methods: OKX_METHODS,
  unknownMethod: okxUnknownMethod,
  rejectionCode: UNISAT_ERROR.REJECTED,
  signer: 'active',
  accessDenied: () => new RpcError(UNISAT_ERROR.UNAUTHORIZED, UNAUTHORIZED),
  keepsConnections: false,
  adaptContext: asOkx,
  events: okxEvents,
  revokedEvent: { type: 'accountsChanged', payload: [] },
  usageRules: connectFirstRules('OKX', 'connect'),
  // The object for the network; regtest and devnet have none, and the method says so.
  addressMethod: (network) => `${objectOf(network) ?? network}.requestAccounts`,
  addressRequest: () => undefined,
  // In neither picker (sats-connect and @stacks/connect do not list OKX).
  pickers: {},
};
