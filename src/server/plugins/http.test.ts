import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call, rawHttp } from '../test/http.js';
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
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', 'workbox-window.prod.es5-AbC123.js'), 'console.log("wb")');
  fs.writeFileSync(path.join(dir, 'assets', 'qr-decoder.worker-AbC123.js'), 'onmessage = () => {}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What scripts/compress-client.mjs leaves beside a large file.
  const large = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  fs.writeFileSync(path.join(dir, 'assets', 'large-AbC123.js'), large);
  fs.writeFileSync(path.join(dir, 'assets', 'large-AbC123.js.br'), zlib.brotliCompressSync(large));
  fs.writeFileSync(path.join(dir, 'assets', 'large-AbC123.js.gz'), zlib.gzipSync(large));
  return dir;
}

/** Every security header a page, an API answer or a file may carry. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

describe.each(testEngines)('HTTP behaviour on %s', (engine) => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = makeClientDir();
    t = await createTestApp(engine, { clientDir });
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
    // The legacy header agrees with frame-ancestors 'none'.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/health')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the API with the headers of data, not of a page, refusals and unknown paths too', async () => {
    const answers = [
      await call(t.app, 'GET', '/api/health'),
      await call(t.app, 'GET', '/api/no-such-thing'),
      await call(t.app, 'POST', '/api/auth/login', { origin: 'https://elsewhere.example', body: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cache-control']).toBe('no-store');
      // What only a page uses is not sent.
      expect(answer.headers['permissions-policy']).toBeUndefined();
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(answer.headers['x-xss-protection']).toBeUndefined();
    }
    // A page keeps its own.
    const page = await call(t.app, 'GET', '/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends the build’s scripts and styles with nosniff and no document policy; a worker’s script keeps its CSP', async () => {
    for (const file of [
      '/assets/index-AbC123.js',
      '/assets/index-AbC123.css',
      '/assets/workbox-window.prod.es5-AbC123.js',
    ]) {
      const response = await call(t.app, 'GET', file);
      expect(response.statusCode, file).toBe(200);
      const sent = Object.keys(response.headers).filter((name) => SECURITY_HEADERS.includes(name));
      expect(sent.sort(), file).toEqual(['cross-origin-resource-policy', 'x-content-type-options']);
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], file).toBe('same-origin');
    }
    // A worker runs under the CSP of its own script's answer; the pages and their other files keep theirs.
    for (const file of ['/assets/qr-decoder.worker-AbC123.js', '/favicon.svg', '/', '/vehicle/qr/abc']) {
      const response = await call(t.app, 'GET', file);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-security-policy'], file).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], file).toBe('DENY');
    }
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
    // A file the build did not make is missing, never the SPA with a 200.
    for (const file of ['/assets/missing-123.js', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const missing = await call(t.app, 'GET', file);
      expect(missing.statusCode, file).toBe(404);
      expect(missing.headers['content-type'], file).toMatch(/^text\/plain/);
    }
  });

  it('sends the build’s Brotli or gzip copy of a file to a browser that takes it, the file itself otherwise', async () => {
    const original = fs.readFileSync(path.join(clientDir, 'assets', 'large-AbC123.js'), 'utf8');
    const fetchWith = (acceptEncoding: string | undefined) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/large-AbC123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const brotli = await fetchWith('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(original);
    const gzip = await fetchWith('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(original);
    const plain = await fetchWith(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });

  it('lets no cache keep an /api answer, and keeps caching pages and assets', async () => {
    const user = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, user.cookie);
    const { cookie } = user;
    const answers = [
      call(t.app, 'GET', '/api/auth/user', { cookie }),
      call(t.app, 'GET', '/api/vehicles', { cookie }),
      call(t.app, 'GET', '/api/vehicles/inactive', { cookie }),
      call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie }),
      call(t.app, 'GET', `/api/vehicles/${vehicle.id}/theme`, { cookie }),
      call(t.app, 'HEAD', '/api/vehicles', { cookie }),
      call(t.app, 'POST', '/api/vehicles', { cookie, body: vehicleBody() }),
      call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
        cookie,
        body: vehicleBody({ model: 'Corolla' }),
      }),
      call(t.app, 'GET', `/api/vehicles/public/${vehicle.id}`),
      call(t.app, 'GET', `/api/vehicles/qr/${vehicle.qrCode}`),
      call(t.app, 'GET', '/api/health'),
      call(t.app, 'GET', '/api/auth/providers'),
      call(t.app, 'GET', '/api/auth/user'),
      call(t.app, 'GET', '/api/vehicles'), // 401
      call(t.app, 'POST', '/api/auth/login', { body: { email: 'x' } }), // 400
      call(t.app, 'POST', '/api/auth/logout', { origin: 'https://evil.example' }), // 403
      call(t.app, 'GET', '/api/nope'), // 404
      call(t.app, 'GET', '/api/auth/verify-email?token=bogus'), // redirect
      call(t.app, 'GET', '/api/logout'), // confirmation page
    ];
    for (const response of await Promise.all(answers)) {
      expect(response.headers['cache-control'], `${response.statusCode} ${response.body}`).toBe('no-store');
    }
    expect((await call(t.app, 'GET', '/')).headers['cache-control']).toBe('no-cache');
    expect((await call(t.app, 'GET', '/assets/index-AbC123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('reads JSON bodies in UTF-8 only: another declared charset is refused with 415 and stores nothing', async () => {
    const email = uniqueEmail();
    const json = JSON.stringify({ email, password: STRONG_PASSWORD });
    for (const [contentType, body] of [
      ['application/json; charset=utf-16', Buffer.from(json, 'utf16le')],
      ['application/json; charset=UTF-16LE', Buffer.from(json, 'utf16le')],
      ['application/json;charset="utf-16be"', Buffer.from(json, 'utf16le').swap16()],
      ['Application/JSON; Charset=ISO-8859-1', Buffer.from(json, 'latin1')],
      ['application/json; charset=us-ascii', Buffer.from(json)],
      ['application/json; charset=utf8', Buffer.from(json)],
      ['application/json; charset=', Buffer.from(json)],
      ['text/plain; charset=utf-8', Buffer.from(json)],
      ['text/plain', Buffer.from(json)],
    ] as const) {
      const response = await call(t.app, 'POST', '/api/auth/register', {
        body,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);

    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json;charset="utf-8"',
    ]) {
      const response = await call(t.app, 'POST', '/api/auth/register', {
        body: JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD }),
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(201);
    }
  });

  it('answers hostile HTTP without a 5xx, its refusals in the {message, code} shape', async () => {
    const user = await createVerifiedUser(t);
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, string, { headers?: Record<string, string>; body?: string | Buffer }]> = [
      ['GET', '/%', {}],
      ['GET', '/api/%zz', {}],
      ['GET', '/api/vehicles/qr/%C0%AF', {}],
      ['GET', '/%E0%A4%A', {}],
      ['GET', `/api/vehicles/${'a'.repeat(20_000)}`, {}],
      ['GET', '/api/auth/user', { headers: { cookie: `session=${'%'.repeat(60)}` } }],
      ['GET', '/api/auth/user', { headers: { cookie: '=;;=x;session' } }],
      ['GET', `/api/auth/verify-email?token=${'x'.repeat(5000)}`, {}],
      ['GET', '/api/auth/verify-email?token=a&token=b&token[x]=c', {}],
      [
        'POST',
        '/api/auth/login',
        { headers: json, body: `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}` },
      ],
      ['POST', '/api/auth/login', { headers: json, body: '{"__proto__":{"x":1},"email":"a@b.co"}' }],
      ['POST', '/api/auth/login', { headers: json, body: '{"constructor":{"prototype":{"x":1}}}' }],
      [
        'POST',
        '/api/auth/login',
        { headers: json, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
      ],
      ['POST', '/api/auth/login', { headers: json, body: '{"email":1e999999,"password":"x"}' }],
      ['POST', '/api/auth/login', { headers: json, body: '' }],
      ['POST', '/api/auth/login', { headers: { 'content-type': ';charset=utf-8' }, body: '{}' }],
      ['POST', '/api/auth/login', { headers: { 'content-type': 'application/json; charset' }, body: '{}' }],
      [
        'POST',
        '/api/auth/login',
        { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
      ],
      ['POST', '/api/auth/login', { headers: { ...json, 'content-encoding': 'gzip' }, body: '{}' }],
      ['POST', '/api/auth/login', { headers: { ...json, 'sec-fetch-site': 'x'.repeat(100) }, body: '{}' }],
      [
        'POST',
        '/api/vehicles',
        { headers: { ...json, cookie: user.cookie }, body: '{"make":["x"],"year":2020}' },
      ],
      ['PATCH', '/api/vehicles/%F0%9F%98%80', { headers: { ...json, cookie: user.cookie }, body: '{}' }],
      [
        'PUT',
        `/api/vehicles/${'%E2%80%AE'.repeat(40)}/theme`,
        { headers: { ...json, cookie: user.cookie }, body: '{}' },
      ],
      ['DELETE', '/api/vehicles/x', { headers: { ...json, cookie: user.cookie }, body: '' }],
      ['GET', '/api/vehicles/lookup/%F0%9F%98%80%E2%80%AE', {}],
      ['TRACE', '/api/auth/user', {}],
      ['PROPFIND', '/', {}],
    ];
    for (const [method, url, options] of cases) {
      const response = await rawHttp(t.app, method, url, options);
      const label = `${method} ${url.slice(0, 50)}`;
      expect(response.status, label).toBeLessThan(500);
      if (response.status < 400) continue; // a bogus cookie or link is simply no session
      expect(JSON.parse(response.body), label).toEqual({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });

  it('answers unknown /api paths with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['PUT', '/api/auth/user'],
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

  it('sends HSTS on API answers, pages and the build’s files', async () => {
    for (const url of ['/api/health', '/', '/assets/index-AbC123.js']) {
      const response = await call(t.app, 'GET', url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
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
