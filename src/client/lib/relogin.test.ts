import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/auth/auth.contract.js';
import { queryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';
import {
  announceLoggedOutAndRelogin,
  LOGIN_PAGE_PATH,
  PROVIDER_LOGIN_PATH,
  relogin,
  reloginTarget,
} from './relogin.js';
import { currentToasts, noteToasterMounted } from './toast.js';

const user = (authProvider: User['authProvider']): User => ({
  id: 'u1',
  email: 'a@example.com',
  emailVerified: true,
  firstName: null,
  lastName: null,
  authProvider,
  locale: null,
});
const oidc = { oidc: { name: 'Example ID' } };

describe('reloginTarget', () => {
  it.each([
    [undefined, undefined, '/auth?mode=login'],
    [{ oidc: null }, undefined, '/auth?mode=login'],
    [{ oidc: null }, user('oidc'), '/auth?mode=login'],
    [oidc, undefined, '/api/login'],
    [oidc, null, '/api/login'],
    [oidc, user('oidc'), '/api/login'],
    [oidc, user('email'), '/auth?mode=login'],
  ])('providers %o and last user %o go to %s', (providers, lastUser, expected) => {
    expect(reloginTarget(providers, lastUser)).toBe(expected);
  });
});

describe('relogin', () => {
  const assign = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('window', { setTimeout, location: { assign } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    assign.mockReset();
    fetchMock.mockReset();
  });

  it('asks for the sign-in options when no screen has yet (docs/decisions/0010)', async () => {
    fetchMock.mockResolvedValue(Response.json(oidc));
    await relogin();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.objectContaining({ method: 'GET' }));
    expect(assign).toHaveBeenCalledWith(PROVIDER_LOGIN_PATH);
  });

  it('uses the options already read, and the account that was signed in', async () => {
    queryClient.setQueryData(queryKeys.providers, oidc);
    queryClient.setQueryData(queryKeys.user, null);
    await relogin(user('email'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(LOGIN_PAGE_PATH);
  });

  it('goes to our sign-in form when the options cannot be read', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await relogin();
    expect(assign).toHaveBeenCalledWith(LOGIN_PAGE_PATH);
  });

  it('on a cold start, waits for the toaster to be on screen before its 500 ms start', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout, location: { assign } });
    queryClient.setQueryData(queryKeys.providers, { oidc: null });
    announceLoggedOutAndRelogin();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(assign).not.toHaveBeenCalled();
    noteToasterMounted();
    await vi.advanceTimersByTimeAsync(499);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGIN_PAGE_PATH);
  });

  it('announces a lost session once and goes to sign-in after 500 ms, however often asked', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout, location: { assign } });
    queryClient.setQueryData(queryKeys.providers, { oidc: null });
    noteToasterMounted();
    announceLoggedOutAndRelogin();
    const shown = currentToasts().at(-1);
    announceLoggedOutAndRelogin();
    expect(currentToasts().at(-1)).toBe(shown);
    expect(shown).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGIN_PAGE_PATH);
  });
});
