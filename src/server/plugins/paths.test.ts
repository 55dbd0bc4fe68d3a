import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { rawHttp } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { isApiPath, normalizedPath } from './paths.js';

function makeClientDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vehicle Contact</title>');
  return dir;
}

/** /api paths that no route matches, as a hand-made request can send them (never resolved on the way). */
const MALFORMED_API_PATHS = [
  '/api//vehicles',
  '/api//auth/user',
  '/api/vehicles/../auth/user',
  '/api/vehicles/%2e%2e/auth/user',
  '/api/vehicles/%2E%2E/auth/user',
  '/api/vehicles/.%2e/auth/user',
  '/api/vehicles/..%2fauth/user',
  '/api/./auth/user',
  '/api/%2e/auth/user',
  '/api/vehicles/./inactive',
  '/api/../api/auth/user',
  '/api/auth/user/',
  '/api/auth/user/..',
  '/api/',
  '/api',
  '/api/nope',
  '/api/auth',
  '//api/auth/user',
  '/./api/auth/user',
  '/%2e/api/auth/user',
  '/assets/../api/auth/user',
  '/api%2fauth%2fuser',
  '/api\\auth\\user',
  '/api/vehicles/qr/',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

describe('API paths', () => {
  it.each([
    ['/api/auth/user', true],
    ['/api', true],
    ['/api/', true],
    ['/api?x=1', true],
    ['//api/x', true],
    ['/./api/x', true],
    ['/%61pi/x', true],
    ['/assets/../api/x', true],
    ['/ws', true],
    ['/', false],
    ['/apix', false],
    ['/auth?mode=login', false],
    ['/API/auth/user', false],
    ['/%', false],
  ] as const)('%s is an API path: %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });

  it('resolves dot segments, encoded or not, and repeated slashes', () => {
    expect(normalizedPath('/api/vehicles/%2e%2e/auth//user?x=1')).toBe('/api/auth/user');
    expect(normalizedPath('/a/b/../../..')).toBe('/');
  });
});

describe.each(testEngines)('malformed /api paths on %s', (engine) => {
  describe.each([
    ['with a built client', true],
    ['without a built client', false],
  ])('%s', (_, withClient) => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(engine, withClient ? { clientDir: makeClientDir() } : {});
      cookie = (await createVerifiedUser(t)).cookie;
    });
    afterAll(() => t.close());

    it.each(MALFORMED_API_PATHS)('%s answers the JSON 404 to every method', async (url) => {
      for (const method of METHODS) {
        const response = await rawHttp(t.app, method, url, { headers: { cookie } });
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
        if (method === 'HEAD') continue;
        expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        expect(JSON.parse(response.body), `${method} ${url}`).toEqual({
          message: expect.any(String),
          code: 'NOT_FOUND',
        });
      }
    });

    it('answers real API routes as before, and pages as pages', async () => {
      const user = await rawHttp(t.app, 'GET', '/api/auth/user', { headers: { cookie } });
      expect(user.status).toBe(200);
      expect(JSON.parse(user.body)).toMatchObject({ emailVerified: true });
      const page = await rawHttp(t.app, 'GET', '/vehicle-management');
      expect(page.status).toBe(withClient ? 200 : 503);
      expect(page.headers['content-type']).toMatch(/^text\/(html|plain)/);
    });
  });
});
