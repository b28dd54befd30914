// What shared code knows of the wallets, derived from their records and nothing else: their names, the
// settings they own (merged with core's into one set of rules), their usage rules' names, the CLI flags their
// settings take. src/wallets/index.ts makes the table of the wallets this mock poses as; a test may make
// another (src/wallets/recipe.test.ts adds a small wallet of its own).
import { type SettingControl, type SettingSpec, type SettingSpecs, type SettingsRules, settingsRules } from '../core/settings.ts';
import { CONTRACT_RULES, type UsageRule } from '../core/usage.ts';
import type { IdentityName, WalletName, WalletOwnedSettings } from '../core/wallet-types.ts';
import type { WalletRecord } from './record.ts';

/** A wallet setting a CLI flag sets: the wallet whose record reads it, the setting's name and spec. */
export interface FlagUse {
  wallet: WalletRecord;
  key: string;
  spec: SettingSpec<unknown>;
}

export interface WalletTable {
  /** Every record, the contract's provider first. */
  records: readonly WalletRecord[];
  /** The names the identities setting takes: every wallet but the contract's provider. */
  identities: readonly IdentityName[];
  isIdentity(name: unknown): name is IdentityName;
  /** What a request's identity field may hold: a wallet of the table a page can also find, or none (the contract's provider). */
  isCaller(value: unknown): value is IdentityName | undefined;
  /** The wallet a page called: the provider's identity, or none for the contract's provider. */
  walletFor(identity: IdentityName | undefined): WalletRecord;
  /** The one way to read and change the settings, core's and the wallets' own. */
  settings: SettingsRules;
  /** Every rule a usage finding can name. */
  usageRules: readonly UsageRule[];
  /** CLI flag → each wallet setting it sets. */
  cliFlags: ReadonlyMap<string, readonly FlagUse[]>;
}

/** The table of these records; `contract`, the name of the one always there (window.WalletProvider). */
export function walletTable(records: readonly WalletRecord[], contract: WalletName): WalletTable {
  const byName = new Map<string, WalletRecord>(records.map((record) => [record.name, record]));
  if (byName.size !== records.length) throw new Error('walletTable: two records have one name');
  const contractRecord = byName.get(contract);
  if (!contractRecord) throw new Error(`walletTable: no record for the contract's provider, ${contract}`);
  const identities = records.map((record) => record.name).filter((name): name is IdentityName => name !== contract);
  const isIdentity = (name: unknown): name is IdentityName => (identities as readonly unknown[]).includes(name);

  // Each wallet's settings, merged by name: wallets that read one setting (UniSat's look-alikes) share its spec.
  const owned: Record<string, SettingSpec<unknown>> = {};
  const cliFlags = new Map<string, FlagUse[]>();
  for (const wallet of records) {
    for (const [key, spec] of Object.entries(wallet.settings as Record<string, SettingSpec<unknown>>)) {
      if (owned[key] && owned[key] !== spec) throw new Error(`walletTable: ${wallet.name} defines the setting ${key} another wallet defines differently`);
      owned[key] = spec;
      if (spec.cli) cliFlags.set(spec.cli.flag, [...(cliFlags.get(spec.cli.flag) ?? []), { wallet, key, spec }]);
    }
  }
  return {
    records: [contractRecord, ...records.filter((record) => record !== contractRecord)],
    identities,
    isIdentity,
    isCaller: (value): value is IdentityName | undefined => value === undefined || isIdentity(value),
    walletFor: (identity) => (identity === undefined ? contractRecord : (byName.get(identity) ?? contractRecord)),
    settings: settingsRules({ identities, owned: owned as SettingSpecs<WalletOwnedSettings> }),
    usageRules: [...new Set<UsageRule>([...CONTRACT_RULES, ...records.flatMap((record) => record.ruleNames)])],
    cliFlags,
  };
}

/**
 * What the settings page shows of each wallet a page can also find: its name, title and summary, and the
 * controls of the settings it reads, each under the first wallet that reads it. Data only: the build writes
 * it into the settings page, which bundles no record.
 */
export interface WalletDescription {
  name: IdentityName;
  title: string;
  summary: string;
  controls: { key: string; control: SettingControl }[];
}

export function describeWallets(table: WalletTable): WalletDescription[] {
  const shown = new Set<string>();
  return table.records
    .filter((record) => table.isIdentity(record.name))
    .map((record) => ({
      name: record.name as IdentityName,
      title: record.title,
      summary: record.summary,
      controls: Object.entries(record.settings as Record<string, SettingSpec<unknown>>)
        .filter(([key]) => !shown.has(key) && shown.add(key))
        .map(([key, spec]) => ({ key, control: spec.control })),
    }));
}
