import { SESSION_HINT_COOKIE } from '../../shared/auth/auth.contract.js';
import { getCookie } from './cookies.js';

/**
 * Whether this browser holds a session cookie: the server sets a readable twin, `session-hint=1`, whenever
 * it sets the HttpOnly session cookie, and clears it with it (docs/decisions/0103). It signs nobody in.
 */
export const hasSessionHint = (): boolean => getCookie(SESSION_HINT_COOKIE) === '1';
