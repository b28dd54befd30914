// Derivation is the slow part of a call; the key ring does each piece once.
import type { HDKey } from '@scure/bip32';
import { deriveAccount, masterKey, type AccountKeys } from './keys.ts';
import { mnemonicToSeed } from './mnemonic.ts';
import type { NetworkName } from './networks.ts';

const MAX_CACHED = 256;

/** A Map that forgets its oldest entry past a size, so a long session stays small. */
function remember<V>(map: Map<string, V>, key: string, make: () => V): V {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  map.set(key, value);
  if (map.size > MAX_CACHED) map.delete(map.keys().next().value as string);
  return value;
}

export class KeyRing {
  private readonly roots = new Map<string, Promise<HDKey>>();
  private readonly accounts = new Map<string, AccountKeys>();

  /** Keys of one account; the seed and each account are derived at most once. */
  async account(mnemonic: string, passphrase: string, network: NetworkName, account: number): Promise<AccountKeys> {
    const wallet = `${mnemonic}\u0000${passphrase}`;
    const cached = this.accounts.get(`${wallet}\u0000${network}\u0000${account}`);
    if (cached) return cached;
    const root = await remember(this.roots, wallet, () => {
      const pending = mnemonicToSeed(mnemonic, passphrase).then(masterKey);
      pending.catch(() => this.roots.delete(wallet)); // a failed seed is not remembered
      return pending;
    });
    return remember(this.accounts, `${wallet}\u0000${network}\u0000${account}`, () => deriveAccount(root, network, account));
  }

  clear(): void {
    this.roots.clear();
    this.accounts.clear();
  }
}
