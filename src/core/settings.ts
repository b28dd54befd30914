// The wallet's settings: core's own, and how the settings each wallet owns (its record's `settings`) are
// checked beside them. settingsRules() builds the one way to change them from the wallets' table
// (src/wallets/settings.ts), which every context uses.
import {
  ACCOUNT_RULES,
  APPROVAL_POLICIES,
  ENTRY_KINDS,
  ENTRY_ORDERS,
  EXPOSE_NAMES,
  MAX_RESPONSE_DELAY_MS,
  TAPROOT_KEY_FIELDS,
  VARIANTS,
  type AccountRule,
  type ApprovalPolicy,
  type EntryKind,
  type EntryOrder,
  type ExposeName,
  type IdentityName,
  type TaprootKeyField,
  type Variant,
} from './choices.ts';
import { isPlainRecord } from './json.ts';
import { MAX_ACCOUNT, MAX_LISTED_ACCOUNTS } from './account-path.ts';
import { DEFAULT_MNEMONIC, MnemonicError, normalizeMnemonic } from './mnemonic.ts';
import { NETWORK_NAMES, isNetworkName, type NetworkName } from './networks.ts';
import { RPC_ERROR } from './rpc.ts';
import type { WalletOwnedSettings } from './wallet-types.ts';

/** Wallets disagree on the rejection code: 4001 in one family, -32000 in another. */
export const REJECTION_CODES = [RPC_ERROR.USER_REJECTED, RPC_ERROR.SERVER_ERROR] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export { MAX_LISTED_ACCOUNTS };
export const MAX_FEE_RATE = 10_000;
export const MAX_OPEN_WINDOWS = 100;
export const MAX_URL_LENGTH = 2048;
export const MAX_PASSPHRASE_LENGTH = 1024;
/** 21 million bitcoin, in satoshis: still a safe integer. */
export const MAX_BALANCE_SATS = 2_100_000_000_000_000;

/** The settings every wallet shares; each wallet adds its own (WalletOwnedSettings). */
export interface CoreSettings {
  mnemonic: string;
  passphrase: string;
  /** How many accounts the wallet lists (Account 1 … Account N). */
  accountCount: number;
  /** 0-based, as in the derivation path; the UI shows activeAccount + 1. */
  activeAccount: number;
  network: NetworkName;
  variant: Variant;
  /** prompt: every call opens a window; approve/reject: answer at once, for fast tests. */
  approvalPolicy: ApprovalPolicy;
  rejectionCode: RejectionCode;
  /** Keys this wallet pretends not to have, as a Ledger user might. */
  missingEntries: EntryKind[];
  accountRule: AccountRule;
  /** internal: the x-only internal key, as the real wallet; output: the BIP-341 output key. */
  taprootKeyField: TaprootKeyField;
  /** An Esplora-compatible base URL; '' = transactions are never sent anywhere. */
  bitcoinBroadcastUrl: string;
  /** sendTransfer's fee rate, satoshis per virtual byte. */
  bitcoinFeeRate: number;
  /** A Stacks node (or API) base URL: signed transactions are POSTed to <url>/v2/transactions; '' = never. */
  stacksNodeUrl: string;
  /** true: the first variant refuses any getAddresses parameter; false: it ignores them, as a real wallet (and logs them). */
  strictParams: boolean;
  /** Also define window.LeatherProvider / window.StacksProvider as this provider (pages loaded after the change). */
  exposeAs: ExposeName[];
  /** Other wallets the browser appears to have, each in its own dialect (pages loaded after the change). */
  identities: IdentityName[];
  /** The confirmed balance, in satoshis, that a balance read reports when no chain is set (core/bitcoin/coins.ts); 0 by default. */
  bitcoinBalance: number;
  // Faults, applied to getAddresses / stx_getAddresses answers (core/faults.ts):
  /** standard: p2wpkh, p2tr, STX; reversed; shuffled (seeded by shuffleSeed, never the standard order). */
  entryOrder: EntryOrder;
  shuffleSeed: number;
  /** Adds BTC entries of types the contract does not define (nested SegWit, legacy), after the others. */
  extraEntries: boolean;
  /** BTC derivationPath account segments that are not integers (`3.5'`): a correct app shows an error (docs/reference/contract.md §2.3). */
  malformedDerivationPath: boolean;
  /** The connect answer reaches the page this much later, under every approval policy. */
  responseDelayMs: number;
  /** Approval windows open at once, at most; later requests wait in order (fair across sites) for one to close. */
  maxOpenWindows: number;
  /**
   * Keep two approval windows created and loaded (minimized in Chrome; in Firefox behind the focused
   * window), for the next requests to take (the kits turn it on): the browser's window creation is
   * then off the test's path (background/window/warm.ts). Off by default.
   */
  warmWindow: boolean;
}

