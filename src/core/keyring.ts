// Derivation is the slow part of a call; the key ring does each piece once.
import type { HDKey } from '@scure/bip32';
import { deriveAccount, deriveSecrets, masterKey, type AccountKeys, type AccountSecrets } from './keys.ts';
import { mnemonicToSeed } from './mnemonic.ts';
import type { NetworkName } from './networks.ts';
import { remember } from './remember.ts';

/**
 * Somewhere to keep derived PUBLIC keys beyond this object's life (the extension uses
 * chrome.storage.session, so a restarted service worker does not derive again).
 * Entries hold addresses and public keys only, never a private key or the mnemonic.
 */
export interface PublicKeyStore {
  get(id: string): Promise<StoredKeys | undefined>;
  set(id: string, entry: StoredKeys): Promise<void>;
}

/** A stored entry says which wallet it belongs to, so a misplaced or stale one is never served. */
export interface StoredKeys {
  /** SHA-256 of mnemonic and passphrase: the wallet, without the secret. */
  wallet: string;
  keys: AccountKeys;
}

const accountOfPath = (path: unknown): string | undefined => (typeof path === 'string' ? path.split('/')[3] : undefined);

/** The entry is for this wallet, network and account, down to each derivation path. */
function fits(entry: StoredKeys | undefined, wallet: string, network: NetworkName, account: number): entry is StoredKeys {
  const keys = entry?.keys;
  if (!keys || entry.wallet !== wallet || keys.account !== account || keys.network !== network) return false;
  const segment = `${account}'`;
  return typeof keys.stx?.address === 'string' && [keys.p2wpkh?.derivationPath, keys.p2tr?.derivationPath].every((p) => accountOfPath(p) === segment);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class KeyRing {
  private readonly roots = new Map<string, Promise<HDKey>>();
  private readonly accounts = new Map<string, AccountKeys>();
  private readonly secretKeys = new Map<string, AccountSecrets>();
  /** Store writes still under way: settled() waits for them. */
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly store?: PublicKeyStore) {}

  /** Keys of one account; the seed and each account are derived at most once. */
  async account(mnemonic: string, passphrase: string, network: NetworkName, account: number): Promise<AccountKeys> {
    const wallet = `${mnemonic}\u0000${passphrase}`;
    const id = `${wallet}\u0000${network}\u0000${account}`;
    const cached = this.accounts.get(id);
    if (cached) return cached;
    // The store is keyed by a hash: it never learns the mnemonic.
    const walletHash = this.store && (await sha256Hex(wallet));
    const storeId = walletHash && `${walletHash}:${network}:${account}`;
    const stored = storeId ? await this.store!.get(storeId) : undefined;
    if (fits(stored, walletHash!, network, account)) return remember(this.accounts, id, () => stored.keys);
    // Nothing stored, or an entry that is not this account's (storage corrupted or edited): derive, and replace it.
    const root = await this.root(wallet, mnemonic, passphrase);
    const keys = remember(this.accounts, id, () => deriveAccount(root, network, account));
    if (storeId) {
      const write = this.store!.set(storeId, { wallet: walletHash!, keys }).catch(() => undefined);
      this.writing.add(write);
      void write.then(() => this.writing.delete(write));
    }
    return keys;
  }

  /**
   * Private keys, for signing an approved request. Kept in this object's memory only (as the
   * root they come from already is), never in any store: a second signature by the same
   * account skips fifteen BIP-32 steps.
   */
  async secrets(mnemonic: string, passphrase: string, network: NetworkName, account: number): Promise<AccountSecrets> {
    const wallet = `${mnemonic}\u0000${passphrase}`;
    const id = `${wallet}\u0000${network}\u0000${account}`;
    const root = await this.root(wallet, mnemonic, passphrase);
    return remember(this.secretKeys, id, () => deriveSecrets(root, network, account));
  }

  /** The wallet's BIP-32 root, for a method that derives at paths of its own (Xverse's); kept in memory only. */
  masterKey(mnemonic: string, passphrase: string): Promise<HDKey> {
    return this.root(`${mnemonic}\u0000${passphrase}`, mnemonic, passphrase);
  }

  private root(wallet: string, mnemonic: string, passphrase: string): Promise<HDKey> {
    return remember(this.roots, wallet, () => {
      const pending = mnemonicToSeed(mnemonic, passphrase).then(masterKey);
      pending.catch(() => this.roots.delete(wallet)); // a failed seed is not remembered
      return pending;
    });
  }

  /** Resolves once every key derived so far is in the store. */
  async settled(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  clear(): void {
    this.roots.clear();
    this.accounts.clear();
    this.secretKeys.clear();
  }
}
