// Derived public keys kept in storage.session, each entry sealed with an HMAC under a secret made at
// install: an entry changed by anything but this worker (a corrupted or edited store, another
// account's keys moved into this slot) fails its check, is dropped, reported, and derived again.
import browser from 'webextension-polyfill';
import { canonicalJson } from '../../core/json.ts';
import type { PublicKeyStore, StoredKeys } from '../../core/keyring.ts';
import { SessionMap } from './session-map.ts';

interface Sealed extends StoredKeys {
  /** HMAC-SHA256 of the entry's JSON under the install's secret, hex. */
  mac: string;
}

const SECRET_KEY = 'keyCacheSecret';
const entries = new SessionMap<Sealed>(
  'keys:',
  (v) => typeof v === 'object' && v !== null && typeof (v as Sealed).mac === 'string',
  false,
  'sealed keys (a mac)',
);
const problems: string[] = [];

let hmacKey: Promise<CryptoKey> | undefined;
function secret(): Promise<CryptoKey> {
  hmacKey ??= (async () => {
    const stored = (await browser.storage.local.get(SECRET_KEY))[SECRET_KEY];
    let hex = typeof stored === 'string' && /^[0-9a-f]{64}$/.test(stored) ? stored : undefined;
    if (!hex) {
      hex = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
      await browser.storage.local.set({ [SECRET_KEY]: hex });
    }
    const raw = new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
    return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  })();
  hmacKey.catch(() => (hmacKey = undefined));
  return hmacKey;
}

async function macOf(id: string, entry: StoredKeys): Promise<string> {
  // The slot's id is sealed too: an entry moved to another slot fails.
  const text = canonicalJson([id, entry.wallet, entry.keys]);
  const signature = await crypto.subtle.sign('HMAC', await secret(), new TextEncoder().encode(text));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const keyCache: PublicKeyStore & { clear(): Promise<void> } = {
  async get(id) {
    const sealed = await entries.get(id);
    if (!sealed) return undefined;
    const { mac, ...entry } = sealed;
    if (mac === (await macOf(id, entry))) return entry;
    problems.push(
      `cached keys for ${id.split(':').slice(1).join(' account ')} failed their integrity check (changed outside the wallet); they were dropped and derived again`,
    );
    if (problems.length > 20) problems.shift();
    await entries.delete([id]);
    return undefined;
  },
  async set(id, entry) {
    await entries.set(id, { ...entry, mac: await macOf(id, entry) });
  },
  async clear() {
    await entries.clear();
  },
};

/** What the key cache found wrong since the worker started (or the last reset). */
export const keyCacheProblems = (): string[] => [...problems];
export const forgetKeyCacheProblems = (): void => void problems.splice(0);
