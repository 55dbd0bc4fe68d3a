import type { Clock } from '../clock.js';

/**
 * Keys remembered for a while: each is taken once, or forgotten `keepMs` after it was added (what was
 * added in a transaction that rolled back is never taken). Forgetting costs nothing per call beyond the
 * keys it forgets: a Map keeps its keys in the order they were added.
 */
export class RecentKeys {
  private readonly addedAt = new Map<string, number>();

  constructor(
    private readonly keepMs: number,
    private readonly clock: Clock,
  ) {}

  add(key: string): void {
    const now = this.clock();
    for (const [oldest, at] of this.addedAt) {
      if (now - at < this.keepMs) break;
      this.addedAt.delete(oldest);
    }
    this.addedAt.set(key, now);
  }

  /** Whether `key` was added and not yet taken nor forgotten; it is taken. */
  take(key: string): boolean {
    return this.addedAt.delete(key);
  }

  get size(): number {
    return this.addedAt.size;
  }
}
