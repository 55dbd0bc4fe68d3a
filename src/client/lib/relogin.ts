import type { AuthProviders, User } from '../../shared/auth/auth.contract.js';
import { noticeTexts } from './notice-texts.js';
import { queryClient } from './query-client.js';
import { providersQuery, userQuery } from './session-queries.js';
import { SECOND_MS } from './time.js';
import { toast, whenToasterMounted } from './toast.js';

export const LOGIN_PAGE_PATH = '/auth?mode=login';
export const REGISTER_PAGE_PATH = '/auth?mode=register';
export const PROVIDER_LOGIN_PATH = '/api/login';
/**
 * Opened as a top-level navigation (spec §7 GET /api/logout): the server ends the session, clears its cookie
 * and redirects to the sign-in form (/auth?mode=login), where a fresh page load starts with nobody signed in.
 */
export const LOGOUT_NAVIGATION_PATH = '/api/logout';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const RELOGIN_AFTER_AUTH_ERROR_DELAY_MS = SECOND_MS;
/** The longest a re-login waits for the toaster to arrive before its delay starts anyway. */
export const TOASTER_WAIT_LIMIT_MS = 3 * SECOND_MS;

/**
 * Where "log in again" goes (docs/decisions/0010-client-relogin.md): the provider's sign-in only when one
 * is configured and the last known account is not an email account; otherwise our own sign-in form.
 */
export function reloginTarget(
  providers: AuthProviders | null | undefined,
  lastUser: User | null | undefined,
): string {
  if (!providers?.oidc) return LOGIN_PAGE_PATH;
  if (lastUser?.authProvider === 'email') return LOGIN_PAGE_PATH;
  return PROVIDER_LOGIN_PATH;
}

/** The sign-in options, fetched when no screen has asked yet; unknown (undefined) when that fails. */
async function signInProviders(): Promise<AuthProviders | null | undefined> {
  try {
    return await queryClient.query({
      ...providersQuery,
      retry: false,
      // Offline, a paused fetch would hold the re-login back forever; a failed one falls back to our form.
      networkMode: 'always',
    });
  } catch {
    return undefined;
  }
}

/**
 * A full navigation, so no cached signed-in state survives it. `lastUser` is the account that was signed in,
 * for when the session query already says nobody (an expired session).
 */
export async function relogin(lastUser?: User | null, returnTo?: string): Promise<void> {
  const providers = await signInProviders();
  const user = queryClient.getQueryData(userQuery.queryKey) ?? lastUser;
  const target = reloginTarget(providers, user);
  // Our own form can return to the page that asked for a session (lib/return-path.ts keeps it to this app).
  window.location.assign(
    returnTo && target === LOGIN_PAGE_PATH ? authPathReturningTo('login', returnTo) : target,
  );
}

let isReloginScheduled = false;

/**
 * Re-logs in `delayMs` after the toaster is on screen (at once when it is; on a cold start it may still be
 * arriving, and the toast that explains the re-login must be seen for the whole delay), unless a re-login
 * is already on its way (a failed read and the session query can notice the same expiry): false then, and
 * nothing more happens.
 */
export function scheduleRelogin(delayMs: number, lastUser?: User | null, returnTo?: string): boolean {
  if (isReloginScheduled) return false;
  isReloginScheduled = true;
  void whenToasterMounted(TOASTER_WAIT_LIMIT_MS).then(() => {
    window.setTimeout(() => {
      isReloginScheduled = false;
      void relogin(lastUser, returnTo);
    }, delayMs);
  });
  return true;
}

/** The 401 behaviour of spec §8: say so, then go to sign-in after 500 ms (once, however often it is asked). */
export function announceLoggedOutAndRelogin(lastUser?: User | null): void {
  if (!scheduleRelogin(UNAUTHORIZED_REDIRECT_DELAY_MS, lastUser)) return;
  toast({
    title: noticeTexts.unauthorizedTitle,
    description: noticeTexts.unauthorized,
    variant: 'destructive',
  });
}

/**
 * A signed-in page opened by a browser that holds no session at all (no session hint: never signed in here,
 * or signed out): it is asked to sign in, not told it was logged out (issue 31), and signing in returns to
 * the page.
 */
export function announceSignInRequired(returnTo: string): void {
  if (!scheduleRelogin(UNAUTHORIZED_REDIRECT_DELAY_MS, null, returnTo)) return;
  toast({ title: noticeTexts.signInRequiredTitle, description: noticeTexts.signInRequired });
}

/** The parameter of /auth that names where signing in returns to (lib/return-path.ts reads it). */
export const RETURN_PARAM = 'next';

/** An auth page's address that returns to `path` once the user is signed in. */
export function authPathReturningTo(mode: 'login' | 'register', path: string): string {
  return `/auth?mode=${mode}&${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
