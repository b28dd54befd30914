// The fixed choices settings are validated against. A leaf: it imports nothing, so settings
// and the modules they configure (addresses, faults, methods) never import each other.

/** getAddresses output shapes: the contract's two variants, and what the real wallet sends today. */
export const VARIANTS = ['first', 'second', 'leather'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The keys an entry stands for; a wallet (say, a Ledger one) may lack any of them. */
export const ENTRY_KINDS = ['p2wpkh', 'p2tr', 'stx'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const ENTRY_ORDERS = ['standard', 'reversed', 'shuffled'] as const;
export type EntryOrder = (typeof ENTRY_ORDERS)[number];

/** The slow-wallet case: at most a minute, well inside Chrome's five-minute limit for one event. */
export const MAX_RESPONSE_DELAY_MS = 60_000;

/** What getAddresses puts under the p2tr entry's tweakedPublicKey. */
export const TAPROOT_KEY_FIELDS = ['internal', 'output'] as const;
export type TaprootKeyField = (typeof TAPROOT_KEY_FIELDS)[number];

export const APPROVAL_POLICIES = ['prompt', 'approve', 'reject'] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

/**
 * Which account a signing method acts for. request: the request's `account` (Stacks:
 * `address`), else the active account, as our contract says (docs/reference/contract.md §4.2). site: as the
 * real wallet, the account this origin connected with overrides the request's.
 */
export const ACCOUNT_RULES = ['request', 'site'] as const;
export type AccountRule = (typeof ACCOUNT_RULES)[number];

/** Other names the provider can also be defined under, for apps that hard-code the real wallet's. */
export const EXPOSE_NAMES = ['LeatherProvider', 'StacksProvider'] as const;
export type ExposeName = (typeof EXPOSE_NAMES)[number];

/**
 * What a method does with a window. connect: the person picks the account; sign: the target
 * account acts; query: answered at once, with no window and no approval policy.
 */
export const METHOD_KINDS = ['connect', 'sign', 'query'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];

// The wallets' names are theirs (core/wallet-types.ts): each folder in src/wallets declares its own.
export type { IdentityName, WalletName } from './wallet-types.ts';
