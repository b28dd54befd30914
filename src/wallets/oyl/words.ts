// What Oyl's page script and its methods share, kept free of key code so the page script stays small
// (docs/reference/oyl.md §2, §3).

/** The methods window.oyl has, each answered by this mock (methods/index.ts holds one of each). */
export const OYL_METHOD_NAMES = [
  'getAddresses',
  'isConnected',
  'disconnect',
  'getBalance',
  'signMessage',
  'signPsbt',
  'signPsbts',
  'pushPsbt',
  'getNetwork',
  'switchNetwork',
] as const;
export type OylMethodName = (typeof OYL_METHOD_NAMES)[number];

/** Methods that resolve with nothing (Promise<void>): the page gives undefined for the wallet's null. */
export const OYL_VOID_METHODS: readonly OylMethodName[] = ['disconnect', 'switchNetwork'];

/**
 * This mock's reading of Oyl's errors, which no public source shows (docs/reference/oyl.md §2.3): a
 * rejection is an Error named OylConnectError (the name Oyl's docs give as an example) carrying a code.
 */
export const OYL_ERROR_NAME = 'OylConnectError';
export const REJECTED = 'User rejected the request.';
/** A site that has not connected (getAddresses) calls a method that needs the connection. */
export const NOT_CONNECTED_CODE = 4100;
export const NOT_CONNECTED = 'This site is not connected to Oyl: call getAddresses first (docs/reference/oyl.md §2.2).';
