import type { AuthProviders, User } from '../../shared/auth.js';
import { queryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';
import { toast } from './toast.js';

export const LOGIN_PAGE_PATH = '/auth?mode=login';
export const PROVIDER_LOGIN_PATH = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const RELOGIN_AFTER_AUTH_ERROR_DELAY_MS = 1_000;

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

/** A full navigation, so no cached signed-in state survives it. */
export function relogin(): void {
  const providers = queryClient.getQueryData<AuthProviders>(queryKeys.providers);
  const user = queryClient.getQueryData<User | null>(queryKeys.user);
  window.location.assign(reloginTarget(providers, user));
}

/** The 401 behaviour of spec §8: say so, then go to sign-in after 500 ms. */
export function announceLoggedOutAndRelogin(): void {
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  window.setTimeout(relogin, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
