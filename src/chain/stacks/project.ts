// Which Clarinet project simnet loads, and the wallet accounts it funds.
//
// Without an app project, an empty one is written to a temp folder: a Clarinet.toml with no contracts
// and a settings/Devnet.toml whose accounts are the wallet's. Clarinet derives each account from its
// `mnemonic` at its `derivation` path and funds it with `balance` at genesis
// (stx-labs/clarinet, components/clarinet-files/src/network_manifest.rs). The folder is named after
// its contents and the process, so every chain of a process with the same funding loads the same path,
// which simnet caches, while two processes (two test workers) never write the same files at once
// (simnet writes the project's deployments/default.simnet-plan.yaml when it loads it).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fundedAccounts } from '../funding.ts';

/** Clarinet's own devnet deployer (its public `clarinet new` mnemonic): ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM. */
const DEPLOYER_MNEMONIC =
  'twice kind fence tip hidden tilt action fragile skin nothing glory cousin green tomorrow spring wrist shed math olympic multiply hip blue scout claw';

/** Clarinet's Devnet.toml balances are TOML integers, signed 64-bit. */
const MAX_TOML_INTEGER = 2n ** 63n - 1n;

export interface Funding {
  mnemonic: string;
  /** Accounts 0 to count-1, each at m/44'/5757'/0'/0/N, the wallet's Stacks path. */
  count: number;
  microStx: bigint;
}

/** The wallet's first `count` Stacks addresses on testnet (ST…): the funded accounts' (funding.ts), one definition for both chains. */
export async function walletAddresses(mnemonic: string, count: number): Promise<string[]> {
  return (await fundedAccounts(count, mnemonic)).map((account) => account.stx);
}

const written = new Set<string>();

/** Writes the empty project for this funding (if not there yet) and returns its Clarinet.toml. */
export function emptyProject(funding: Funding): string {
  if (funding.microStx > MAX_TOML_INTEGER) throw new RangeError(`a genesis balance is at most ${MAX_TOML_INTEGER} µSTX, got ${funding.microStx}`);
  const accounts = Array.from(
    { length: funding.count },
    (_, n) => `[accounts.wallet_${n + 1}]\nmnemonic = "${funding.mnemonic}"\nderivation = "m/44'/5757'/0'/0/${n}"\nbalance = ${funding.microStx}\n`,
  );
  const devnet = ['[network]\nname = "devnet"\n', `[accounts.deployer]\nmnemonic = "${DEPLOYER_MNEMONIC}"\nbalance = 100_000_000_000_000\n`, ...accounts].join(
    '\n',
  );
  const manifest = [
    '[project]\nname = "mock-wallet-chain"\ndescription = ""\nauthors = []\ntelemetry = false\ncache_dir = "./.cache"\nrequirements = []\n',
    '[contracts]\n',
    '[repl.analysis]\npasses = []\n',
  ].join('\n');
  const digest = createHash('sha256').update(manifest).update(devnet).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `mock-wallet-stacks-${process.pid}-${digest}`);
  if (!written.has(dir)) {
    written.add(dir);
    if (written.size === 1)
      process.once('exit', () => {
        for (const d of written) rmSync(d, { recursive: true, force: true });
      });
  }
  mkdirSync(join(dir, 'settings'), { recursive: true });
  mkdirSync(join(dir, 'contracts'), { recursive: true });
  writeFileSync(join(dir, 'Clarinet.toml'), manifest);
  writeFileSync(join(dir, 'settings', 'Devnet.toml'), devnet);
  return join(dir, 'Clarinet.toml');
}

/**
 * A small app project in a new temporary folder, as `clarinet new` lays one out: these contracts (name →
 * Clarity source, Clarity 3, epoch 3.1) and Clarinet's devnet deployer holding `deployerMicroStx`; its
 * Clarinet.toml, for `stacks.project`. The caller removes the folder.
 */
export function writeProject(contracts: Readonly<Record<string, string>>, options: { name?: string; deployerMicroStx?: bigint } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `${options.name ?? 'app'}-`));
  mkdirSync(join(dir, 'contracts'));
  mkdirSync(join(dir, 'settings'));
  const entries = Object.keys(contracts).map((name) => `[contracts.${name}]\npath = "contracts/${name}.clar"\nclarity_version = 3\nepoch = 3.1\n`);
  writeFileSync(join(dir, 'Clarinet.toml'), [`[project]\nname = "${options.name ?? 'app'}"\nrequirements = []\n`, ...entries].join('\n'));
  for (const [name, source] of Object.entries(contracts)) writeFileSync(join(dir, 'contracts', `${name}.clar`), source);
  writeFileSync(
    join(dir, 'settings', 'Devnet.toml'),
    `[network]\nname = "devnet"\n\n[accounts.deployer]\nmnemonic = "${DEPLOYER_MNEMONIC}"\nbalance = ${options.deployerMicroStx ?? 100_000_000_000_000n}\n`,
  );
  return join(dir, 'Clarinet.toml');
}
