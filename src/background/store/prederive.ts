// Derivation off the test's path: after install, a reset, and a change of mnemonic, passphrase,
// network or accounts, the worker derives the public keys of the listed accounts (the active one
// first) in idle time, into the sealed session cache, so that a first call for any of them after
// a worker restart costs what a known one does. Public keys only, as every call derives them.
import { MAX_LISTED_ACCOUNTS } from '../../core/account-path.ts';
import type { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';

let generation = 0;
let running: Promise<void> = Promise.resolve();

/** Starts a pass for these settings; a newer pass stops an older one between accounts. */
export function prederive(keyRing: KeyRing, settings: Settings): Promise<void> {
  const mine = ++generation;
  const { mnemonic, passphrase, network } = settings;
  const accounts = [...new Set([settings.activeAccount, ...Array.from({ length: Math.min(settings.accountCount, MAX_LISTED_ACCOUNTS) }, (_, i) => i)])];
  running = (async () => {
    for (const account of accounts) {
      // One account per task: a request arriving meanwhile goes first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (generation !== mine) return;
      await keyRing.account(mnemonic, passphrase, network, account).catch(() => undefined);
    }
    await keyRing.settled();
  })();
  return running;
}

/** Resolves once the latest pass has derived and stored its accounts. */
export async function prederived(): Promise<void> {
  let seen: Promise<void>;
  do await (seen = running);
  while (seen !== running);
}

/** The settings that decide which keys the listed accounts have. */
export const derivationChanged = (before: Settings, after: Settings): boolean =>
  before.mnemonic !== after.mnemonic ||
  before.passphrase !== after.passphrase ||
  before.network !== after.network ||
  before.accountCount !== after.accountCount ||
  before.activeAccount !== after.activeAccount;
