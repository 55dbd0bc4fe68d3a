import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.js';
import { messageTexts, quickMessageTexts } from '../../shared/messaging/messages.contract.js';
import { withLocale } from '../i18n.js';
import { rateLimits } from '../rate-limit/rules.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

const HOUR = 3_600_000;

// Issue 33 point 1, docs/decisions/0150-quiet-hours-urgent.md: urgent messages, stored, shown, and limited.
describe.each(testEngines)('urgent messages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The limits as they are in production (tests otherwise multiply them by 1000).
    t = await createTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  let nextIp = 1;
  const newIp = () => `198.51.100.${nextIp++}`;
  const send = (body: Record<string, unknown>, options: { ip: string; cookie?: string; key?: string }) =>
    call(t.app, 'POST', '/api/messages/anonymous', {
      body,
      ip: options.ip,
      cookie: options.cookie,
      headers: options.key ? { 'Idempotency-Key': options.key } : {},
    });
  const visitorCookieOf = (response: Awaited<ReturnType<typeof call>>) => {
    const cookie = response.cookies.find((c) => c.name === 'visitor');
    if (!cookie) throw new Error(`no visitor cookie: ${response.body}`);
    return `visitor=${cookie.value}`;
  };
  const messagesOf = async (cookie: string) => {
    const conversations = (await call(t.app, 'GET', '/api/conversations', { cookie })).json();
    const all = [];
    for (const conversation of conversations) {
      const listed = await call(t.app, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie });
      all.push(...listed.json());
    }
    return all as { content: string; urgent: boolean }[];
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

  it('keeps whether a message is urgent, the two urgent quick messages urgent unless the sender says not', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const cases: [Record<string, unknown>, boolean][] = [
      [{ content: 'Your lights are on' }, false],
      [{ content: 'Your lights are on', urgent: true }, true],
      [{ content: 'Your car is blocking my driveway' }, true],
      [{ content: '  Emergency - please move your car ' }, true],
      [{ content: 'Emergency - please move your car', urgent: false }, false],
      [{ content: 'Emergency - please move your car now!' }, false],
      [{ content: 'Your car is blocking my driveway', urgent: null }, true],
    ];
    for (const [body, urgent] of cases) {
      const sent = await send({ vehicleId: vehicle.id, ...body }, { ip: newIp() });
      expect(sent.statusCode, JSON.stringify(body)).toBe(201);
      const stored = await t.db
        .selectFrom('messages')
        .select('urgent')
        .where('id', '=', sent.json().id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.urgent), JSON.stringify(body)).toBe(urgent ? 1 : 0);
    }
    // The owner's views say which were urgent; a reply never is.
    const listed = await messagesOf(owner.cookie);
    expect(listed.filter((message) => message.urgent)).toHaveLength(4);
    const [conversation] = (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json();
    const reply = await call(t.app, 'POST', `/api/conversations/${conversation.id}/messages`, {
      cookie: owner.cookie,
      body: { content: 'On my way' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ content: 'On my way', urgent: false });
  });

  it('takes the urgent quick messages as urgent in every language, whatever the request asks for (docs/decisions/0165)', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const defaults = (locale: string) => withLocale(locale, () => quickMessageTexts.defaults);
    const [german, chinese] = [defaults('de-DE'), defaults('zh-CN')];
    expect(german[0]).toBe('Ihr Auto blockiert meine Einfahrt');
    expect(chinese[5]).toBe('紧急情况，请立即挪车');
    const cases: [string, string, boolean][] = [
      [german[0] ?? '', 'de-DE', true],
      [german[5] ?? '', 'en-US', true],
      [chinese[0] ?? '', 'de-DE', true],
      [chinese[5] ?? '', 'zh-CN', true],
      [german[2] ?? '', 'de-DE', false],
      [chinese[2] ?? '', 'zh-CN', false],
    ];
    for (const [content, language, urgent] of cases) {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content },
        ip: newIp(),
        headers: { 'Accept-Language': language },
      });
      expect(sent.statusCode, content).toBe(201);
      const stored = await t.db
        .selectFrom('messages')
        .select('urgent')
        .where('id', '=', sent.json().id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.urgent), `${content} (${language})`).toBe(urgent ? 1 : 0);
    }
  });

  it("answers the urgent limit in the request's language", async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const ip = newIp();
    const germanUrgent = withLocale('de-DE', () => quickMessageTexts.defaults[0]);
    const first = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: germanUrgent },
      ip,
      headers: { 'Accept-Language': 'de-DE' },
    });
    expect(first.statusCode).toBe(201);
    const again = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: germanUrgent },
      ip,
      cookie: visitorCookieOf(first),
      headers: { 'Accept-Language': 'de-DE' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      withLocale('de-DE', () => rateLimits.urgentMessagesPerVehiclePerSender.message),
    );
    expect(again.json().message).toMatch(
      /^Sie können diesem Fahrzeug eine dringende Nachricht pro Stunde senden/,
    );
  });

  it('refuses a second urgent message to one vehicle within the hour with 429 and Retry-After, storing nothing; a plain one still goes', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const other = await buildVehicle(t.app, owner.cookie);
    const ip = newIp();
    const first = await send({ vehicleId: vehicle.id, content: 'Your car is blocking my driveway' }, { ip });
    expect(first.statusCode).toBe(201);
    const stored = await countMessages();
    // The same visitor (their browser's cookie) from then on.
    const cookie = visitorCookieOf(first);

    for (const body of [
      { content: 'Emergency - please move your car' },
      { content: 'Your lights are on', urgent: true },
    ]) {
      const refused = await send({ vehicleId: vehicle.id, ...body }, { ip, cookie });
      expect(refused.statusCode, JSON.stringify(body)).toBe(429);
      expect(refused.json()).toMatchObject({
        message: rateLimits.urgentMessagesPerVehiclePerSender.message,
        code: ErrorCode.rateLimited,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await countMessages()).toBe(stored);

    // Not urgent, the same text: it goes, to the same conversation. So does an urgent one to another vehicle.
    const plain = await send(
      { vehicleId: vehicle.id, content: 'Emergency - please move your car', urgent: false },
      { ip, cookie },
    );
    expect(plain.statusCode).toBe(201);
    expect(plain.json().conversationId).toBe(first.json().conversationId);
    expect(
      (await send({ vehicleId: other.id, content: 'Your lights are on', urgent: true }, { ip, cookie }))
        .statusCode,
    ).toBe(201);
    // Another sender is not held by this one's limit.
    expect(
      (await send({ vehicleId: vehicle.id, content: 'Your lights are on', urgent: true }, { ip: newIp() }))
        .statusCode,
    ).toBe(201);

    // An hour on, urgent again.
    t.clock.advance(HOUR);
    expect(
      (await send({ vehicleId: vehicle.id, content: 'Still blocked', urgent: true }, { ip, cookie }))
        .statusCode,
    ).toBe(201);
  });

  it('holds a signed-in sender by their account, whatever network they write from', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const sender = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const body = { vehicleId: vehicle.id, content: 'Your lights are on', urgent: true };
    expect((await send(body, { ip: newIp(), cookie: sender.cookie })).statusCode).toBe(201);
    expect((await send(body, { ip: newIp(), cookie: sender.cookie })).statusCode).toBe(429);
  });

  it('counts urgent in the Idempotency-Key fingerprint: a retry answers the first, another urgency 422', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const ip = newIp();
    const body = { vehicleId: vehicle.id, content: 'Your lights are on', urgent: true };
    const first = await send(body, { ip, key: 'urgent-key-1' });
    expect(first.statusCode).toBe(201);
    const cookie = visitorCookieOf(first);
    const stored = await countMessages();
    // The retry is not a second urgent message: it answers the first (not 429).
    const retry = await send(body, { ip, cookie, key: 'urgent-key-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const changed = await send({ ...body, urgent: false }, { ip, cookie, key: 'urgent-key-1' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe(messageTexts.idempotencyKeyReused);
    expect(await countMessages()).toBe(stored);
  });

  it('refuses an urgent that is not true or false with 400, storing nothing', async () => {
    const owner = await createVerifiedUser(t, undefined, { ip: newIp() });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const stored = await countMessages();
    for (const urgent of ['yes', 1, 'true', {}]) {
      const refused = await send(
        { vehicleId: vehicle.id, content: 'Your lights are on', urgent },
        { ip: newIp() },
      );
      expect(refused.statusCode, JSON.stringify(urgent)).toBe(400);
      expect(refused.json().message).toBe('urgent must be true or false');
    }
    expect(await countMessages()).toBe(stored);
  });
});
