import { describe, expect, it } from 'vitest';
import { parseRememberMe } from './remember-me.js';

describe('remember-me data', () => {
  it('reads the email, the flag and the last sign-in time', () => {
    expect(parseRememberMe(JSON.stringify({ email: 'a@example.org', remember: true, lastLogin: 5 }))).toEqual(
      {
        email: 'a@example.org',
        remember: true,
        lastLogin: 5,
      },
    );
  });

  it('ignores anything else, and never holds a password', () => {
    for (const raw of [
      undefined,
      '',
      'x',
      '{}',
      JSON.stringify({ email: '', remember: true, lastLogin: 1 }),
    ]) {
      expect(parseRememberMe(raw)).toBeNull();
    }
    const withPassword = parseRememberMe(
      JSON.stringify({ email: 'a@example.org', remember: true, lastLogin: 1, password: 'secret' }),
    );
    expect(withPassword).not.toHaveProperty('password');
  });
});
