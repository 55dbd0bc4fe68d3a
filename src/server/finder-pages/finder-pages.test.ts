import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../../scripts/build-if-needed.mjs';
import { MESSAGE_MAX_LENGTH, messageTexts } from '../../shared/messaging/messages.contract.js';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import { formatShortCode } from '../../shared/vehicles/sticker-code.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/**
 * The finder's pages drawn on the server (issue 37, docs/decisions/0168), from the outside: the real app
 * serving the real build (dist/client, and the renderer beside it in dist/ssr).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const clientDir = path.join(root, 'dist', 'client');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const NOT_FOUND_LOCATION = '/?error=vehicle-not-found';

// CI builds before testing; here the build is made (or made again) when the sources are newer.
beforeAll(() => buildIfNeeded(), 600_000);

/** The markup the server drew inside #root (the page state follows it). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-state">');
  expect(start, 'a #root').toBeGreaterThanOrEqual(0);
  expect(end, 'the page state after #root').toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The page state: `[address, [queryKey, data], ...]` (src/client/lib/page-state.ts). */
function pageStateOf(html: string): [string, ...[unknown[], unknown][]] {
  const state = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html);
  expect(state, 'a page-state script').not.toBeNull();
  return JSON.parse(state?.[1] ?? 'null');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A refusal in words where the finder reads it (and a screen reader says it). */
const alertSaying = (text: string) => new RegExp(`<p role="alert"[^>]*>${escaped(text)}</p>`);

const hasPageState = (html: string) => html.includes('id="page-state"');

