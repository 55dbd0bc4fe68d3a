import { describe, expect, it } from 'vitest';
import { badgeCount, clickedPath } from './badge-rules.js';

describe('the count the page asks the badge to show', () => {
  it('is the unread count while signed in, once known', () => {
    expect(badgeCount(true, { count: 4 })).toBe(4);
    expect(badgeCount(true, { count: 0 })).toBe(0);
    expect(badgeCount(true, undefined)).toBeUndefined();
    // The read answered nothing (401): the worker is not told a made-up count.
    expect(badgeCount(true, null)).toBeUndefined();
  });

  it('is 0 (the badge cleared) once nobody is signed in', () => {
    expect(badgeCount(false, { count: 4 })).toBe(0);
    expect(badgeCount(false, undefined)).toBe(0);
  });
});

describe('where a clicked notification leads the open window', () => {
  const here = { origin: 'https://app.example', pathname: '/', search: '' };

  it('to the conversation, in the app', () => {
    expect(clickedPath('/conversations?open=c1', here)).toBe('/conversations?open=c1');
    expect(clickedPath('https://app.example/conversations?open=c1', here)).toBe('/conversations?open=c1');
  });

  it('nowhere when the window is already there', () => {
    expect(
      clickedPath('/conversations?open=c1', { ...here, pathname: '/conversations', search: '?open=c1' }),
    ).toBeNull();
  });

  it('never off the app', () => {
    expect(clickedPath('https://evil.example/conversations', here)).toBeNull();
    expect(clickedPath('//evil.example/', here)).toBeNull();
  });
});
