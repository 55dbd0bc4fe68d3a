import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_LOGIN_MAX_FAILURES,
  AUTO_LOGIN_SPACING_MS,
  AUTO_LOGIN_STATE_DAYS,
  attemptAutoLogin,
  readAutoLoginState,
  resetAutoLogin,
} from '../features/auth/auto-login.js';
import { noteSignIn, REMEMBER_ME_DAYS, readRememberMe } from '../features/auth/remember-me.js';
import {
  CONSENT_ACCEPTED_DAYS,
  CONSENT_DECLINED_DAYS,
  readConsent,
  saveConsent,
} from '../features/consent/consent.js';
import {
  ACTION_LOG_DAYS,
  clearUsage,
  readActionLog,
  readUsagePattern,
  recordAction,
  recordUse,
  USAGE_PATTERN_DAYS,
} from '../features/consent/usage.js';
import { installCookieJar, nextTask } from '../test/cookie-jar.js';
import { PREFERENCE_COOKIE_DAYS } from './cookies.js';
import { readPreferences, rereadPreferences, updatePreferences } from './preferences.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// Monday 23 November 2026, 09:00 local time.
const MONDAY_MORNING = new Date(2026, 10, 23, 9, 0);

const jar = installCookieJar();
afterAll(() => jar.remove());

/** Moves the fake clock on and lets the task end, as time passes between a browser's tasks. */
async function wait(ms: number) {
  vi.advanceTimersByTime(ms);
  await nextTask();
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  vi.setSystemTime(MONDAY_MORNING);
  jar.clear();
  rereadPreferences();
  await nextTask();
});
afterEach(() => jar.clear());

describe('preferences (one cookie, 365 days)', () => {
  it('keeps a change for a year, then gives the defaults again', async () => {
    updatePreferences({ theme: 'dark', notifications: { showPreviews: false } });
    await wait((PREFERENCE_COOKIE_DAYS - 1) * DAY);
    rereadPreferences();
    expect(readPreferences()).toMatchObject({ theme: 'dark', notifications: { showPreviews: false } });
    await wait(2 * DAY);
    rereadPreferences();
    expect(readPreferences()).toMatchObject({ theme: 'system', notifications: { showPreviews: true } });
  });
});

describe('cookie consent', () => {
  it('keeps a decline 30 days, then asks again', async () => {
    saveConsent('declined');
    await nextTask();
    expect(readConsent()).toEqual({ status: 'declined', since: MONDAY_MORNING });
    await wait(CONSENT_DECLINED_DAYS * DAY - MINUTE);
    expect(readConsent().status).toBe('declined');
    await wait(2 * MINUTE);
    expect(readConsent()).toEqual({ status: null, since: null });
  });

  it('keeps an acceptance 730 days', async () => {
    saveConsent('accepted');
    await wait((CONSENT_ACCEPTED_DAYS - 1) * DAY);
    expect(readConsent()).toEqual({ status: 'accepted', since: MONDAY_MORNING });
    await wait(2 * DAY);
    expect(readConsent().status).toBeNull();
  });
});

describe('usage tracking', () => {
  it('counts uses by the clock’s time of day and weekday, and forgets on their lifetimes', async () => {
    recordUse();
    await wait(9 * 60 * MINUTE); // Monday 18:00
    recordUse();
    await wait(5 * DAY); // Saturday 18:00
    recordUse();
    await nextTask();
    expect(readUsagePattern()).toEqual({ morning: 1, afternoon: 0, evening: 2, weekday: 2, weekend: 1 });
    await wait(USAGE_PATTERN_DAYS * DAY + MINUTE);
    expect(readUsagePattern()).toEqual({ morning: 0, afternoon: 0, evening: 0, weekday: 0, weekend: 0 });
  });

  it('stamps actions with the clock and keeps the log 7 days from its last write; clearing removes it', async () => {
    recordAction('view', '/conversations', 'user-1');
    await wait(MINUTE);
    recordAction('view', '/profile', 'user-1');
    await nextTask();
    expect(readActionLog().map((entry) => entry.timestamp)).toEqual([
      MONDAY_MORNING.getTime(),
      MONDAY_MORNING.getTime() + MINUTE,
    ]);
    await wait(ACTION_LOG_DAYS * DAY - MINUTE);
    expect(readActionLog().map((entry) => entry.data)).toEqual(['/conversations', '/profile']);
    clearUsage();
    await nextTask();
    expect(readActionLog()).toEqual([]);
    recordAction('view', '/help', null);
    await wait(ACTION_LOG_DAYS * DAY);
    expect(readActionLog()).toEqual([]);
  });
});

describe('remember-me and auto-login', () => {
  it('remembers the sign-in 30 days', async () => {
    noteSignIn('owner@example.com', true);
    await wait(REMEMBER_ME_DAYS * DAY - MINUTE);
    expect(readRememberMe()).toEqual({
      email: 'owner@example.com',
      remember: true,
      lastLogin: MONDAY_MORNING.getTime(),
    });
    await wait(2 * MINUTE);
    expect(readRememberMe()).toBeNull();
  });

  it('tries at most every 5 minutes, stops after 3 failures, and starts afresh when its state expires', async () => {
    noteSignIn('owner@example.com', true);
    resetAutoLogin();
    await nextTask();
    // No session cookie in this browser: each attempt fails with that reason.
    const attempt = () => attemptAutoLogin(true, false);
    expect(await attempt()).toBe(false);
    expect(readAutoLoginState()).toMatchObject({ failureCount: 1, lastFailure: 'no-session-cookie' });

    await wait(AUTO_LOGIN_SPACING_MS - MINUTE);
    await attempt();
    expect(readAutoLoginState().failureCount).toBe(1);
    await wait(MINUTE);
    await attempt();
    expect(readAutoLoginState().failureCount).toBe(2);
    await wait(AUTO_LOGIN_SPACING_MS);
    await attempt();
    expect(readAutoLoginState()).toMatchObject({
      failureCount: AUTO_LOGIN_MAX_FAILURES,
      shouldAttempt: false,
    });
    await wait(AUTO_LOGIN_SPACING_MS);
    await attempt();
    expect(readAutoLoginState().failureCount).toBe(AUTO_LOGIN_MAX_FAILURES);

    // Not while signed in, nor while turned off.
    await wait(AUTO_LOGIN_STATE_DAYS * DAY);
    noteSignIn('owner@example.com', true);
    await nextTask();
    expect(readAutoLoginState()).toMatchObject({ failureCount: 0, lastAttempt: null });
    await attemptAutoLogin(true, true);
    await attemptAutoLogin(false, false);
    expect(readAutoLoginState().lastAttempt).toBeNull();
    await attempt();
    expect(readAutoLoginState()).toMatchObject({ failureCount: 1, lastAttempt: Date.now() });
  });
});