describe.each(testEngines)("the finder's pages drawn by the server on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createVerifiedUser>>;
  let vehicle: Vehicle;
  let appShell: string;
  beforeAll(async () => {
    appShell = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    t = await createTestApp(engine, { clientDir });
    owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one', make: 'Honda' });
  });
  afterAll(() => t?.close());

  const page = (url: string, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(t.app, 'GET', url, options);
  const post = (
    vehicleId: string,
    fields: Record<string, string> | string,
    options: { cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
  ) =>
    call(t.app, 'POST', `/message/${vehicleId}`, {
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
      ...options,
      headers: { ...FORM, ...options.headers },
    });
  const visitorCookieOf = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === 'visitor');
    if (!cookie) throw new Error(`no visitor cookie: ${response.statusCode}`);
    return `visitor=${cookie.value}`;
  };
  const countMessages = async () =>
    Number(
      (
        await t.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const conversationsOf = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/conversations', { cookie })).json() as {
      vehicleOneId: string;
      lastMessage: string;
    }[];
  const newKey = () => crypto.randomBytes(16).toString('hex');

  /** A page drawn with `vehicle` in it, in `locale`. */
  function expectVehiclePage(response: LightMyRequestResponse, address: string, locale = 'en-US') {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-language']).toBe(locale);
    expect(response.body).toContain(`<html lang="${locale}">`);
    const drawn = rootOf(response.body);
    expect(drawn).toContain('Blue one');
    expect(drawn).toContain(vehicle.licensePlate);
    // The page is there without JavaScript: no notice asking for it, and the sheet inlined.
    expect(response.body).not.toContain('<noscript');
    expect(response.body).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    // Its link stays only disabled (never fetched): the chunk loader finds the sheet there and adds none.
    const sheetLinks = response.body.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(sheetLinks).toEqual([
      expect.stringMatching(/^<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>$/),
    ]);
    const [drawnFor, ...answers] = pageStateOf(response.body);
    expect(drawnFor).toBe(address);
    expect(answers).toContainEqual([
      expect.any(Array),
      expect.objectContaining({
        id: vehicle.id,
        displayName: 'Blue one',
        licensePlate: vehicle.licensePlate,
      }),
    ]);
    // What anyone may learn of a vehicle, and no more (ADDENDUM §1).
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toContain('ownerId');
  }

  it('draws Vehicle found by QR link, ?qr=, short code (any case, with a dash) and id', async () => {
    const short = vehicle.shortCode;
    const addresses = [
      `/vehicle/qr/${vehicle.qrCode}`,
      `/vehicle-found?qr=${vehicle.qrCode}`,
      `/c/${short}`,
      `/c/${short.toLowerCase()}`,
      `/c/${formatShortCode(short)}`,
      `/c/${formatShortCode(short).toLowerCase()}`,
      `/vehicle-found/${vehicle.id}`,
    ];
    for (const address of addresses) {
      const response = await page(address);
      expectVehiclePage(response, address);
      expect(response.headers.vary).toContain('Accept-Language');
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('sends the page Brotli- or gzip-compressed to a browser that takes it, decoding to the same page', async () => {
    const address = `/vehicle/qr/${vehicle.qrCode}`;
    // The form's own key is drawn anew each time; the rest is the same page.
    const withoutKey = (html: string) => html.replace(/name="idempotencyKey" value="[^"]*"/, '');
    const plain = await page(address, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await page(address, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(withoutKey(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toBe(
      withoutKey(plain.body),
    );
    const gzip = await page(address, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutKey(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toBe(withoutKey(plain.body));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("speaks the request's language, or the one chosen in Settings (the preferences cookie)", async () => {
    const address = `/vehicle/qr/${vehicle.qrCode}`;
    const german = await page(address, { headers: { 'accept-language': 'de' } });
    expectVehiclePage(german, address, 'de-DE');
    expect(rootOf(german.body)).toContain('Fahrzeug gefunden');

    const chosen = (locale: unknown) =>
      `preferences=${encodeURIComponent(JSON.stringify({ locale, theme: 'system' }))}`;
    const chinese = await page(address, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      cookie: chosen('zh-CN'),
    });
    expectVehiclePage(chinese, address, 'zh-CN');
    expect(rootOf(chinese.body)).not.toContain('Fahrzeug gefunden');
    expect(rootOf(chinese.body)).not.toContain('Vehicle found');

    // A language the app does not speak, or a cookie that is no JSON, is no choice: the request's language.
    for (const cookie of [chosen('fr-FR'), 'preferences=%7Bnot-json', 'preferences=null']) {
      expectVehiclePage(
        await page(address, { headers: { 'accept-language': 'de' }, cookie }),
        address,
        'de-DE',
      );
    }
  });

  it('leads a QR link or short code that finds no vehicle home, to be told so', async () => {
    for (const address of [
      '/vehicle/qr/no-such-code',
      '/vehicle-found?qr=no-such-code',
      '/vehicle-found',
      '/vehicle-found?qr=no-such-code&qr=another',
      `/vehicle-found?qr=${'q'.repeat(5000)}`,
      '/c/ZZZZZZZZ',
      '/c/not-a-code',
      `/c/${'A'.repeat(40)}`,
    ]) {
      const response = await page(address);
      expect(response.statusCode, address).toBe(303);
      expect(response.headers.location, address).toBe(NOT_FOUND_LOCATION);
    }
  });

  it('draws the landing page for a browser without a session, in its language, with a notice to raise', async () => {
    for (const address of ['/', '/?error=vehicle-not-found']) {
      const response = await page(address, { headers: { 'accept-language': 'de-DE' } });
      expect(response.statusCode, address).toBe(200);
      expect(response.headers['content-language']).toBe('de-DE');
      expect(hasPageState(response.body), address).toBe(true);
      expect(response.body).not.toContain('<noscript');
      // Every boundary complete in place: no inline script (the CSP runs none) finishes one later.
      expect(response.body).not.toContain('<script>');
      expect(response.body).not.toContain('<!--$?-->');
      // The landing page's way in: the plate search and the scanner, in German.
      expect(rootOf(response.body)).toContain('href="/license-plate"');
      expect(pageStateOf(response.body)[0]).toBe(address);
    }
  });

  it('draws the landing page once per language: the same bytes for every browser, each language its own', async () => {
    const english = await page('/', { headers: { 'accept-language': 'en-US', 'accept-encoding': 'br' } });
    const again = await page('/', {
      headers: { 'accept-language': 'en-US', 'accept-encoding': 'br' },
      cookie: `preferences=${encodeURIComponent(JSON.stringify({ quickMessages: ['Mine alone'] }))}`,
    });
    const german = await page('/', { headers: { 'accept-language': 'de-DE', 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(english.rawPayload)).toBe(true);
    expect(german.rawPayload.equals(english.rawPayload)).toBe(false);
    const landing = zlib.brotliDecompressSync(german.rawPayload).toString('utf8');
    expect(landing).toContain('lang="de-DE"');
    expect(landing).not.toContain('Mine alone');
  });

  it('answers the plain app to a browser with a session', async () => {
    for (const address of [
      `/vehicle/qr/${vehicle.qrCode}`,
      `/c/${vehicle.shortCode}`,
      `/vehicle-found/${vehicle.id}`,
      `/message/${vehicle.id}`,
      `/sent/${crypto.randomUUID()}`,
      '/',
    ]) {
      const response = await page(address, { cookie: 'session-hint=1' });
      expect(response.statusCode, address).toBe(200);
      expect(response.body, address).toBe(appShell);
      expect(hasPageState(response.body)).toBe(false);
    }
  });

  it('answers a vehicle that is gone, or never was, 404: Send Message says so, Vehicle found is the app', async () => {
    const removed = await buildVehicle(t.app, owner.cookie);
    const deleted = await call(t.app, 'DELETE', `/api/vehicles/${removed.id}`, { cookie: owner.cookie });
    expect(deleted.statusCode).toBe(200);
    for (const address of [
      `/vehicle-found/${removed.id}`,
      `/vehicle-found/${encodeURIComponent("x' or '1'='1")}`,
    ]) {
      const response = await page(address);
      expect(response.statusCode, address).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body, address).toBe(appShell);
    }
    for (const address of [
      `/message/${removed.id}`,
      `/message/${crypto.randomUUID()}`,
      '/message/not-a-vehicle',
    ]) {
      const response = await page(address);
      expect(response.statusCode, address).toBe(404);
      expect(hasPageState(response.body), address).toBe(true);
      expect(response.body, address).toContain(
        'This vehicle is not registered with the product or is no longer active.',
      );
      expect(response.body, address).not.toContain('<form');
    }
    const byQr = await page(`/vehicle/qr/${removed.qrCode}`);
    expect(byQr.statusCode).toBe(303);
    expect(byQr.headers.location).toBe(NOT_FOUND_LOCATION);
  });

  it("keeps a vehicle's own words inert in the page and its state", async () => {
    const sly = await buildVehicle(t.app, owner.cookie, {
      displayName: '</script><script>alert(1)</script><!--',
    });
    const response = await page(`/vehicle-found/${sly.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(rootOf(response.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    const [, ...answers] = pageStateOf(response.body);
    expect(answers).toContainEqual([
      expect.any(Array),
      expect.objectContaining({ id: sly.id, displayName: '</script><script>alert(1)</script><!--' }),
    ]);
  });

  it('draws Send Message as a form that posts without JavaScript', async () => {
    const address = `/message/${vehicle.id}`;
    const response = await page(address);
    expectVehiclePage(response, address);
    const drawn = rootOf(response.body);
    const form = new RegExp(`<form [^>]*action="/message/${vehicle.id}" method="post"`).exec(drawn);
    expect(form, 'a form posting to /message/{id}').not.toBeNull();
    expect(drawn).toMatch(/<input type="hidden" name="idempotencyKey" value="[\x21-\x7e]{16,200}"\/>/);
    expect(drawn).toMatch(/<textarea [^>]*name="content"/);
    const quickButtons = [...drawn.matchAll(/<button type="submit" value="([^"]+)"[^>]*name="quick"/g)];
    expect(quickButtons.length).toBeGreaterThan(0);
    expect(quickButtons.map((button) => button[1])).toContain('Your lights are on');
  });

  it('sends a quick message: 303 to its status page, which only its sender may open', async () => {
    const before = await countMessages();
    const sent = await post(vehicle.id, {
      idempotencyKey: newKey(),
      content: 'the text box loses to the button',
      quick: 'Your lights are on',
    });
    expect(sent.statusCode, sent.body.slice(0, 200)).toBe(303);
    const location = String(sent.headers.location);
    expect(location).toMatch(/^\/sent\/[0-9a-f-]{36}$/);
    expect(await countMessages()).toBe(before + 1);
    const visitor = visitorCookieOf(sent);
    expect(sent.cookies.find((c) => c.name === 'visitor')).toMatchObject({ httpOnly: true, path: '/' });

    const ownerView = (await conversationsOf(owner.cookie)).find((c) => c.vehicleOneId === vehicle.id);
    expect(ownerView?.lastMessage).toBe('Your lights are on');

    const status = await page(location, { cookie: visitor });
    expect(status.statusCode).toBe(200);
    expect(status.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(rootOf(status.body)).toContain('Your lights are on');
    const [drawnFor] = pageStateOf(status.body);
    expect(drawnFor).toBe(location);

    // Nobody else's: no cookie, or another visitor's.
    const stranger = await page(location);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Your lights are on');
    const other = await post(vehicle.id, { idempotencyKey: newKey(), content: 'Another finder' });
    expect(other.statusCode).toBe(303);
    const otherVisitor = await page(location, { cookie: visitorCookieOf(other) });
    expect(otherVisitor.statusCode).toBe(404);
    expect(otherVisitor.body).not.toContain('Your lights are on');
    // An address that is no message of anyone's.
    for (const nobodys of [crypto.randomUUID(), 'not-a-message'])
      expect((await page(`/sent/${nobodys}`, { cookie: visitor })).statusCode).toBe(404);
  });

  it('sends the typed text (urgent when ticked), as the same visitor the cookie makes', async () => {
    const first = await post(vehicle.id, { idempotencyKey: newKey(), content: '  Your window is open  ' });
    expect(first.statusCode).toBe(303);
    const visitor = visitorCookieOf(first);
    const second = await post(
      vehicle.id,
      { idempotencyKey: newKey(), content: 'Rain is coming', urgent: 'on' },
      { cookie: visitor },
    );
    expect(second.statusCode).toBe(303);
    const status = await page(String(second.headers.location), { cookie: visitor });
    expect(status.statusCode).toBe(200);
    expect(rootOf(status.body)).toContain('Rain is coming');
    const ownerView = (await conversationsOf(owner.cookie)).find((c) => c.lastMessage === 'Rain is coming');
    expect(ownerView).toBeDefined();
  });

  it('sends a form posted twice (the same key) once, and answers both the same', async () => {
    const before = await countMessages();
    const fields = { idempotencyKey: newKey(), content: 'Posted twice by a double tap' };
    const first = await post(vehicle.id, fields);
    expect(first.statusCode).toBe(303);
    const again = await post(vehicle.id, fields, { cookie: visitorCookieOf(first) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await countMessages()).toBe(before + 1);
  });

  it('draws Send Message again with the refusal in words and the text kept, nothing sent', async () => {
    const before = await countMessages();
    const empty = await post(vehicle.id, { idempotencyKey: newKey(), content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(rootOf(empty.body)).toMatch(alertSaying(messageTexts.empty));

    const tooLong = `A long one. ${'x'.repeat(MESSAGE_MAX_LENGTH)}`;
    const refused = await post(vehicle.id, { idempotencyKey: newKey(), content: tooLong });
    expect(refused.statusCode).toBe(400);
    const drawn = rootOf(refused.body);
    expect(drawn).toMatch(alertSaying(messageTexts.tooLong));
    // Kept as the text box holds it: clipped to the limit, the refusal beside it.
    expect(drawn).toMatch(new RegExp(`<textarea [^>]*>${tooLong.slice(0, MESSAGE_MAX_LENGTH)}</textarea>`));

    // A refused text is kept as it was typed.
    const typed = 'Your boot is open';
    const blocked = await post(vehicle.id, { idempotencyKey: 'has spaces', content: typed });
    expect(blocked.statusCode).toBe(400);
    expect(rootOf(blocked.body)).toMatch(new RegExp(`<textarea [^>]*>${typed}</textarea>`));
    expect(rootOf(blocked.body)).toMatch(/<p role="alert"[^>]*>[^<]+<\/p>/);
    // Still the form, ready to send again.
    expect(drawn).toContain(`action="/message/${vehicle.id}"`);
    expect(await countMessages()).toBe(before);
  });

  it('refuses every bad post with a 4xx and sends nothing', async () => {
    const before = await countMessages();
    const message = (key = newKey()) => ({ idempotencyKey: key, content: 'Should never arrive' });
    const bad: [string, () => Promise<LightMyRequestResponse>, number][] = [
      ['a foreign origin', () => post(vehicle.id, message(), { origin: 'https://evil.example' }), 403],
      ['no origin', () => post(vehicle.id, message(), { origin: null }), 403],
      [
        'a body over 16 KB',
        () => post(vehicle.id, `content=${'a'.repeat(17 * 1024)}&idempotencyKey=${newKey()}`),
        413,
      ],
      ['a key with spaces', () => post(vehicle.id, message('has spaces in it')), 400],
      ['a key too long', () => post(vehicle.id, message('k'.repeat(201))), 400],
      // PostgreSQL refuses NUL in text (it was a 500 there), SQLite would keep it: refused on both.
      ['a NUL in the text', () => post(vehicle.id, { ...message(), content: 'Lights\u0000on' }), 400],
      ['a NUL in a quick message', () => post(vehicle.id, { ...message(), quick: '\u0000' }), 400],
      ['a removed or unknown vehicle', () => post(crypto.randomUUID(), message()), 404],
      ['a vehicle id that is none', () => post('not-a-vehicle', message()), 404],
      [
        'a JSON body',
        () =>
          call(t.app, 'POST', `/message/${vehicle.id}`, {
            body: { content: 'Should never arrive', idempotencyKey: newKey() },
          }),
        400,
      ],
      [
        'a text body',
        () =>
          call(t.app, 'POST', `/message/${vehicle.id}`, {
            body: 'content=Should never arrive',
            headers: { 'content-type': 'text/plain' },
          }),
        415,
      ],
    ];
    for (const [what, send, status] of bad) {
      const response = await send();
      expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(status);
    }
    expect(await countMessages()).toBe(before);
  });

  it("answers a message to the sample vehicle with its confirmation, drawn in the form's answer", async () => {
    const sent = await post(SAMPLE_VEHICLE.id, { idempotencyKey: newKey(), quick: 'Your lights are on' });
    expect(sent.statusCode, sent.body.slice(0, 200)).toBe(200);
    expect(sent.headers['content-type']).toBe('text/html; charset=utf-8');
    const drawn = rootOf(sent.body);
    expect(drawn).toContain('Message Sent!');
    expect(drawn).toContain('This was the sample vehicle, so nobody received your message.');
    const [drawnFor] = pageStateOf(sent.body);
    expect(drawnFor).toBe('/message-success?sample=1');
  });
});

describe.each(testEngines)("the finder's form at its limits on %s", (engine) => {
  let t: TestApp;
  let vehicle: Vehicle;
  beforeAll(async () => {
    t = await createTestApp(engine, { clientDir, env: { RATE_LIMIT_MULTIPLIER: '1' } });
    const owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie);
  });
  afterAll(() => t?.close());

  it('refuses the sixth message in ten minutes to one vehicle with a 429, its words and its Retry-After', async () => {
    const post = (content: string, cookie?: string) =>
      call(t.app, 'POST', `/message/${vehicle.id}`, {
        body: new URLSearchParams({ content, idempotencyKey: crypto.randomUUID() }).toString(),
        headers: FORM,
        ip: '10.9.9.9',
        ...(cookie ? { cookie } : {}),
      });
    const first = await post('Message 1');
    expect(first.statusCode).toBe(303);
    const visitor = first.cookies.find((cookie) => cookie.name === 'visitor');
    const cookie = `visitor=${visitor?.value}`;
    for (let n = 2; n <= 5; n++) expect((await post(`Message ${n}`, cookie)).statusCode).toBe(303);
    const limited = await post('Message 6', cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(rootOf(limited.body)).toMatch(/<p role="alert"[^>]*>[^<]+<\/p>/);
    expect(rootOf(limited.body)).toContain('Message 6');
  });
});
