import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/auth.js';
import { reloginTarget } from './relogin.js';

const user = (authProvider: User['authProvider']): User => ({
  id: 'u1',
  email: 'a@example.com',
  emailVerified: true,
  firstName: null,
  lastName: null,
  authProvider,
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
