import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.js';

describe('time-ordered ids', () => {
  it('are UUIDv7 and sort in the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedId(1_700_000_000_000));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(timeOrderedId(1_700_000_000_000 + 10_000) > (ids.at(-1) ?? '')).toBe(true);
  });
});
