import { describe, expect, it } from 'vitest';
import {
  AUTO_LOGIN_MAX_FAILURES,
  AUTO_LOGIN_SPACING_MS,
  type AutoLoginState,
  failed,
  INITIAL_AUTO_LOGIN,
  parseAutoLoginState,
  shouldAttemptAutoLogin,
  succeeded,
} from './auto-login.js';

const now = 1_800_000_000_000;
const ready = { enabled: true, hasUser: false, state: INITIAL_AUTO_LOGIN, now };
const withState = (state: Partial<AutoLoginState>) => ({
  ...ready,
  state: { ...INITIAL_AUTO_LOGIN, ...state },
});

describe('auto-login rules (spec §4)', () => {
  it('tries when enabled, nobody is signed in, none is running, and it never tried', () => {
    expect(shouldAttemptAutoLogin(ready)).toBe(true);
  });

  it('does not try when disabled, signed in, or already trying', () => {
    expect(shouldAttemptAutoLogin({ ...ready, enabled: false })).toBe(false);
    expect(shouldAttemptAutoLogin({ ...ready, hasUser: true })).toBe(false);
    expect(shouldAttemptAutoLogin(withState({ isAttempting: true }))).toBe(false);
  });

  it('waits 5 minutes between attempts', () => {
    expect(shouldAttemptAutoLogin(withState({ lastAttempt: now - AUTO_LOGIN_SPACING_MS + 1 }))).toBe(false);
    expect(shouldAttemptAutoLogin(withState({ lastAttempt: now - AUTO_LOGIN_SPACING_MS }))).toBe(true);
  });

  it('stops after 3 failures, and a success starts the count again', () => {
    let state = INITIAL_AUTO_LOGIN;
    for (let failure = 1; failure <= AUTO_LOGIN_MAX_FAILURES; failure++) {
      expect(shouldAttemptAutoLogin({ ...ready, state })).toBe(true);
      state = failed(state, 'network-error');
    }
    expect(state).toMatchObject({ failureCount: 3, shouldAttempt: false, lastFailure: 'network-error' });
    expect(shouldAttemptAutoLogin({ ...ready, state })).toBe(false);
    expect(succeeded(failed(INITIAL_AUTO_LOGIN, 'session-expired'))).toMatchObject({
      failureCount: 0,
      successCount: 1,
      lastFailure: null,
      isAttempting: false,
    });
  });

  it('reads its cookie back, never as still running, and starts fresh from a bad one', () => {
    const saved = {
      ...failed(INITIAL_AUTO_LOGIN, 'no-session-cookie'),
      isAttempting: true,
      lastAttempt: now,
    };
    expect(parseAutoLoginState(JSON.stringify(saved))).toEqual({ ...saved, isAttempting: false });
    for (const raw of [undefined, 'x', '[]', 'null'])
      expect(parseAutoLoginState(raw)).toEqual(INITIAL_AUTO_LOGIN);
    expect(parseAutoLoginState(JSON.stringify({ failureCount: -2, lastFailure: 'oops' }))).toMatchObject({
      failureCount: 0,
      lastFailure: null,
    });
  });
});
