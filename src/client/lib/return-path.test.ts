import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../shared/return-path.js';
import { authPathReturningTo } from './relogin.js';

describe('safeReturnPath', () => {
  it("keeps a path of the app's own", () => {
    expect(safeReturnPath('/vehicle-found/abc')).toBe('/vehicle-found/abc');
    expect(safeReturnPath('/message/abc?x=1#top')).toBe('/message/abc?x=1#top');
  });

  it('refuses anything that could leave the app or loop back to the sign-in form', () => {
    for (const value of [
      null,
      '',
      'vehicle-found/abc',
      '//evil.example/path',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tevil',
      '/auth?mode=login',
      '/api/logout',
    ])
      expect(safeReturnPath(value), String(value)).toBeNull();
  });

  it('builds the auth address that returns there', () => {
    expect(authPathReturningTo('login', '/vehicle-found/a b')).toBe(
      '/auth?mode=login&next=%2Fvehicle-found%2Fa%20b',
    );
  });
});
