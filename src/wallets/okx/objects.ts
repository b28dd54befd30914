// OKX's Bitcoin providers: one object per network under window.okxwallet (docs/reference/okx.md §1).
// The network is chosen by the object an app calls, never switched. Kept free of key code: the page script reads it.
import type { NetworkName } from '../../core/networks.ts';

export const OKX_OBJECTS = { bitcoin: 'mainnet', bitcoinTestnet: 'testnet', bitcoinSignet: 'signet' } as const satisfies Record<string, NetworkName>;
export type OkxObject = keyof typeof OKX_OBJECTS;

/** The object for a network; undefined for regtest and devnet, which OKX has none for. */
export const objectOf = (network: NetworkName): OkxObject | undefined =>
  (Object.keys(OKX_OBJECTS) as OkxObject[]).find((name) => OKX_OBJECTS[name] === network);

/** What each object answers, as the page calls it: the wallet's method table holds `<object>.<method>`. */
export const OKX_METHOD_NAMES = [
  'connect',
  'requestAccounts',
  'getAccounts',
  'getNetwork',
  'getPublicKey',
  'getBalance',
  'getInscriptions',
  'signMessage',
  'signPsbt',
  'signPsbts',
  'pushPsbt',
  'pushTx',
  'sendBitcoin',
  'send',
  'disconnect',
] as const;
