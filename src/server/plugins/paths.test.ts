import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTexts } from '../../shared/messaging/blocks.contract.js';
import { testEngines } from '../test/databases.js';
import { rawHttp } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { hasDotSegment, isApiPath, normalizedPath } from './paths.js';

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

/**
 * Dot segments where a route with a parameter would match them, or in a target of absolute form (issue 29,
 * decision 0129): the answer of no route, never the route's own 404.
 */
const DOT_SEGMENT_API_PATHS = [
  '/api/vehicles/..',
  '/api/vehicles/%2e%2e',
  '/api/vehicles/%2E',
  '/api/vehicles/.%2E',
  '/api/vehicles/%2e%2E?x=1',
  '/api/vehicles/%2e%2e%2fauth%2fuser',
  '/api/vehicles/%2E%2E%5Cauth%5Cuser',
  '/api/vehicles/..%5cauth%5cuser',
  '/api/vehicles/x%2f..%2f..%2fauth%2fuser',
  '/api/vehicles/public/%2e%2e',
  '/api/vehicles/lookup/..',
  '/api/vehicles/qr/.',
  '/api/conversations/%2e%2e/messages',
  '/api/conversations/./read',
  '/api/block/..',
  '/api/block/%2E%2E',
  '/%61pi/vehicles/%2e%2e',
  '/%61pi/vehicles/%2e%2e%2f..%2f..%2fx',
  // The absolute form of a request target (RFC 9112 §3.2.2): the router routes it by its path.
  'http://localhost:3000/api/vehicles/%2e%2e/auth/user',
  'http://localhost:3000/api/vehicles/..',
  'http://localhost:3000/api/nope',
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
    ['/%61pi/x/%2e%2e%2f..%2fy', true],
    ['/assets/../api/x', true],
    ['/ws', true],
    ['/', false],
    ['/apix', false],
    ['/auth?mode=login', false],
    ['/API/auth/user', false],
    ['/%', false],
    ['http://localhost:3000/api/x', true],
    ['https://localhost/api', true],
    ['http://localhost:3000/', false],
    ['http://localhost:3000/apix', false],
  ] as const)('%s is an API path: %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });

  it.each([
    ['/api/vehicles/..', true],
    ['/api/vehicles/%2e%2e/auth/user', true],
    ['/api/vehicles/%2E%2e/auth/user', true],
    ['/api/vehicles/.%2e/auth/user', true],
    ['/api/./auth/user', true],
    ['/api/x/%2e', true],
    ['/api/x/..%2fy', true],
    ['/api/x/..%2Fy', true],
    ['/api/x/..%5cy', true],
    ['/api/x\\..\\y', true],
    ['http://host/api/x/%2e%2e/y', true],
    ['/api/x/%252e%252e/y', false],
    ['/api/x/...', false],
    ['/api/x/a.b', false],
    ['/api/x/.a', false],
    ['/api/x/a..', false],
    ['/api/block/first.last%40example.org', false],
    ['/api/x?next=../y', false],
    ['/api/x/a%2fb', false],
    ['/assets/index-abc.js', false],
  ] as const)('%s has a dot segment: %s', (url, expected) => {
    expect(hasDotSegment(url)).toBe(expected);
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

    it.each([...MALFORMED_API_PATHS, ...DOT_SEGMENT_API_PATHS])(
      '%s answers the JSON 404 to every method',
      async (url) => {
        for (const method of METHODS) {
          const response = await rawHttp(t.app, method, url, { headers: { cookie } });
          expect(response.status, `${method} ${url}`).toBe(404);
          expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
          if (method === 'HEAD') continue;
          expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
          expect(JSON.parse(response.body), `${method} ${url}`).toEqual({
            message: DOT_SEGMENT_API_PATHS.includes(url)
              ? expect.stringMatching(/^No route for /)
              : expect.any(String),
            code: 'NOT_FOUND',
          });
        }
      },
    );

    it('answers the probe of issue 29 (a signed-in user, GET over a socket, its path as sent) with the JSON 404', async () => {
      const probe = await rawHttp(t.app, 'GET', '/api/vehicles/%2e%2e/auth/user', { headers: { cookie } });
      expect(probe.status).toBe(404);
      expect(JSON.parse(probe.body)).toEqual({
        message: 'No route for GET /api/vehicles/%2e%2e/auth/user',
        code: 'NOT_FOUND',
      });
    });

    it('still routes /api paths with dots inside a segment', async () => {
      // The routes answer: an address to unblock (first.last@…: answered alike whether blocked or not,
      // decision 0124), a plate (its rules), an id.
      const unblock = await rawHttp(t.app, 'DELETE', '/api/block/first.last%40example.org', {
        headers: { cookie },
      });
      expect(unblock.status).toBe(200);
      expect(JSON.parse(unblock.body).message).toBe(blockTexts.unblocked);
      const plate = await rawHttp(t.app, 'GET', '/api/vehicles/lookup/AB.123');
      expect(plate.status).toBe(400);
      expect(JSON.parse(plate.body).code).toBe('VALIDATION_ERROR');
      for (const id of ['...', 'a.b', '%252e%252e']) {
        const vehicle = await rawHttp(t.app, 'GET', `/api/vehicles/public/${id}`);
        expect(vehicle.status, id).toBe(404);
        expect(JSON.parse(vehicle.body).message, id).toBe('Vehicle not found');
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
