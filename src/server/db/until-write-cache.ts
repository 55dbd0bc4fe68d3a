import { type Db, writeCountOf } from './index.js';

/**
 * Values read from the app's SQLite database, each kept until the next statement that may change data
 * runs on it (any table, any row: no guess about what a write touches). Only where this process is the
 * database's one writer (writeCountOf); elsewhere `untilWriteCache` answers undefined and every read goes
 * to the database (docs/decisions/0120-reads-kept-until-a-write.md).
 */
export class UntilWriteCache<V> {
  private readonly entries = new Map<string, { writes: number; value: V }>();

  constructor(
    private readonly writeCount: () => number,
    private readonly capacity: number,
  ) {}

  /** The value kept for `key`, if no write has run since it was read. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.writes === this.writeCount()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Reads `key` with `read` and keeps what it found, unless a write ran while it read (the value may then
   * be from before it). Nothing found (undefined) is not kept: an unknown key costs a read every time.
   */
  async load(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const writes = this.writeCount();
    const value = await read();
    if (value !== undefined && writes === this.writeCount()) {
      this.entries.delete(key);
      // The oldest out first; past writes have made most entries stale anyway.
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { writes, value });
    }
    return value;
  }

  /** How many values are kept, stale ones included (for tests). */
  get size(): number {
    return this.entries.size;
  }
}

/** A cache of reads of `db` kept until its next write, or undefined where `db` has other writers. */
export function untilWriteCache<V>(db: Db, capacity: number): UntilWriteCache<V> | undefined {
  const writeCount = writeCountOf(db);
  return writeCount && new UntilWriteCache<V>(writeCount, capacity);
}
