import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

function makeClientDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Vehicle Contact</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(testEngines)('HTTP behaviour on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { clientDir: makeClientDir() });
  });
  afterAll(() => t.close());

  it('sends security headers: a CSP without inline script, nosniff, no framing, a referrer policy', async () => {
    const response = await call(t.app, 'GET', '/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/health')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets for a year, other files revalidated, and the SPA for any other page', async () => {
    const asset = await call(t.app, 'GET', '/assets/index-AbC123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await call(t.app, 'GET', '/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    for (const page of ['/', '/auth?mode=login', '/vehicle/qr/abc', '/no/such/page']) {
      const response = await call(t.app, 'GET', page);
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const missingAsset = await call(t.app, 'GET', '/assets/missing-123.js');
    expect(missingAsset.statusCode).toBe(404);
  });

  it('answers unknown /api paths with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/auth/user'],
    ] as const) {
      const response = await call(t.app, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('refuses a state-changing request from a foreign Origin and changes nothing', async () => {
    const email = uniqueEmail();
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const response = await call(t.app, 'POST', '/api/auth/register', {
        body: { email, password: STRONG_PASSWORD },
        headers: { origin },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused', code: 'FOREIGN_ORIGIN' });
    }
    const crossSite = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();

    const sameOrigin = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('a signed-in user cannot be logged out by another site', async () => {
    const user = await createVerifiedUser(t);
    const response = await call(t.app, 'POST', '/api/auth/logout', {
      cookie: user.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()).toMatchObject({
      email: user.email,
    });
  });
});

describe('HTTP behaviour on an https origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { APP_ORIGIN: 'https://cars.example.org' } });
  });
  afterAll(() => t.close());

  it('sends HSTS', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers pages with 503 text when no client is built, and the API still works', async () => {
    const page = await call(t.app, 'GET', '/');
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
  });
});

describe.each(testEngines)('hostile input on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('refuses NUL characters in bodies and addresses with 400, storing nothing', async () => {
    const user = await createVerifiedUser(t);
    const cases = [
      call(t.app, 'POST', '/api/auth/login', { body: { email: 'a\u0000b@example.org', password: 'x' } }),
      call(t.app, 'POST', '/api/auth/register', {
        body: { email: uniqueEmail(), password: STRONG_PASSWORD, firstName: 'A\u0000' },
      }),
      call(t.app, 'POST', '/api/vehicles', {
        cookie: user.cookie,
        body: { make: 'Toyota', model: 'Cam\u0000ry' },
      }),
      call(t.app, 'GET', '/api/vehicles/public/%00'),
      call(t.app, 'GET', '/api/vehicles/%00', { cookie: user.cookie }),
      call(t.app, 'GET', '/api/vehicles/lookup/AB%00C'),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringMatching(/NUL/), code: 'VALIDATION_ERROR' });
    }
    const stored = await t.db
      .selectFrom('vehicles')
      .select('id')
      .where('ownerId', '=', (await me(user.cookie)).id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers over-long path parameters with our JSON error', async () => {
    for (const url of [`/api/vehicles/qr/${'a'.repeat(400)}`, `/api/vehicles/qr/${'a'.repeat(5000)}`]) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
      expect(response.body).not.toContain('aaaaaaaaaa');
    }
  });

  const me = async (cookie: string) => (await call(t.app, 'GET', '/api/auth/user', { cookie })).json();
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('believes only the hop it was told about, so a client cannot pick its address', async () => {
    const t = await createTestApp('sqlite', { env: { TRUST_PROXY: 'true', RATE_LIMIT_MULTIPLIER: '1' } });
    try {
      const register = (spoofed: string) =>
        call(t.app, 'POST', '/api/auth/register', {
          body: { email: uniqueEmail(), password: STRONG_PASSWORD },
          ip: '10.0.0.1',
          headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.7` },
        });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await register(`198.51.100.${i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
