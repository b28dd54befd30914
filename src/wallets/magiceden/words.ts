// What Magic Eden's page script and its methods share, kept free of key code so the page script stays small
// (docs/reference/magiceden.md §2).

/** The provider's five methods, each taking one unsecured JWT (docs/reference/magiceden.md §3). */
export const MAGIC_EDEN_METHOD_NAMES = ['connect', 'signMessage', 'signTransaction', 'sendBtcTransaction', 'signMultipleTransactions'] as const;
export type MagicEdenMethodName = (typeof MAGIC_EDEN_METHOD_NAMES)[number];

/**
 * Magic Eden documents no error codes (docs/reference/magiceden.md §2.2): this mock rejects with an Error carrying
 * 4001 for a rejected or closed window, as the EIP-1193 convention wallets share, and -32602 for a request it refuses.
 */
export const MAGIC_EDEN_ERROR = { REJECTED: 4001, INVALID: -32602 } as const;
export const REJECTED = 'User rejected the request.';
