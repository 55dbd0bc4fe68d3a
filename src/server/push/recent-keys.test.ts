import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.js';

describe('RecentKeys', () => {
  it('gives each key once, and forgets keys never taken once they are older than the time kept', () => {
    let now = 0;
    const keys = new RecentKeys(60_000, () => now);
    keys.add('a');
    now = 30_000;
    keys.add('b');
    expect(keys.take('a')).toBe(true);
    expect(keys.take('a')).toBe(false);
    expect(keys.take('never added')).toBe(false);

    // 'b' was never taken (its transaction rolled back, say): the next add past its time forgets it.
    now = 90_000;
    keys.add('c');
    expect(keys.size).toBe(1);
    expect(keys.take('b')).toBe(false);
    expect(keys.take('c')).toBe(true);
  });
});
