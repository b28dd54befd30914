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

/**
 * Wallets the browser appears to have beside the contract's window.WalletProvider (always there):
 * 'xverse' adds Xverse's providers (docs/reference/xverse.md §1.1), answering in Xverse's dialect;
 * 'unisat' adds window.unisat (docs/reference/unisat.md §1); 'okx' adds window.okxwallet's Bitcoin
 * providers (docs/reference/okx.md §1); 'bitget', 'binance' and 'onekey' add UniSat's API at
 * window.bitkeep.unisat, window.binancew3w.bitcoin and window.$onekey.btc, and 'wizz', 'opnet' and 'keplr'
 * at window.wizz, window.opnet and window.keplr.bitcoin (docs/unisat.md, "Look-alikes");
 * 'fordefi' adds Xverse's API at window.FordefiProviders.UtxoProvider (docs/xverse.md, "Fordefi").
 */
export const IDENTITY_NAMES = ['xverse', 'unisat', 'okx', 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr', 'fordefi'] as const;
export type IdentityName = (typeof IDENTITY_NAMES)[number];
export const isIdentity = (name: unknown): name is IdentityName => (IDENTITY_NAMES as readonly unknown[]).includes(name);

/** Every wallet with a record in src/wallets: 'leather' is the contract's provider (window.WalletProvider), always there. */
export type WalletName = 'leather' | IdentityName;

/** Which payment address Xverse exposes: native p2wpkh (m/84', new wallets) or nested p2sh-p2wpkh (m/49'). */
export const XVERSE_PAYMENT_TYPES = ['native', 'nested'] as const;
export type XversePaymentType = (typeof XVERSE_PAYMENT_TYPES)[number];

/**
 * UniSat's address type: one address per account, at m/<purpose>'/0'/0'/0/<account> on every network
 * (docs/reference/unisat.md §4). The m44 types are UniSat's legacy ones: segwit or taproot on the m/44' key.
 */
export const UNISAT_ADDRESS_TYPES = ['p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh', 'm44-p2wpkh', 'm44-p2tr'] as const;
export type UnisatAddressType = (typeof UNISAT_ADDRESS_TYPES)[number];

/** OKX's address format per account (docs/reference/okx.md §4): the standard paths, coin 0' as UniSat's. */
export const OKX_ADDRESS_TYPES = ['p2wpkh', 'p2tr', 'p2sh-p2wpkh', 'p2pkh'] as const;
export type OkxAddressType = (typeof OKX_ADDRESS_TYPES)[number];
