import { describe, expect, it } from 'vitest';
import {
  AUTH_REQUIRED,
  BADGE_UPDATE_FAILED,
  BADGE_UPDATED,
  NOTIFICATION_CLICKED,
  parsePageMessage,
  parseWorkerMessage,
  REFRESH_BADGE,
  sameOriginPath,
  UPDATE_BADGE,
} from './messages.js';

describe('messages from the pages to the worker', () => {
  it('reads UPDATE_BADGE with a count and REFRESH_BADGE', () => {
    expect(parsePageMessage({ type: UPDATE_BADGE, count: 4 })).toEqual({ type: UPDATE_BADGE, count: 4 });
    expect(parsePageMessage({ type: UPDATE_BADGE, count: 0 })).toEqual({ type: UPDATE_BADGE, count: 0 });
    expect(parsePageMessage({ type: REFRESH_BADGE })).toEqual({ type: REFRESH_BADGE });
  });

  it.each([
    null,
    'UPDATE_BADGE',
    { type: 'SKIP_WAITING' },
    { type: UPDATE_BADGE },
    { type: UPDATE_BADGE, count: -1 },
    { type: UPDATE_BADGE, count: 2.5 },
    { type: UPDATE_BADGE, count: '3' },
  ])('ignores %j', (data) => {
    expect(parsePageMessage(data)).toBeNull();
  });
});

describe('messages from the worker to the pages', () => {
  it('reads each of them', () => {
    expect(parseWorkerMessage({ type: NOTIFICATION_CLICKED, url: '/x', conversationId: 'c1' })).toEqual({
      type: NOTIFICATION_CLICKED,
      url: '/x',
      conversationId: 'c1',
    });
    expect(parseWorkerMessage({ type: NOTIFICATION_CLICKED, url: '/x' })).toMatchObject({
      conversationId: null,
    });
    expect(parseWorkerMessage({ type: BADGE_UPDATED, count: 2, trigger: 'push' })).toEqual({
      type: BADGE_UPDATED,
      count: 2,
      trigger: 'push',
    });
    expect(
      parseWorkerMessage({ type: BADGE_UPDATE_FAILED, error: 'no', count: null, trigger: 'refresh' }),
    ).toEqual({
      type: BADGE_UPDATE_FAILED,
      error: 'no',
      count: null,
      trigger: 'refresh',
    });
    expect(parseWorkerMessage({ type: AUTH_REQUIRED })).toEqual({ type: AUTH_REQUIRED });
  });

  it.each([
    undefined,
    { type: 'OTHER' },
    { type: NOTIFICATION_CLICKED },
    { type: BADGE_UPDATED, count: 2 },
    { type: BADGE_UPDATED, count: -2, trigger: 'page' },
  ])('ignores %j', (data) => {
    expect(parseWorkerMessage(data)).toBeNull();
  });
});

describe('same-origin paths', () => {
  const origin = 'https://app.example';
  it.each([
    ['/conversations?open=c1', '/conversations?open=c1'],
    ['https://app.example/profile#top', '/profile#top'],
    ['profile', '/profile'],
    ['https://evil.example/', null],
    ['//evil.example/x', null],
    ['http://app.example/', null],
    ['javascript:alert(1)', null],
    ['', null],
    [42, null],
  ])('%j → %j', (url, path) => {
    expect(sameOriginPath(url, origin)).toBe(path);
  });
});
