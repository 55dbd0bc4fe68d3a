import { describe, expect, it } from 'vitest';
import {
  ACTION_LOG_SIZE,
  addAction,
  countUse,
  EMPTY_PATTERN,
  isWeekend,
  parseActionLog,
  parsePattern,
  timeOfDay,
} from './usage.js';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

describe('usage tracking', () => {
  it('splits the day at 6, 12 and 18 (spec §9)', () => {
    expect(timeOfDay(at(23, 5, 59))).toBe('evening');
    expect(timeOfDay(at(23, 6))).toBe('morning');
    expect(timeOfDay(at(23, 11, 59))).toBe('morning');
    expect(timeOfDay(at(23, 12))).toBe('afternoon');
    expect(timeOfDay(at(23, 17, 59))).toBe('afternoon');
    expect(timeOfDay(at(23, 18))).toBe('evening');
  });

  it('counts a use by time of day and by weekday or weekend', () => {
    // 23 November 2026 is a Monday, the 28th a Saturday.
    expect(isWeekend(at(23, 9))).toBe(false);
    expect(isWeekend(at(28, 9))).toBe(true);
    const afterMonday = countUse(EMPTY_PATTERN, at(23, 9));
    expect(afterMonday).toEqual({ ...EMPTY_PATTERN, morning: 1, weekday: 1 });
    expect(countUse(afterMonday, at(28, 20))).toEqual({
      morning: 1,
      afternoon: 0,
      evening: 1,
      weekday: 1,
      weekend: 1,
    });
  });

  it('keeps the last 10 actions, newest last, with short data', () => {
    let log = parseActionLog(null);
    for (let index = 0; index < ACTION_LOG_SIZE + 3; index++) {
      log = addAction(log, { action: 'view', data: `/page/${index}`, timestamp: index, userId: null });
    }
    expect(log).toHaveLength(ACTION_LOG_SIZE);
    expect(log[0]?.data).toBe('/page/3');
    expect(log.at(-1)?.data).toBe(`/page/${ACTION_LOG_SIZE + 2}`);
    expect(
      addAction([], { action: 'view', data: 'x'.repeat(500), timestamp: 1, userId: 'u' })[0]?.data,
    ).toHaveLength(100);
  });

  it('reads back only well-formed cookies', () => {
    expect(
      parseActionLog([{ action: 'view', data: null, timestamp: 1, userId: null }, { action: 3 }, 'x']),
    ).toEqual([{ action: 'view', data: null, timestamp: 1, userId: null }]);
    expect(parsePattern({ morning: 2, evening: -1, weekend: 1.5, weekday: 'x' })).toEqual({
      ...EMPTY_PATTERN,
      morning: 2,
    });
  });
});
