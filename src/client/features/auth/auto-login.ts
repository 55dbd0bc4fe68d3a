import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { getCookie, setCookie } from '../../lib/cookies.js';
import { hasSessionHint } from '../../lib/session-hint.js';
import { readRememberMe } from './remember-me.js';

/**
 * Auto-login (spec §4, §9): when enabled and nobody is signed in, the app tries to take up this browser's
 * remembered session again, at most every 5 minutes and not after 3 failures. It is built on the server's
 * remember-me session (POST /api/auth/refresh-session with the HttpOnly cookie), never on a stored
 * password. Its state lives in a cookie for 7 days.
 */
export const AUTO_LOGIN_COOKIE = 'auto-login';
export const AUTO_LOGIN_STATE_DAYS = 7;
export const AUTO_LOGIN_SPACING_MS = 5 * 60 * 1000;
export const AUTO_LOGIN_MAX_FAILURES = 3;

export type AutoLoginFailure = 'no-session-cookie' | 'session-expired' | 'network-error';

export interface AutoLoginState {
  isAttempting: boolean;
  shouldAttempt: boolean;
  lastAttempt: number | null;
  successCount: number;
  failureCount: number;
  lastFailure: AutoLoginFailure | null;
}

export const INITIAL_AUTO_LOGIN: AutoLoginState = {
  isAttempting: false,
  shouldAttempt: true,
  lastAttempt: null,
  successCount: 0,
  failureCount: 0,
  lastFailure: null,
};

export interface AutoLoginContext {
  enabled: boolean;
  hasUser: boolean;
  state: AutoLoginState;
  now: number;
}

/** Spec §4: only if enabled, no user, none in progress, 5 min since the last attempt, fewer than 3 failures. */
export function shouldAttemptAutoLogin({ enabled, hasUser, state, now }: AutoLoginContext): boolean {
  return (
    enabled &&
    !hasUser &&
    !state.isAttempting &&
    state.shouldAttempt &&
    state.failureCount < AUTO_LOGIN_MAX_FAILURES &&
    (state.lastAttempt === null || now - state.lastAttempt >= AUTO_LOGIN_SPACING_MS)
  );
}

export function succeeded(state: AutoLoginState): AutoLoginState {
  return {
    ...state,
    isAttempting: false,
    successCount: state.successCount + 1,
    failureCount: 0,
    lastFailure: null,
  };
}

export function failed(state: AutoLoginState, reason: AutoLoginFailure): AutoLoginState {
  const failureCount = state.failureCount + 1;
  return {
    ...state,
    isAttempting: false,
    failureCount,
    lastFailure: reason,
    shouldAttempt: failureCount < AUTO_LOGIN_MAX_FAILURES,
  };
}

export function parseAutoLoginState(raw: string | undefined): AutoLoginState {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<AutoLoginState> | null;
    if (typeof value !== 'object' || value === null) return INITIAL_AUTO_LOGIN;
    const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
    return {
      // An attempt cut off by a closed tab is not in progress any more.
      isAttempting: false,
      shouldAttempt: value.shouldAttempt !== false,
      lastAttempt: typeof value.lastAttempt === 'number' ? value.lastAttempt : null,
      successCount: count(value.successCount),
      failureCount: count(value.failureCount),
      lastFailure:
        value.lastFailure === 'no-session-cookie' ||
        value.lastFailure === 'session-expired' ||
        value.lastFailure === 'network-error'
          ? value.lastFailure
          : null,
    };
  } catch {
    return INITIAL_AUTO_LOGIN;
  }
}

export function readAutoLoginState(): AutoLoginState {
  return parseAutoLoginState(getCookie(AUTO_LOGIN_COOKIE));
}

function saveAutoLoginState(state: AutoLoginState): void {
  setCookie(AUTO_LOGIN_COOKIE, JSON.stringify(state), AUTO_LOGIN_STATE_DAYS);
}

/** Turning auto-login on (again) gives it a fresh start. */
export function resetAutoLogin(): void {
  saveAutoLoginState(INITIAL_AUTO_LOGIN);
}

let inProgress = false;

/**
 * One attempt, if the rules allow it now: it needs the remember-me flag and email and a session cookie
 * (its readable twin), then asks the server to extend the session. Answers true when the session is live.
 */
export async function attemptAutoLogin(
  enabled: boolean,
  hasUser: boolean,
  now = Date.now(),
): Promise<boolean> {
  const state = readAutoLoginState();
  if (inProgress || !shouldAttemptAutoLogin({ enabled, hasUser, state, now })) return false;
  const remembered = readRememberMe();
  if (!remembered?.remember || !remembered.email) return false;
  inProgress = true;
  const attempt = { ...state, isAttempting: true, lastAttempt: now };
  saveAutoLoginState(attempt);
  try {
    if (!hasSessionHint()) {
      saveAutoLoginState(failed(attempt, 'no-session-cookie'));
      return false;
    }
    await apiRequest('POST', '/api/auth/refresh-session', undefined, { response: messageResultSchema });
    saveAutoLoginState(succeeded(attempt));
    return true;
  } catch (error) {
    const reason = error instanceof ApiError && error.status === 401 ? 'session-expired' : 'network-error';
    saveAutoLoginState(failed(attempt, reason));
    return false;
  } finally {
    inProgress = false;
  }
}
