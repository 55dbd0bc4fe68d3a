import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/auth/auth.contract.js';
import { queryKeys } from './query-keys.js';
import { outlivesSession, sessionChange, watchSession } from './session-changes.js';

const user = (id: string): User => ({
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  firstName: null,
  lastName: null,
  authProvider: 'email',
  locale: null,
});
const ada = user('ada');
const bob = user('bob');

describe('sessionChange', () => {
  const none = { clearsCache: false, isExpiry: false };
  const cleared = { clearsCache: true, isExpiry: false };
  const expired = { clearsCache: true, isExpiry: true };

  it.each([
    ['the first answer: signed in', undefined, ada, false, none],
    ['the first answer: signed out', undefined, null, false, none],
    ['the same account again', ada, ada, false, none],
    ['the same account, refreshed', ada, { ...ada, emailVerified: false }, false, none],
    ['still signed out', null, null, false, none],
    ['sign-in', null, ada, false, cleared],
    ['another account', ada, bob, false, cleared],
    ['sign-out', ada, null, true, cleared],
    ['expiry', ada, null, false, expired],
    ['an unknown answer', ada, undefined, false, none],
  ] as const)('%s', (_name, previous, next, hasSignedOut, expected) => {
    expect(sessionChange(previous, next, hasSignedOut)).toEqual(expected);
  });
});

describe('outlivesSession', () => {
  it.each([
    [queryKeys.user, true],
    [queryKeys.providers, true],
    [['/api/vehicles'], false],
    [['/api/vehicles', 'public', 'v-1'], false],
    [['/api/auth/user', 'extra'], false],
  ])('%o: %s', (queryKey, expected) => {
    expect(outlivesSession(queryKey)).toBe(expected);
  });
});

describe('watchSession', () => {
  const client = new QueryClient();
  const onExpired = vi.fn();
  let hasSignedOut = false;
  let stop = () => {};

  const start = () => {
    stop = watchSession(client, { hasSignedOut: () => hasSignedOut, onExpired });
  };
  const fillCache = () => {
    client.setQueryData(queryKeys.providers, { oidc: null });
    client.setQueryData(['/api/vehicles'], null);
    client.setQueryData(['/api/vehicles', 'public', 'v-1'], { id: 'v-1' });
  };
  const cachedQueries = () => client.getQueryCache().getAll().length;

  afterEach(() => {
    stop();
    client.clear();
    onExpired.mockReset();
    hasSignedOut = false;
  });

  it('keeps the cache on the first answer and on the same account', () => {
    start();
    fillCache();
    client.setQueryData(queryKeys.user, ada);
    client.setQueryData(queryKeys.user, { ...ada, firstName: 'Ada' });
    expect(cachedQueries()).toBe(4);
  });

  it('removes every query but the session and the providers on sign-in', () => {
    client.setQueryData(queryKeys.user, null);
    start();
    fillCache(); // what was read signed out, e.g. a null list from a 401
    client.setQueryData(queryKeys.user, ada);
    expect(client.getQueryData(['/api/vehicles'])).toBeUndefined();
    expect(client.getQueryData(['/api/vehicles', 'public', 'v-1'])).toBeUndefined();
    expect(client.getQueryData(queryKeys.providers)).toEqual({ oidc: null });
    expect(client.getQueryData(queryKeys.user)).toEqual(ada);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('removes the previous account data when another account signs in', () => {
    client.setQueryData(queryKeys.user, ada);
    start();
    fillCache();
    client.setQueryData(queryKeys.user, bob);
    expect(cachedQueries()).toBe(2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('reports an expiry with the account that was signed in', () => {
    client.setQueryData(queryKeys.user, ada);
    start();
    fillCache();
    client.setQueryData(queryKeys.user, null);
    expect(cachedQueries()).toBe(2);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(ada);
  });

  it('does not report a sign-out as an expiry', () => {
    client.setQueryData(queryKeys.user, ada);
    start();
    hasSignedOut = true;
    client.setQueryData(queryKeys.user, null);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('stops watching when unsubscribed', () => {
    client.setQueryData(queryKeys.user, ada);
    start();
    stop();
    fillCache();
    client.setQueryData(queryKeys.user, null);
    expect(cachedQueries()).toBe(4);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
