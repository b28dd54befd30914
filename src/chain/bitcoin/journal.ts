// State that can be put back: every change to the chain's maps and lists goes through a journal
// that records how to undo it, so a snapshot is a position in the journal and a restore undoes
// only what was changed since (a test's few entries, not the whole UTXO set).

/** A position the journal can return to; it lapses when a restore undoes past it. */
export interface Snapshot {
  readonly at: number;
  valid: boolean;
}

export class Journal {
  private undo: (() => void)[] = [];
  private marks: Snapshot[] = [];

  set<K, V>(map: Map<K, V>, key: K, value: V): void {
    const had = map.has(key);
    const old = map.get(key);
    map.set(key, value);
    this.undo.push(had ? () => map.set(key, old as V) : () => map.delete(key));
  }

  /** Insertion order is not kept across an undo: nothing reads these maps in order. */
  delete<K, V>(map: Map<K, V>, key: K): void {
    if (!map.has(key)) return;
    const old = map.get(key) as V;
    map.delete(key);
    this.undo.push(() => map.set(key, old));
  }

  push<T>(list: T[], value: T): void {
    list.push(value);
    this.undo.push(() => void list.pop());
  }

  /** A field of an object (a counter, a setting). */
  assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
    const old = target[key];
    target[key] = value;
    this.undo.push(() => void (target[key] = old));
  }

  snapshot(): Snapshot {
    const mark = { at: this.undo.length, valid: true };
    this.marks.push(mark);
    return mark;
  }

  /** Undoes every change made since the snapshot; snapshots taken after it lapse. */
  restore(mark: Snapshot): void {
    if (!mark.valid || !this.marks.includes(mark))
      throw new Error('this snapshot is not one the chain can return to: a restore to an earlier snapshot undid it');
    while (this.undo.length > mark.at) this.undo.pop()!();
    for (const later of this.marks) if (later.at > mark.at) later.valid = false;
    this.marks = this.marks.filter((m) => m.valid);
  }
}
