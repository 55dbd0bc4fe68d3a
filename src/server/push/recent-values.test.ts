import { describe, expect, it } from 'vitest';
import { RecentValues } from './recent-values.js';

describe('RecentValues', () => {
  it('gives each value once, and forgets values never taken once they are older than the time kept', () => {
    let now = 0;
    const values = new RecentValues<number>(60_000, () => now);
    values.add('a', 1);
    now = 30_000;
    values.add('b', 2);
    expect(values.take('a')).toBe(1);
    expect(values.take('a')).toBeUndefined();
    expect(values.take('never added')).toBeUndefined();

    // 'b' was never taken (its transaction rolled back, say): the next add past its time forgets it.
    now = 90_000;
    values.add('c', 3);
    expect(values.size).toBe(1);
    expect(values.take('b')).toBeUndefined();
    expect(values.take('c')).toBe(3);
  });
});
