import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './queries.js';

describe('the unread badge', () => {
  it.each([
    [0, undefined],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('shows %i as %s', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});
