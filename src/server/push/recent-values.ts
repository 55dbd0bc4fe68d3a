import type { Clock } from '../clock.js';

/**
 * Values remembered by key for a while: each is taken once, or forgotten `keepMs` after it was added (what
 * was added in a transaction that rolled back is never taken). Forgetting costs nothing per call beyond the
 * values it forgets: a Map keeps its keys in the order they were added.
 */
export class RecentValues<Value> {
  private readonly entries = new Map<string, { value: Value; addedAt: number }>();

  constructor(
    private readonly keepMs: number,
    private readonly clock: Clock,
  ) {}

  add(key: string, value: Value): void {
    const now = this.clock();
    for (const [oldest, { addedAt }] of this.entries) {
      if (now - addedAt < this.keepMs) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, addedAt: now });
  }

  /** The value added under `key`, if it was not yet taken nor forgotten; it is taken. */
  take(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    return entry.value;
  }

  get size(): number {
    return this.entries.size;
  }
}
