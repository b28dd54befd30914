// A map mirrored into chrome.storage.session, so it outlives a stopped service worker.
// Only this worker writes these keys, so the in-memory copy, loaded once per worker
// life, stays exact; each entry is its own storage key, so concurrent writes never race.
import browser from 'webextension-polyfill';

let everything: Promise<Record<string, unknown>> | undefined;

/** Session storage as this worker found it at start: read once, however many maps there are. */
export function loadSession(): Promise<Record<string, unknown>> {
  everything ??= browser.storage.session.get(null);
  return everything;
}

export class SessionMap<T> {
  private loaded: Promise<Map<string, T>> | undefined;

  /** `isValid` skips (and removes) stored values that are not a T: garbage never reaches the wallet. */
  constructor(
    private readonly prefix: string,
    private readonly isValid: (value: unknown) => boolean = () => true,
  ) {}

  private load(): Promise<Map<string, T>> {
    this.loaded ??= loadSession().then((all) => {
      const map = new Map<string, T>();
      const garbage: string[] = [];
      for (const [key, value] of Object.entries(all)) {
        if (!key.startsWith(this.prefix)) continue;
        if (this.isValid(value)) map.set(key.slice(this.prefix.length), value as T);
        else garbage.push(key);
      }
      if (garbage.length > 0) void browser.storage.session.remove(garbage).catch(() => undefined);
      return map;
    });
    return this.loaded;
  }

  async get(key: string): Promise<T | undefined> {
    return (await this.load()).get(key);
  }

  async values(): Promise<T[]> {
    return [...(await this.load()).values()];
  }

  async delete(keys: string[]): Promise<void> {
    const map = await this.load();
    for (const key of keys) map.delete(key);
    if (keys.length > 0) await browser.storage.session.remove(keys.map((k) => this.prefix + k));
  }

  /** Written to storage first: a write the quota refuses changes nothing, here or there. */
  async set(key: string, value: T): Promise<void> {
    const map = await this.load();
    await browser.storage.session.set({ [this.prefix + key]: value });
    map.set(key, value);
  }

  /** Changes an entry that is still there; a taken entry stays gone. */
  async update(key: string, change: (value: T) => T): Promise<void> {
    const map = await this.load();
    const value = map.get(key);
    if (value !== undefined) await this.set(key, change(value));
  }

  async clear(): Promise<void> {
    const map = await this.load();
    const keys = [...map.keys()].map((k) => this.prefix + k);
    map.clear();
    if (keys.length > 0) await browser.storage.session.remove(keys);
  }
}
