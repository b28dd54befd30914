// What a wallet is to the shared code: one record per wallet (src/wallets/<name>/index.ts), listed in
// src/wallets/index.ts. The router, the worker, the relay and the kits read it and name no wallet.
import type { HDKey } from '@scure/bip32';
import type { JsonValue } from '../core/json.ts';
import type { AnyMethod, MethodContext } from '../core/methods/method.ts';
import type { RpcError } from '../core/rpc.ts';
import type { CoreSettings, SettingSpecs, Settings } from '../core/settings.ts';
import type { SiteGrant } from '../core/site-grant.ts';
import type { UsageCall, UsageFinding } from '../core/usage.ts';
import type { WalletName, WalletTypes } from '../core/wallet-types.ts';
import type { ExposeName } from '../core/choices.ts';
import type { NetworkName } from '../core/networks.ts';

/** What every wallet's expectedAddresses options share (src/kit/expected.ts). */
export type ExpectedCommon = Partial<Pick<CoreSettings, 'mnemonic' | 'passphrase' | 'network'>> & {
  /** 0-based, as in the derivation path (default 0). */
  account?: number;
};

/** An event for the frames of one site. */
export interface SiteEvent {
  /** The site it is for (shared/site.ts): a real origin, or one sandboxed frame's document. */
  site: string;
  event: { type: string } & Record<string, JsonValue>;
}

/** A site's grant, and the wallet (master fingerprint) it was given for. */
export type HeldGrant = [site: string, grant: SiteGrant & { wallet: string }];
/** The wallet before and after a change (undefined: an unusable mnemonic). */
export interface WalletChange {
  before: string | undefined;
  after: string | undefined;
}

/** Wallet K's record: everything shared code reads of it. `WalletRecord` alone: any wallet's. */
export interface WalletRecord<K extends WalletName = WalletName> {
  name: K;
  /** As a person reads it: in the call log ("wallet_connect (Xverse)") and the docs. */
  title: string;
  /** What posing as it adds to a page, in a sentence (the settings page, the CLI's help). */
  summary: string;
  /** Its page in this repository's docs (docs/wallets.md links each). */
  docs: string;
  /** The settings it reads of its own (core/wallet-types.ts says their types): checked, shown and set from the CLI as each says. */
  settings: SettingSpecs<WalletTypes[K] extends { settings: infer S } ? S : never>;
  /**
   * What the page receives: the JSON-RPC envelope (Leather's and Xverse's request()), or the bare
   * result, a rejection being a plain { code, message } (UniSat's methods).
   */
  answers: 'envelope' | 'bare';
  /** Its dialect: method name → method. */
  methods: Readonly<Record<string, AnyMethod>>;
  /** Its answer to a method it does not have, in its words. */
  unknownMethod(name: string): RpcError;
  /** The code a rejection or a closed window answers with; absent: the rejectionCode setting. */
  rejectionCode?: number;
  /** Which account a signing method acts for: the active one always, or as the accountRule setting says. */
  signer: 'active' | 'accountRule';
  /**
   * Per-site permissions (a method's `gate`): the error a site that lacks one gets; absent, the
   * wallet keeps none.
   */
  accessDenied?(): RpcError;
  /** Keeps the account each site connected with (what accountRule 'site' reads). */
  keepsConnections: boolean;
  /** The acting account's context as this wallet derives it (another Stacks path); absent: the contract's keys. */
  adaptContext?(context: MethodContext): Promise<MethodContext>;
  /** The events a change of settings sends to sites holding a grant; absent: the wallet sends none. */
  events?(before: Settings, after: Settings, grants: readonly HeldGrant[], root: HDKey, wallets: WalletChange): SiteEvent[];
  /** The event a site hears when its permissions are taken back (wallet_disconnect); absent: none. */
  revokedEvent?: SiteEvent['event'];
  /** The usage rules its calls are read against (core/usage.ts). */
  usageRules(calls: readonly UsageCall[]): UsageFinding[];
  /** The names of its own rules among them (the contract's are core's). */
  ruleNames: readonly (WalletTypes[K] extends { rules: infer R } ? R : never)[];
  /**
   * The method that answers with the account's addresses on a network (getAddresses; UniSat's
   * requestAccounts; OKX's on that network's object): what expectedAddresses and the CLI's `addresses` call.
   */
  addressMethod(network: NetworkName): string;
  /** The getAddresses params the kits' expectedAddresses asks with, from its options (`chains`, or Xverse's `purposes`). */
  addressRequest(options: { chains?: readonly string[]; purposes?: readonly string[] }): JsonValue | undefined;
  /** How the CLI's `call --as <name>` asks it, when not as request(method, params), and an example call. */
  cli?: { help: string; example: string };
  /**
   * The names of its rows in the wallet pickers apps show: @stacks/connect's modal, sats-connect's selector, Reown
   * AppKit's modal (its Bitcoin adapter's connectors); absent: not listed there.
   */
  pickers: { stacksConnect?: string; satsConnect?: string; appKit?: string };
  /**
   * The other names (setting exposeAs) a run posing as it turns on, where connectors look for the real wallet
   * (walletProjects sets them): absent, none.
   */
  exposeAs?: readonly ExposeName[];
}
