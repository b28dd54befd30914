// What UniSat's page script and its methods share, kept free of key code so the page script stays small.

/**
 * UniSat's codes (eth-rpc-errors): 4001 a rejection or a closed window; 4100 unauthorized, which
 * UniSat's requestAccounts throws for a site it has not connected and which, here, tells the page
 * script to open the connect window first, as UniSat's own flow does (docs/reference/unisat.md §2.2).
 */
export const UNISAT_ERROR = { REJECTED: 4001, UNAUTHORIZED: 4100 } as const;
export const REJECTED = 'User rejected the request.';
export const UNAUTHORIZED = 'The requested account and/or method has not been authorized by the user.';

/** The methods this mock answers, as window.unisat names them (methods/index.ts holds one of each). */
export const UNISAT_METHOD_NAMES = [
  'requestAccounts',
  'getAccounts',
  'getPublicKey',
  'disconnect',
  'getNetwork',
  'switchNetwork',
  'getChain',
  'switchChain',
  'getBalance',
  'getBalanceV2',
  'getInscriptions',
  'getBitcoinUtxos',
  'getVersion',
  'signMessage',
  'signPsbt',
  'signPsbts',
  'pushPsbt',
  'pushTx',
  'sendBitcoin',
] as const;

/** Methods window.unisat has that this mock does not answer: the page gets a clear error, not a missing function. */
export const UNISAT_UNANSWERED = ['multiSignMessage', 'verifyMessageOfBIP322Simple', 'signData', 'sendInscription', 'sendRunes', 'inscribeTransfer'] as const;
