import { describe, expect, it } from 'vitest';
import { disappearsIn, messageTime } from './message-time.js';

// A Friday morning, local time.
const now = new Date(2026, 10, 27, 9, 30).getTime();
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('messageTime', () => {
  it('reads as people read it in English', () => {
    expect(messageTime(new Date(now - 20_000).toISOString(), now, 'en-GB')).toBe('now');
    expect(messageTime(new Date(now - 2 * 60_000).toISOString(), now, 'en-GB')).toMatch(/^2 min\.? ago$/);
    expect(messageTime(at(2026, 10, 27, 7, 50), now, 'en-GB')).toBe('07:50');
    expect(messageTime(at(2026, 10, 26, 22, 5), now, 'en-GB')).toBe('Yesterday');
    expect(messageTime(at(2026, 10, 23, 12, 0), now, 'en-GB')).toBe('Monday');
    expect(messageTime(at(2026, 9, 2, 12, 0), now, 'en-GB')).toBe('2 Oct 2026');
  });

  it("follows the reader's locale", () => {
    expect(messageTime(at(2026, 10, 26, 22, 5), now, 'de-DE')).toBe('Gestern');
    expect(messageTime(at(2026, 10, 27, 7, 50), now, 'en-US')).toMatch(/^07:50\sAM$/);
  });

  it('answers nothing for a time it cannot read', () => {
    expect(messageTime('not a time', now, 'en-GB')).toBe('');
  });
});

describe('disappearsIn', () => {
  it('counts down the 24 hours a message lives', () => {
    expect(disappearsIn(new Date(now - 30 * 60_000).toISOString(), now)).toBe('disappears in 23 h');
    // Written after the clock last ticked: still at most 23 full hours left.
    expect(disappearsIn(new Date(now + 20_000).toISOString(), now)).toBe('disappears in 23 h');
    expect(disappearsIn(new Date(now - 23.5 * 3_600_000).toISOString(), now)).toBe('disappears in 30 min');
    expect(disappearsIn(new Date(now - 24 * 3_600_000 + 30_000).toISOString(), now)).toBe(
      'disappears in a minute',
    );
  });
});
