// Oyl, read from the connectors that call window.oyl (docs/reference/oyl.md): one object argument per method,
// bare results, four addresses per account at @oyl/sdk's paths, every input the account owns signed. Oyl's
// extension is closed: what no public source shows is this mock's reading, listed there as such.
import type { WalletRecord } from '../record.ts';
import { RpcError } from '../../core/rpc.ts';
import { type OylSettings, oylSettings } from './settings.ts';
import { oylEvents } from './events.ts';
import { withOylKeys } from './methods/dialect.ts';
import type { OylAddresses } from './methods/get-addresses.ts';
import { OYL_METHODS, oylUnknownMethod } from './methods/index.ts';
import { NOT_CONNECTED, NOT_CONNECTED_CODE } from './words.ts';

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    /** getAddresses' answer: { taproot, nativeSegwit, nestedSegwit, legacy }, each { address, publicKey }. */
    oyl: { settings: OylSettings; rules: never; expected: { options: Partial<OylSettings>; result: OylAddresses } };
  }
}

export const oyl: WalletRecord<'oyl'> = {
  name: 'oyl',
  title: 'Oyl',
  summary: "window.oyl (LaserEyes, bigmi, Dynamic): four addresses per account at m/<purpose>'/<coin>'/0'/0/N, coin 0' on regtest.",
  docs: 'docs/wallets.md',
  settings: oylSettings,
  answers: 'bare',
  methods: OYL_METHODS,
  unknownMethod: oylUnknownMethod,
  // No rejectionCode: the rejectionCode setting's (4001 by default), Oyl's being unknown.
  signer: 'active',
  accessDenied: () => new RpcError(NOT_CONNECTED_CODE, NOT_CONNECTED),
  keepsConnections: false,
  adaptContext: withOylKeys,
  events: oylEvents,
  revokedEvent: { type: 'accountsChanged', payload: [] },
  usageRules: () => [],
  ruleNames: [],
  addressMethod: () => 'getAddresses',
  addressRequest: () => undefined,
  // In neither picker (sats-connect and @stacks/connect do not list Oyl).
  pickers: {},
  cli: {
    help: 'methods take their arguments in order, one object each (switchNetwork a string): --params \'[{"address":"bc1q…","message":"Hi"}]\'; the answer is printed bare, and a rejection as the { code, message } the page\'s OylConnectError carries',
    example: 'call signMessage --as oyl --params \'[{"address":"bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu","message":"Hello World"}]\'',
  },
};
