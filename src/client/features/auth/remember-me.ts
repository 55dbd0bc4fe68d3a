import { getCookie, setCookie } from '../../lib/cookies.js';

/**
 * Remember-me data (spec §3, §9: 30 days): the last email signed in with Remember me, the flag, and when.
 * It prefills the sign-in form and lets auto-login know this browser chose to be remembered. It never holds
 * a password or a token: the session itself is the server's (HttpOnly cookie).
 */
export const REMEMBER_ME_COOKIE = 'remember-me';
export const REMEMBER_ME_DAYS = 30;

export interface RememberMe {
  email: string;
  remember: boolean;
  lastLogin: number;
}

export function parseRememberMe(raw: string | undefined): RememberMe | null {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { email, remember, lastLogin } = value as Record<string, unknown>;
    if (
      typeof email !== 'string' ||
      !email ||
      typeof remember !== 'boolean' ||
      typeof lastLogin !== 'number'
    ) {
      return null;
    }
    return { email, remember, lastLogin };
  } catch {
    return null;
  }
}

export function readRememberMe(): RememberMe | null {
  return parseRememberMe(getCookie(REMEMBER_ME_COOKIE));
}

/** After a successful sign-in: kept with Remember me, forgotten without it. */
export function noteSignIn(email: string, remember: boolean, now = Date.now()): void {
  if (!remember) {
    setCookie(REMEMBER_ME_COOKIE, '', -1);
    return;
  }
  setCookie(REMEMBER_ME_COOKIE, JSON.stringify({ email, remember, lastLogin: now }), REMEMBER_ME_DAYS);
}
