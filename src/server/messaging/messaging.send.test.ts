import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { acceptanceTexts } from '../../shared/vehicles/acceptance.js';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, vehicleEditBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { hashToken } from '../tokens.js';

describe.each(testEngines)('messages to a vehicle on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createVerifiedUser>>;
  let vehicle: Vehicle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one' });
  });
  afterAll(() => t.close());

  const send = (
    body: Record<string, unknown>,
    options: { cookie?: string; headers?: Record<string, string> } = {},
  ) => call(t.app, 'POST', '/api/messages/anonymous', { body, ...options });
  const visitorCookieOf = (response: Awaited<ReturnType<typeof call>>) => {
    const cookie = response.cookies.find((c) => c.name === 'visitor');
    if (!cookie) throw new Error(`no visitor cookie: ${response.body}`);
    return `visitor=${cookie.value}`;
  };
  const conversationsOf = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/conversations', { cookie })).json();
  const countRows = async (table: 'messages' | 'conversations') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a signed-out visitor writes; the owner sees it from an anonymous visitor, unread', async () => {
    const first = await send({
      vehicleId: vehicle.id,
      content: '  Your lights are on  ',
      messageType: 'custom',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      conversationId: expect.any(String),
      createdAt: expect.any(String),
      isDelivered: true,
    });
    const cookie = first.cookies.find((c) => c.name === 'visitor');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The same visitor again: the same conversation.
    const second = await send(
      { vehicleId: vehicle.id, content: 'Still on' },
      { cookie: visitorCookieOf(first) },
    );
    expect(second.json().conversationId).toBe(first.json().conversationId);

    const [conversation] = await conversationsOf(owner.cookie);
    expect(conversation).toMatchObject({
      id: first.json().conversationId,
      vehicleOneId: vehicle.id,
      vehicleTwoId: null,
      vehicleOne: { id: vehicle.id, displayName: 'Blue one', licensePlate: vehicle.licensePlate },
      vehicleTwo: { kind: 'anonymous', label: messageTexts.anonymousVisitor },
      unreadCount: 2,
      lastMessage: 'Still on',
      canReply: true,
    });
    const unread = await call(t.app, 'GET', '/api/messages/unread-count', { cookie: owner.cookie });
    expect(unread.json()).toEqual({ count: 2 });
    // The owner knows a visitor from an account only as far as blocking them differs (decision 0139).
    expect(conversation.otherIsVisitor).toBe(true);

    const messages = (
      await call(t.app, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie: owner.cookie })
    ).json();
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Your lights are on', 'Still on']);
    expect(messages[0]).toMatchObject({ senderVehicleId: null, vehicle: null, isRead: false, isMine: false });

    // Another visitor: another conversation.
    const other = await send({ vehicleId: vehicle.id, content: 'Hello' });
    expect(other.json().conversationId).not.toBe(first.json().conversationId);
  });

  it('a signed-in sender with vehicles writes anonymously unless they choose one (ADDENDUM §11)', async () => {
    const sender = await createVerifiedUser(t);
    await buildVehicle(t.app, sender.cookie, { make: 'Honda', model: 'Civic' });
    const target = await buildVehicle(t.app, owner.cookie);
    const sent = await send(
      { vehicleId: target.id, content: 'Your hazards are on' },
      { cookie: sender.cookie },
    );
    expect(sent.statusCode).toBe(201);
    const ownerView = (await conversationsOf(owner.cookie)).find(
      (c: { id: string }) => c.id === sent.json().conversationId,
    );
    expect(ownerView).toMatchObject({
      vehicleTwoId: null,
      vehicleTwo: { kind: 'anonymous' },
      otherParty: { kind: 'anonymous' },
      canReply: true,
    });
    expect(ownerView.otherIsVisitor).toBe(false);
    const messages = (
      await call(t.app, 'GET', `/api/conversations/${ownerView.id}/messages`, { cookie: owner.cookie })
    ).json();
    expect(messages).toMatchObject([
      { content: 'Your hazards are on', senderVehicleId: null, vehicle: null },
    ]);
    expect(JSON.stringify(messages)).not.toContain('Honda');
  });

  it('a signed-in sender writes as their vehicle, and the two vehicles talk both ways', async () => {
    const sender = await createVerifiedUser(t);
    const first = await buildVehicle(t.app, sender.cookie, { make: 'Honda', model: 'Civic' });
    t.clock.advance(1000);
    const second = await buildVehicle(t.app, sender.cookie, { make: 'Kia', model: 'Soul' });
    const target = await buildVehicle(t.app, owner.cookie);

    const byDefault = await send(
      { vehicleId: target.id, content: 'Your window is open', senderVehicleId: first.id },
      { cookie: sender.cookie },
    );
    expect(byDefault.statusCode).toBe(201);
    const asSecond = await send(
      { vehicleId: target.id, content: 'From my Kia', senderVehicleId: second.id },
      { cookie: sender.cookie },
    );
    expect(asSecond.json().conversationId).not.toBe(byDefault.json().conversationId);

    const ownerView = (await conversationsOf(owner.cookie)).find(
      (c: { id: string }) => c.id === byDefault.json().conversationId,
    );
    expect(ownerView).toMatchObject({
      vehicleOneId: target.id,
      vehicleTwoId: first.id,
      vehicleTwo: { id: first.id, make: 'Honda', model: 'Civic', licensePlate: first.licensePlate },
      canReply: true,
      otherParty: { id: first.id },
      ownVehicleId: target.id,
    });
    const reply = await call(t.app, 'POST', `/api/conversations/${ownerView.id}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Closed it, thanks!' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      content: 'Closed it, thanks!',
      senderVehicleId: target.id,
      vehicle: { make: target.make, model: target.model, licensePlate: target.licensePlate },
      isMine: true,
    });

    const senderView = (await conversationsOf(sender.cookie)).find(
      (c: { id: string }) => c.id === ownerView.id,
    );
    expect(senderView).toMatchObject({
      unreadCount: 1,
      lastMessage: 'Closed it, thanks!',
      canReply: true,
      otherParty: { id: target.id },
      ownVehicleId: first.id,
    });
    const senderMessages = (
      await call(t.app, 'GET', `/api/conversations/${ownerView.id}/messages`, { cookie: sender.cookie })
    ).json();
    expect(senderMessages.map((m: { isMine: boolean }) => m.isMine)).toEqual([true, false]);

    // Writing from the other direction later joins the same conversation of the two vehicles.
    const back = await send(
      { vehicleId: first.id, content: 'Back to you', senderVehicleId: target.id },
      { cookie: owner.cookie },
    );
    expect(back.json().conversationId).toBe(ownerView.id);
    // On the owner's side of it, as the vehicle written to first: the owner's own, the sender's to read.
    const ownerMessages = (
      await call(t.app, 'GET', `/api/conversations/${ownerView.id}/messages`, { cookie: owner.cookie })
    ).json();
    expect(ownerMessages.map((m: { content: string; isMine: boolean }) => [m.content, m.isMine])).toEqual([
      ['Your window is open', false],
      ['Closed it, thanks!', true],
      ['Back to you', true],
    ]);
    const senderUnread = (await conversationsOf(sender.cookie)).find(
      (c: { id: string }) => c.id === ownerView.id,
    );
    expect(senderUnread).toMatchObject({ unreadCount: 2, lastMessage: 'Back to you' });
  });

  it('refuses empty, too long and malformed messages, unknown and removed vehicles, and changes nothing', async () => {
    const removed = await buildVehicle(t.app, owner.cookie);
    await call(t.app, 'DELETE', `/api/vehicles/${removed.id}`, { cookie: owner.cookie });
    const before = await countRows('messages');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ vehicleId: vehicle.id, content: '   ' }, 400, messageTexts.empty],
      [{ vehicleId: vehicle.id }, 400, messageTexts.empty],
      [{ vehicleId: vehicle.id, content: 'x'.repeat(501) }, 400, messageTexts.tooLong],
      [{ vehicleId: vehicle.id, content: 42 }, 400, 'content must be text'],
      [{ vehicleId: vehicle.id, content: 'hi', messageType: 'quick' }, 400, messageTexts.unknownMessageType],
      [
        { vehicleId: vehicle.id, content: 'hi', senderVehicleId: vehicle.id },
        400,
        messageTexts.notYourVehicle,
      ],
      [{ vehicleId: 'no-such-vehicle', content: 'hi' }, 404, 'Vehicle not found'],
      [{ vehicleId: removed.id, content: 'hi' }, 404, 'Vehicle not found'],
    ];
    for (const [body, status, message] of cases) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await send({ vehicleId: vehicle.id, content: 'x'.repeat(500) })).statusCode).toBe(201);
    expect(await countRows('messages')).toBe(before + 1);
  });

  it('refuses a message to your own vehicle', async () => {
    const response = await send({ vehicleId: vehicle.id, content: 'Me?' }, { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messageTexts.ownVehicle, code: 'OWN_VEHICLE' });
  });

  it('accepts a message to the sample vehicle and keeps nothing', async () => {
    const before = [await countRows('messages'), await countRows('conversations')];
    const response = await send({ vehicleId: SAMPLE_VEHICLE.id, content: 'Testing' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ conversationId: null, isDelivered: false });
    expect([await countRows('messages'), await countRows('conversations')]).toEqual(before);
  });

  it('shows a conversation only to its two sides', async () => {
    const stranger = await createVerifiedUser(t);
    const sent = await send({ vehicleId: vehicle.id, content: 'Private' });
    const id = sent.json().conversationId;
    expect(
      (await call(t.app, 'GET', `/api/conversations/${id}/messages`, { cookie: stranger.cookie })).statusCode,
    ).toBe(404);
    const reply = await call(t.app, 'POST', `/api/conversations/${id}/messages`, {
      cookie: stranger.cookie,
      body: { content: 'Hi' },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: messageTexts.conversationNotFound, code: 'NOT_FOUND' });
    expect(await conversationsOf(stranger.cookie)).toEqual([]);
    expect((await call(t.app, 'GET', '/api/conversations')).statusCode).toBe(401);
  });

  it('an Idempotency-Key retry answers the first result and stores one message, also when retries race', async () => {
    const first = await send(
      { vehicleId: vehicle.id, content: 'Once' },
      { headers: { 'idempotency-key': 'k-1' } },
    );
    const cookie = visitorCookieOf(first);
    const before = await countRows('messages');
    const retry = await send(
      { vehicleId: vehicle.id, content: 'Once' },
      { cookie, headers: { 'idempotency-key': 'k-1' } },
    );
    expect(retry.json()).toEqual(first.json());
    expect(await countRows('messages')).toBe(before);

    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        send({ vehicleId: vehicle.id, content: 'Racing' }, { cookie, headers: { 'idempotency-key': 'k-2' } }),
      ),
    );
    expect(new Set(racing.map((response) => response.statusCode))).toEqual(new Set([201]));
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    expect(await countRows('messages')).toBe(before + 1);
    // The key is the sender's: another visitor's same key is another message.
    const otherVisitor = await send(
      { vehicleId: vehicle.id, content: 'Once' },
      { headers: { 'idempotency-key': 'k-1' } },
    );
    expect(otherVisitor.json().id).not.toBe(first.json().id);
  });

  it('the same Idempotency-Key with another request answers 422 and stores nothing, also when they race', async () => {
    const first = await send(
      { vehicleId: vehicle.id, content: 'Your lights are on' },
      { headers: { 'idempotency-key': 'k-3' } },
    );
    expect(first.statusCode).toBe(201);
    const cookie = visitorCookieOf(first);
    const before = await countRows('messages');
    const other = await buildVehicle(t.app, owner.cookie);
    for (const body of [
      { vehicleId: vehicle.id, content: 'Your window is open' },
      { vehicleId: other.id, content: 'Your lights are on' },
    ]) {
      const reused = await send(body, { cookie, headers: { 'idempotency-key': 'k-3' } });
      expect(reused.statusCode, JSON.stringify(body)).toBe(422);
      expect(reused.json()).toEqual({
        message: messageTexts.idempotencyKeyReused,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await countRows('messages')).toBe(before);
    // The request as parsed is what counts: the same message with other spacing is the same request.
    const retry = await send(
      { vehicleId: vehicle.id, content: ' Your lights are on ', messageType: 'custom' },
      { cookie, headers: { 'idempotency-key': 'k-3' } },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());

    const racing = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((content) =>
        send({ vehicleId: vehicle.id, content }, { cookie, headers: { 'idempotency-key': 'k-4' } }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(await countRows('messages')).toBe(before + 1);
  });

  it('answers a key stored before requests were fingerprinted with its first result', async () => {
    const first = await send({ vehicleId: vehicle.id, content: 'Hello' });
    const cookie = visitorCookieOf(first);
    const token = cookie.slice('visitor='.length);
    await t.db
      .insertInto('idempotencyKeys')
      .values({
        senderKey: `a:${hashToken(token)}`,
        idempotencyKey: 'from-before',
        response: JSON.stringify(first.json()),
        createdAt: t.clock.now(),
      })
      .execute();
    const before = await countRows('messages');
    const retry = await send(
      { vehicleId: vehicle.id, content: 'Hello' },
      { cookie, headers: { 'idempotency-key': 'from-before' } },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await countRows('messages')).toBe(before);
  });

  it('a reply with an Idempotency-Key is stored once: retries answer the first reply, another request 422', async () => {
    const sender = await createVerifiedUser(t);
    const sendersFirst = await buildVehicle(t.app, sender.cookie);
    const sendersOther = await buildVehicle(t.app, sender.cookie);
    const sent = await send(
      { vehicleId: vehicle.id, content: 'Your tyre is flat', senderVehicleId: sendersFirst.id },
      { cookie: sender.cookie },
    );
    const conversationId = sent.json().conversationId;
    const reply = (content: string, key: string, id = conversationId) =>
      call(t.app, 'POST', `/api/conversations/${id}/messages`, {
        cookie: owner.cookie,
        body: { content },
        headers: { 'idempotency-key': key },
      });
    const before = await countRows('messages');
    const first = await reply('Thanks, on my way', 'r-1');
    expect(first.statusCode).toBe(201);
    const retry = await reply('Thanks, on my way', 'r-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await countRows('messages')).toBe(before + 1);

    const racing = await Promise.all(Array.from({ length: 5 }, () => reply('Coming now', 'r-2')));
    expect(racing.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    expect(await countRows('messages')).toBe(before + 2);

    // Another text, or another conversation, with a key already used: 422, nothing stored.
    const elsewhere = await send(
      { vehicleId: sendersOther.id, content: 'Hi', senderVehicleId: vehicle.id },
      { cookie: owner.cookie },
    );
    for (const reused of [
      await reply('Something else', 'r-1'),
      await reply('Thanks, on my way', 'r-1', elsewhere.json().conversationId),
    ]) {
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        message: messageTexts.idempotencyKeyReused,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await countRows('messages')).toBe(before + 3);
    // The key's row keeps the answer without the reply's text (its sender may delete it).
    const stored = await t.db
      .selectFrom('idempotencyKeys')
      .select('response')
      .where('idempotencyKey', '=', 'r-1')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.response).not.toContain('on my way');
  });

  it('never shows either side who the other is: no email, name or account id in anything they can read', async () => {
    const sender = await createVerifiedUser(t);
    await buildVehicle(t.app, sender.cookie);
    const senderUser = (await call(t.app, 'GET', '/api/auth/user', { cookie: sender.cookie })).json();
    const sent = await send({ vehicleId: vehicle.id, content: 'Who am I?' }, { cookie: sender.cookie });
    const conversationId = sent.json().conversationId;
    const answers = [
      await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie }),
      await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: owner.cookie }),
      await call(t.app, 'GET', '/api/messages/unread-count', { cookie: owner.cookie }),
    ];
    const secrets = [senderUser.email, senderUser.email.split('@')[0], senderUser.id, 'Test', 'User'];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
    }

    // The other way round: the owner replies, and the sender learns nothing of the owner either.
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks' },
    });
    const ownerUser = (await call(t.app, 'GET', '/api/auth/user', { cookie: owner.cookie })).json();
    const senderAnswers = [
      reply,
      await call(t.app, 'GET', '/api/conversations', { cookie: sender.cookie }),
      await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: sender.cookie }),
      await call(t.app, 'GET', '/api/messages', { cookie: sender.cookie }),
      sent,
    ];
    const ownerSecrets = [ownerUser.email, ownerUser.email.split('@')[0], ownerUser.id];
    for (const answer of senderAnswers) {
      for (const secret of ownerSecrets) expect(answer.body).not.toContain(secret);
    }
  });
});

describe.each(testEngines)('who may message a vehicle, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const setAcceptance = (cookie: string, vehicle: Vehicle, acceptMessagesFrom: unknown) =>
    call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie,
      body: vehicleEditBody(vehicle, { acceptMessagesFrom }),
    });

  it('is the owner’s setting: everyone by default, verified senders only, or nobody; public (ADDENDUM §1)', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    expect(vehicle.acceptMessagesFrom).toBe('everyone');
    const publicShape = await call(t.app, 'GET', `/api/vehicles/public/${vehicle.id}`);
    expect(publicShape.json().acceptMessagesFrom).toBe('everyone');

    const verifiedSender = await createVerifiedUser(t);
    const send = (cookie?: string) =>
      call(t.app, 'POST', '/api/messages/anonymous', {
        cookie,
        body: { vehicleId: vehicle.id, content: 'Hi' },
      });

    const verifiedOnly = await setAcceptance(owner.cookie, vehicle, 'verified');
    expect(verifiedOnly.statusCode).toBe(200);
    expect(verifiedOnly.json().acceptMessagesFrom).toBe('verified');
    const visitor = await send();
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toEqual({ message: acceptanceTexts.verifiedOnly, code: 'VERIFIED_SENDERS_ONLY' });
    expect((await send(verifiedSender.cookie)).statusCode).toBe(201);

    await setAcceptance(owner.cookie, vehicle, 'nobody');
    for (const cookie of [undefined, verifiedSender.cookie]) {
      const paused = await send(cookie);
      expect(paused.statusCode).toBe(403);
      expect(paused.json()).toEqual({ message: acceptanceTexts.paused, code: 'MESSAGES_PAUSED' });
    }
    // An edit that does not name the setting keeps it.
    const { acceptMessagesFrom: _kept, ...withoutSetting } = vehicle;
    void _kept;
    await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: owner.cookie,
      body: { ...withoutSetting, displayName: 'Kept' },
    });
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie })).json()
        .acceptMessagesFrom,
    ).toBe('nobody');

    for (const bad of ['sometimes', 3, {}]) {
      expect((await setAcceptance(owner.cookie, vehicle, bad)).statusCode).toBe(400);
    }
    await setAcceptance(owner.cookie, vehicle, 'everyone');
    expect((await send()).statusCode).toBe(201);
  });
});
