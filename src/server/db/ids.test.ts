import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.js';

/** The time (epoch ms) in an id's first 48 bits. */
const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('time-ordered ids', () => {
  it('are UUIDv7 and sort in the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedId(1_700_000_000_000));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => timeOf(id) === 1_700_000_000_000)).toBe(true);
    expect(timeOrderedId(1_700_000_000_000 + 10_000) > (ids.at(-1) ?? '')).toBe(true);
  });

  it('carry the time they are given, whatever time came before, and sort by it', () => {
    const later = timeOrderedId(4_000_000_000_000);
    // A clock far from the one before (a test's, or a real one set back): the id still says its own time.
    const earlier = timeOrderedId(1_000_000_000_000);
    expect(timeOf(later)).toBe(4_000_000_000_000);
    expect(timeOf(earlier)).toBe(1_000_000_000_000);
    expect(earlier < later).toBe(true);
    expect(timeOrderedId(1_000_000_000_001) > earlier).toBe(true);
  });
});