/** The wallet's settings: core's and every wallet's own. */
export type Settings = CoreSettings & WalletOwnedSettings;

export type SettingsPatch = Partial<Settings>;

const CORE_DEFAULTS: Readonly<CoreSettings> = Object.freeze({
  mnemonic: DEFAULT_MNEMONIC,
  passphrase: '',
  accountCount: 5,
  activeAccount: 0,
  network: 'mainnet',
  variant: 'first',
  approvalPolicy: 'prompt',
  rejectionCode: RPC_ERROR.USER_REJECTED,
  missingEntries: [],
  accountRule: 'request',
  taprootKeyField: 'internal',
  bitcoinBroadcastUrl: '',
  bitcoinFeeRate: 10,
  stacksNodeUrl: '',
  strictParams: false,
  exposeAs: [],
  identities: [],
  bitcoinBalance: 0,
  entryOrder: 'standard',
  shuffleSeed: 1,
  extraEntries: false,
  malformedDerivationPath: false,
  responseDelayMs: 0,
  maxOpenWindows: 16,
  warmWindow: false,
});

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const list = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(', ');

function oneOf<T>(field: string, allowed: readonly T[], value: unknown): T {
  if (!allowed.includes(value as T)) throw new SettingsError(`${field} must be one of ${list(allowed)}, got ${JSON.stringify(value)}`);
  return value as T;
}

function boolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new SettingsError(`${field} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

/** A list drawn from `allowed`, each value once, in the order given. */
function someOf<T>(field: string, allowed: readonly T[], value: unknown): T[] {
  if (!Array.isArray(value)) throw new SettingsError(`${field} must be an array of ${list(allowed)}, got ${JSON.stringify(value)}`);
  return [...new Set(value.map((v) => oneOf(`${field}[]`, allowed, v)))];
}

function integer(field: string, min: number, max: number, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SettingsError(`${field} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** '' (send nothing) or an http(s) URL, kept without a trailing slash. */
function broadcastUrl(field: string, value: unknown): string {
  if (value === '') return '';
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) throw new SettingsError(`${field} must be '' or an http(s) URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`${field} must be '' or an http(s) URL, got ${JSON.stringify(value.slice(0, 80))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SettingsError(`${field} must be an http(s) URL, got ${url.protocol}`);
  return value.replace(/\/+$/, '');
}

/** How the settings page shows a setting: a labelled select of options, or a number field. */
export type SettingControl =
  | { kind: 'select'; label: string; options: readonly { value: string; text: string }[] }
  | { kind: 'number'; label: string; min: number; max: number };

/** A setting a wallet owns: its default, its check, its control on the settings page, its CLI flag. */
export interface SettingSpec<T> {
  default: T;
  /** The value, or a SettingsError naming `field`. */
  check(field: string, value: unknown): T;
  control: SettingControl;
  /** The CLI flag that sets it when the CLI answers as a wallet that reads it (`--address-type p2tr`). */
  cli?: { flag: string; help: string };
}

/** The specs of a set of settings, one per field. */
export type SettingSpecs<S> = { readonly [K in keyof S]-?: SettingSpec<S[K]> };

/** A setting that is one of a few strings: each option's value and what the settings page says of it. */
export function choiceSetting<T extends string>(
  options: readonly (readonly [value: T, text: string])[],
  fallback: NoInfer<T>,
  label: string,
  cli?: SettingSpec<T>['cli'],
): SettingSpec<T> {
  const values = options.map(([value]) => value);
  return {
    default: fallback,
    check: (field, value) => oneOf(field, values, value),
    control: { kind: 'select', label, options: options.map(([value, text]) => ({ value, text })) },
    ...(cli && { cli }),
  };
}

/** A setting that is a whole number in a range. */
export function integerSetting(min: number, max: number, fallback: number, label: string, cli?: SettingSpec<number>['cli']): SettingSpec<number> {
  return { default: fallback, check: (field, value) => integer(field, min, max, value), control: { kind: 'number', label, min, max }, ...(cli && { cli }) };
}

/** What storage held, and why each field that fell back to its default was refused. */
export interface StoredSettingsReport {
  settings: Settings;
  /** One sentence per invalid stored field, e.g. 'stored mnemonic is invalid (mnemonic has 11 words …); the default is used'. */
  problems: string[];
  /** The stored mnemonic or passphrase was unusable: answering would speak for another wallet. */
  walletUnusable: boolean;
}

/** The one way to read and change the settings, for a table of wallets. */
export interface SettingsRules {
  /** Every setting's name: core's, then the wallets'. */
  keys: readonly (keyof Settings)[];
  /** The wallets' own settings, by name. */
  owned: Readonly<Record<string, SettingSpec<unknown>>>;
  /** A copy of the defaults whose lists and records are the caller's own. */
  defaults(): Settings;
  /**
   * The settings after a change, or a SettingsError naming the first bad field.
   * Nothing is half-applied: either every field is valid or none is taken.
   */
  apply(current: Settings, patch: unknown): Settings;
  /** Settings read back from storage: each bad or missing field falls back to its default, and is reported. */
  readStored(stored: unknown): StoredSettingsReport;
}

/**
 * The settings' rules for these wallets: `identities`, the names the identities setting takes; `owned`, the
 * specs of the settings the wallets own (their records' `settings`, merged by the table).
 */
export function settingsRules(wallets: { identities: readonly IdentityName[]; owned: SettingSpecs<WalletOwnedSettings> }): SettingsRules {
  const owned: Readonly<Record<string, SettingSpec<unknown>>> = wallets.owned;
  const { identities } = wallets;
  for (const key of Object.keys(owned)) if (key in CORE_DEFAULTS) throw new Error(`a wallet's setting ${key} has a core setting's name`);
  const ownedDefaults = Object.fromEntries(Object.entries(owned).map(([key, spec]) => [key, spec.default]));
  const DEFAULTS = Object.freeze({ ...CORE_DEFAULTS, ...ownedDefaults }) as Readonly<Settings>;
  const keys = Object.keys(DEFAULTS) as (keyof Settings)[];
  const defaults = (): Settings => structuredClone({ ...DEFAULTS });

  function apply(current: Settings, patch: unknown): Settings {
    if (!isPlainRecord(patch)) throw new SettingsError('settings must be an object');
    const unknown = Object.keys(patch).filter((k) => !(keys as string[]).includes(k));
    // The nonce counters were a setting once; they are the wallet's running state now.
    if (unknown.includes('stacksNonces'))
      throw new SettingsError(
        'stacksNonces is no longer a setting: set a counter with wallet.setStacksNonce(nonce, { account, network }) (docs/settings-and-cli.md)',
      );
    if (unknown.length > 0) throw new SettingsError(`unknown setting ${list(unknown)}; known: ${keys.join(', ')}`);
    const next: Settings = { ...current, missingEntries: [...current.missingEntries], exposeAs: [...current.exposeAs], identities: [...current.identities] };
    const p = patch as Record<keyof CoreSettings, unknown>;

    if ('mnemonic' in p) {
      try {
        next.mnemonic = normalizeMnemonic(p.mnemonic);
      } catch (error) {
        throw new SettingsError(error instanceof MnemonicError ? error.message : String(error));
      }
    }
    if ('passphrase' in p) {
      if (typeof p.passphrase !== 'string' || p.passphrase.length > MAX_PASSPHRASE_LENGTH) {
        throw new SettingsError(`passphrase must be a string of at most ${MAX_PASSPHRASE_LENGTH} characters`);
      }
      next.passphrase = p.passphrase;
    }
    if ('accountCount' in p) next.accountCount = integer('accountCount', 1, MAX_LISTED_ACCOUNTS, p.accountCount);
    if ('activeAccount' in p) next.activeAccount = integer('activeAccount', 0, MAX_ACCOUNT, p.activeAccount);
    if ('network' in p) {
      if (!isNetworkName(p.network)) throw new SettingsError(`network must be one of ${list(NETWORK_NAMES)}, got ${JSON.stringify(p.network)}`);
      next.network = p.network;
    }
    if ('variant' in p) next.variant = oneOf('variant', VARIANTS, p.variant);
    if ('approvalPolicy' in p) next.approvalPolicy = oneOf('approvalPolicy', APPROVAL_POLICIES, p.approvalPolicy);
    if ('rejectionCode' in p) next.rejectionCode = oneOf('rejectionCode', REJECTION_CODES, p.rejectionCode);
    if ('missingEntries' in p) next.missingEntries = someOf('missingEntries', ENTRY_KINDS, p.missingEntries);
    if ('exposeAs' in p) next.exposeAs = someOf('exposeAs', EXPOSE_NAMES, p.exposeAs);
    if ('identities' in p) next.identities = someOf('identities', identities, p.identities);
    if ('bitcoinBalance' in p) next.bitcoinBalance = integer('bitcoinBalance', 0, MAX_BALANCE_SATS, p.bitcoinBalance);
    if ('accountRule' in p) next.accountRule = oneOf('accountRule', ACCOUNT_RULES, p.accountRule);
    if ('taprootKeyField' in p) next.taprootKeyField = oneOf('taprootKeyField', TAPROOT_KEY_FIELDS, p.taprootKeyField);
    if ('bitcoinBroadcastUrl' in p) next.bitcoinBroadcastUrl = broadcastUrl('bitcoinBroadcastUrl', p.bitcoinBroadcastUrl);
    if ('stacksNodeUrl' in p) next.stacksNodeUrl = broadcastUrl('stacksNodeUrl', p.stacksNodeUrl);
    if ('strictParams' in p) next.strictParams = boolean('strictParams', p.strictParams);
    if ('extraEntries' in p) next.extraEntries = boolean('extraEntries', p.extraEntries);
    if ('malformedDerivationPath' in p) next.malformedDerivationPath = boolean('malformedDerivationPath', p.malformedDerivationPath);
    if ('entryOrder' in p) next.entryOrder = oneOf('entryOrder', ENTRY_ORDERS, p.entryOrder);
    if ('shuffleSeed' in p) next.shuffleSeed = integer('shuffleSeed', 0, 0xffffffff, p.shuffleSeed);
    if ('warmWindow' in p) next.warmWindow = boolean('warmWindow', p.warmWindow);
    if ('maxOpenWindows' in p) next.maxOpenWindows = integer('maxOpenWindows', 1, MAX_OPEN_WINDOWS, p.maxOpenWindows);
    if ('responseDelayMs' in p) next.responseDelayMs = integer('responseDelayMs', 0, MAX_RESPONSE_DELAY_MS, p.responseDelayMs);
    if ('bitcoinFeeRate' in p) next.bitcoinFeeRate = integer('bitcoinFeeRate', 1, MAX_FEE_RATE, p.bitcoinFeeRate);
    for (const [key, spec] of Object.entries(owned)) if (key in p) Object.assign(next, { [key]: spec.check(key, (p as Record<string, unknown>)[key]) });
    // Shortening the list must not silently unlist the active account, nor be silently undone.
    if ('accountCount' in p && !('activeAccount' in p) && next.activeAccount >= next.accountCount && next.activeAccount < MAX_LISTED_ACCOUNTS) {
      throw new SettingsError(
        `accountCount ${next.accountCount} would not list the active account (activeAccount ${next.activeAccount}); set activeAccount below ${next.accountCount} in the same change`,
      );
    }
    // Switching to an account beyond the list lengthens the list, as a wallet's "add account" would.
    if (next.activeAccount >= next.accountCount && next.activeAccount < MAX_LISTED_ACCOUNTS) {
      next.accountCount = next.activeAccount + 1;
    }
    return next;
  }

  function readStored(stored: unknown): StoredSettingsReport {
    let settings: Settings = defaults();
    const problems: string[] = [];
    let walletUnusable = false;
    if (stored === undefined) return { settings, problems, walletUnusable };
    if (!isPlainRecord(stored)) return { settings, problems: ['stored settings are not an object; defaults are used'], walletUnusable: true };
    for (const key of keys) {
      if (!(key in stored)) continue;
      try {
        settings = apply(settings, { [key]: stored[key] });
      } catch (error) {
        // An older version or a hand edit left this field invalid: the default stands, and it is said.
        problems.push(`stored ${key} is invalid (${error instanceof Error ? error.message : String(error)}); the default is used`);
        if (key === 'mnemonic' || key === 'passphrase') walletUnusable = true;
      }
    }
    return { settings, problems, walletUnusable };
  }

  return { keys, owned, defaults, apply, readStored };
}
