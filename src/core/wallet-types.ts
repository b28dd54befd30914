// What each wallet adds to the types the shared code reads: its name, the settings it owns, the names of its
// usage rules, and what the kits' expectedAddresses takes and gives for it. A wallet declares its entry in its
// own folder (src/wallets/<name>/index.ts), next to its record, by extending WalletTypes:
//   declare module '../../core/wallet-types.ts' { interface WalletTypes { tiny: TinyTypes } }
// so core and the shared code derive their unions from here and name no wallet. A leaf: it imports nothing.

/** One wallet's entry in WalletTypes. */
export interface WalletTypeEntry {
  /** The settings it owns, by name (its record's `settings` says how each is checked, shown and set). */
  settings: object;
  /** The names of its own usage rules (never: it has none). */
  rules: string;
  /** What expectedAddresses takes for it beyond the common options, and what it returns. */
  expected: { options: object; result: unknown };
  /** The contract's provider (window.WalletProvider): always there, called with no identity. */
  contract?: true;
}

/** Every wallet's entry, by name: empty here, filled by the wallets' own folders. */
// biome-ignore lint/suspicious/noEmptyInterface: an interface the wallets' folders extend (declaration merging)
export interface WalletTypes {}

type Entry<K extends WalletName> = WalletTypes[K] extends WalletTypeEntry ? WalletTypes[K] : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every wallet with a record in src/wallets. */
export type WalletName = keyof WalletTypes & string;

/** The wallets a page reaches through an identity: all but the contract's provider, which is always there. */
export type IdentityName = { [K in WalletName]: Entry<K> extends { contract: true } ? never : K }[WalletName];

/** The contract's provider's name. */
export type ContractWalletName = Exclude<WalletName, IdentityName>;

/** The settings the wallets own, all together (core's Settings adds them to its own). */
export type WalletOwnedSettings = UnionToIntersection<{ [K in WalletName]: Entry<K>['settings'] }[WalletName]>;

/** The names of the wallets' own usage rules. */
export type WalletUsageRule = { [K in WalletName]: Entry<K>['rules'] }[WalletName];

/** What expectedAddresses takes for wallet K beyond the common options. */
export type ExpectedOptionsOf<K extends WalletName> = Entry<K>['expected']['options'];

/** What expectedAddresses returns for wallet K. */
export type ExpectedResultOf<K extends WalletName> = Entry<K>['expected']['result'];
