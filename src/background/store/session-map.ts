// A map mirrored into chrome.storage.session, so it outlives a stopped service worker.
// Only this worker writes these keys, so the in-memory copy, loaded once per worker
// life, stays exact; each entry is its own storage key, so concurrent writes never race.
import browser from 'webextension-polyfill';

let everything: Promise<Record<string, unknown>> | undefined;

/** What this worker's storage.session holds, as Chrome counts it (getBytesInUse). */
export function sessionBytes(keys: string | string[] | null = null): Promise<number> {
  return browser.storage.session.getBytesInUse(keys);
}

/** Frees room when a write meets the quota (the call log's oldest entries go); set by the call log. */
let makeRoom: (() => Promise<void>) | undefined;
export const onQuota = (free: () => Promise<void>): void => void (makeRoom = free);
const isQuotaError = (error: unknown): boolean => /quota/i.test(String(error));

/**
 * Stored records a map found malformed and dropped since the worker started (or the last reset): read
 * as absent, and said where the settings' problems are said (control settingsProblems()), never silently.
 */
const problems: string[] = [];
export const storedProblems = (): string[] => [...problems];
export const forgetStoredProblems = (): void => void problems.splice(0);
/** A stored record found wrong by its reader (not its shape: what it says), reported as the maps report theirs. */
export const reportStoredProblem = (text: string): void => void (problems.length < 20 && !problems.includes(text) && problems.push(text));
const shown = (value: unknown): string => {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** Session storage as this worker found it at start: read once, however many maps there are. */
export function loadSession(): Promise<Record<string, unknown>> {
  everything ??= browser.storage.session.get(null);
  return everything;
}

export class SessionMap<T> {
  private loaded: Promise<Map<string, T>> | undefined;
  /** Each key's last write under way (inTurn). */
  private readonly turns = new Map<string, Promise<void>>();

  /**
   * `isValid` skips (and removes) stored values that are not a T: garbage never reaches the wallet, and
   * each is reported (storedProblems) as `what` it should have been, when `what` names it.
   * `packed` stores each value as one JSON string: Chrome counts a per-value overhead for every
   * object, array and number inside a value, so a log entry of many small parts costs far more of
   * the quota than its text; as one string it costs its UTF-8 bytes.
   */
  constructor(
    private readonly prefix: string,
    private readonly isValid: (value: unknown) => boolean = () => true,
    private readonly packed = false,
    private readonly what?: string,
  ) {}

  private unpack(value: unknown): unknown {
    if (!this.packed) return value;
    try {
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }

  private load(): Promise<Map<string, T>> {
    this.loaded ??= loadSession().then((all) => {
      const map = new Map<string, T>();
      const garbage: string[] = [];
      for (const [key, stored] of Object.entries(all)) {
        if (!key.startsWith(this.prefix)) continue;
        const value = this.unpack(stored);
        if (this.isValid(value)) map.set(key.slice(this.prefix.length), value as T);
        else {
          garbage.push(key);
          if (this.what && problems.length < 20) problems.push(`stored ${key} held ${shown(value)}, which is not ${this.what}: dropped, read as none`);
        }
      }
      if (garbage.length > 0) void browser.storage.session.remove(garbage).catch(() => undefined);
      return map;
    });
    return this.loaded;
  }

  async get(key: string): Promise<T | undefined> {
    return (await this.load()).get(key);
  }

  async entries(): Promise<[string, T][]> {
    return [...(await this.load()).entries()];
  }

  async values(): Promise<T[]> {
    return [...(await this.load()).values()];
  }

  async delete(keys: string[]): Promise<void> {
    const map = await this.load();
    for (const key of keys) map.delete(key);
    if (keys.length > 0) await browser.storage.session.remove(keys.map((k) => this.prefix + k));
  }

  /**
   * Written to storage first: a write the quota refuses changes nothing, here or there. Refused
   * for the quota, it frees room (the call log's oldest entries) and tries once more, so a
   * decision, a rejection or a reset always fits.
   */
  set(key: string, value: T): Promise<void> {
    return this.inTurn(key, () => this.write(key, value));
  }

  /**
   * One write per key at a time, in order: the memory copy changes only once storage took the
   * write, so an update must not read it while another write of the same key is under way (the
   * second would undo the first).
   */
  private inTurn(key: string, task: () => Promise<void>): Promise<void> {
    const run = (this.turns.get(key) ?? Promise.resolve()).then(task);
    const settled = run.catch(() => undefined);
    this.turns.set(key, settled);
    void settled.then(() => this.turns.get(key) === settled && this.turns.delete(key));
    return run;
  }

  private async write(key: string, value: T): Promise<void> {
    const map = await this.load();
    const entry = { [this.prefix + key]: this.packed ? JSON.stringify(value) : value };
    try {
      await browser.storage.session.set(entry);
    } catch (error) {
      if (!isQuotaError(error) || !makeRoom) throw error;
      await makeRoom();
      await browser.storage.session.set(entry);
    }
    map.set(key, value);
  }

  /** Chrome's size of one entry. */
  bytes(key: string): Promise<number> {
    return sessionBytes(this.prefix + key);
  }

  /** Changes an entry that is still there, as it is when its turn comes; a taken entry stays gone. */
  update(key: string, change: (value: T) => T): Promise<void> {
    return this.inTurn(key, async () => {
      const value = (await this.load()).get(key);
      if (value !== undefined) await this.write(key, change(value));
    });
  }

  async clear(): Promise<void> {
    const map = await this.load();
    const keys = [...map.keys()].map((k) => this.prefix + k);
    map.clear();
    if (keys.length > 0) await browser.storage.session.remove(keys);
  }
}
