import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.js';
import {
  NOTIFY_AGAIN_AFTER_MS,
  ownerStatusTexts,
  statusTexts,
} from '../../shared/messaging/status.contract.js';
import type { ServerEvent } from '../../shared/realtime.js';
import { SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';
import { connect, listeningApp, settle, type TestSocket } from '../test/web-socket.js';
import { createStatusRepo } from './status.repo.js';

type Response = Awaited<ReturnType<typeof call>>;

describe.each(testEngines)('what became of a message, for its sender, on %s (issue 32)', (engine) => {
  let t: TestApp;
  let url: string;
  let owner: Awaited<ReturnType<typeof createVerifiedUser>>;
  let vehicle: Vehicle;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    ({ t, url } = await listeningApp(engine));
    owner = await createVerifiedUser(t, undefined, { firstName: 'Ottoline', lastName: 'Wexford' });
    vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one' });
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.close();
    await t.close();
  });

  const visitorCookieOf = (response: Response) => {
    const cookie = response.cookies.find((c) => c.name === 'visitor');
    if (!cookie) throw new Error(`no visitor cookie: ${response.body}`);
    return `visitor=${cookie.value}`;
  };
  /** A signed-out visitor writes to the vehicle: the message, and the visitor's cookie. */
  async function visitorWrites(content = 'Your lights are on', cookie?: string) {
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content },
      ...(cookie ? { cookie } : {}),
    });
    expect(sent.statusCode).toBe(201);
    return {
      id: sent.json().id as string,
      conversationId: sent.json().conversationId as string,
      cookie: cookie ?? visitorCookieOf(sent),
    };
  }
  const statusOf = (id: string, cookie?: string) =>
    call(t.app, 'GET', `/api/messages/${id}/status`, cookie ? { cookie } : {});
  const socketOf = async (cookie: string) => {
    const client = await connect(url, { origin: TEST_ORIGIN, cookie });
    sockets.push(client);
    await expect.poll(() => client.events[0]).toEqual({ type: 'authenticated' });
    return client;
  };
  const statusFrames = (client: TestSocket) =>
    client.events.filter(
      (event): event is Extract<ServerEvent, { type: 'message_status' }> => event.type === 'message_status',
    );

  it('answers the sender only: 404 to another visitor, another account, the owner, and a stranger', async () => {
    const message = await visitorWrites();
    const mine = await statusOf(message.id, message.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: message.id,
      conversationId: message.conversationId,
      vehicleId: vehicle.id,
      content: 'Your lights are on',
      state: 'sent',
      deliveredAt: null,
      seenAt: null,
      ownerStatus: null,
      replies: [],
      thread: [],
      canNotifyAgain: false,
      sentAs: 'visitor',
    });
    const other = await visitorWrites('Hello');
    const someone = await createVerifiedUser(t);
    for (const cookie of [other.cookie, someone.cookie, owner.cookie, undefined]) {
      const refused = await statusOf(message.id, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Message not found', code: ErrorCode.notFound });
    }
    expect((await statusOf('no-such-message', message.cookie)).statusCode).toBe(404);
    expect((await statusOf('x'.repeat(65), message.cookie)).statusCode).toBe(404);
    for (const cookie of [other.cookie, someone.cookie, owner.cookie]) {
      const refused = await call(t.app, 'POST', `/api/messages/${message.id}/notify-again`, { cookie });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('an account that wrote sees its own message’s status; the sample vehicle keeps nothing to ask about', async () => {
    const sender = await createVerifiedUser(t);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Your window is open' },
    });
    expect((await statusOf(sent.json().id, sender.cookie)).json()).toMatchObject({
      state: 'sent',
      sentAs: 'account',
    });
    const sample = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: SAMPLE_VEHICLE.id, content: 'Hello' },
    });
    expect((await statusOf(sample.json().id, visitorCookieOf(sample))).statusCode).toBe(404);
  });

  it('goes Sent → Delivered when the owner’s socket takes it → Seen when the owner opens it, live on the visitor’s socket', async () => {
    const ownerSocket = await socketOf(owner.cookie);
    const first = await visitorWrites('Your lights are on');
    const visitorSocket = await socketOf(first.cookie);
    // Another visitor's socket hears nothing of it.
    const stranger = await visitorWrites('Nice car');
    const strangerSocket = await socketOf(stranger.cookie);

    const second = await visitorWrites('Still on', first.cookie);
    await expect.poll(async () => (await statusOf(second.id, first.cookie)).json().state).toBe('delivered');
    await expect
      .poll(() => statusFrames(visitorSocket))
      .toContainEqual({
        type: 'message_status',
        conversationId: second.conversationId,
        messageId: second.id,
      });
    expect((await statusOf(second.id, first.cookie)).json().deliveredAt).toBe(
      new Date(t.clock.now()).toISOString(),
    );

    const read = await call(t.app, 'PATCH', `/api/conversations/${first.conversationId}/read`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(read.statusCode).toBe(200);
    await expect.poll(async () => (await statusOf(second.id, first.cookie)).json().state).toBe('seen');
    const seen = (await statusOf(first.id, first.cookie)).json();
    // The first, written before the owner's socket opened, was never taken by one: opening it delivered it.
    expect(seen).toMatchObject({ state: 'seen', seenAt: new Date(t.clock.now()).toISOString() });
    expect(seen.deliveredAt).not.toBeNull();
    await expect
      .poll(() => statusFrames(visitorSocket).filter((frame) => frame.messageId === null).length)
      .toBeGreaterThan(0);
    // The stranger hears only of its own message.
    expect(
      statusFrames(strangerSocket).every((frame) => frame.conversationId === stranger.conversationId),
    ).toBe(true);
    expect(ownerSocket.events.some((event) => event.type === 'message_status')).toBe(false);
  });

  it('a message written while the owner’s app was closed is Delivered when it opens (its socket connects)', async () => {
    const sleeper = await createVerifiedUser(t);
    const sleeperVehicle = await buildVehicle(t.app, sleeper.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: sleeperVehicle.id, content: 'Your lights are on' },
    });
    const cookie = visitorCookieOf(sent);
    const visitorSocket = await socketOf(cookie);
    t.clock.advance(30_000);
    expect((await statusOf(sent.json().id, cookie)).json().state).toBe('sent');
    await socketOf(sleeper.cookie);
    await expect
      .poll(() => statusFrames(visitorSocket))
      .toContainEqual({
        type: 'message_status',
        conversationId: sent.json().conversationId,
        messageId: sent.json().id,
      });
    expect((await statusOf(sent.json().id, cookie)).json()).toMatchObject({
      state: 'delivered',
      deliveredAt: new Date(t.clock.now()).toISOString(),
    });
    // Its second socket stamps nothing again.
    const frames = statusFrames(visitorSocket).length;
    await socketOf(sleeper.cookie);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statusFrames(visitorSocket).length).toBe(frames);
  });

  it('a message read is Delivered too: a socket of an account with nothing unread has nothing to stamp (docs/performance.md)', async () => {
    const reader = await createVerifiedUser(t);
    const readerVehicle = await buildVehicle(t.app, reader.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: readerVehicle.id, content: 'Your lights are on' },
    });
    t.clock.advance(5_000);
    // Read where no socket took it (the conversation opened over HTTP): Seen, and Delivered at that moment.
    const read = await call(t.app, 'PATCH', `/api/conversations/${sent.json().conversationId}/read`, {
      cookie: reader.cookie,
    });
    expect(read.statusCode).toBeLessThan(300);
    const seen = (await statusOf(sent.json().id, visitorCookieOf(sent))).json();
    expect(seen).toMatchObject({ state: 'seen', deliveredAt: new Date(t.clock.now()).toISOString() });
    // Its app opens later, with nothing unread: the message stays as it was.
    t.clock.advance(5_000);
    const socket = await socketOf(reader.cookie);
    await expect.poll(() => socket.events[1]).toEqual({ type: 'unread_count_update', unreadCount: 0 });
    await settle(socket);
    expect((await statusOf(sent.json().id, visitorCookieOf(sent))).json()).toEqual(seen);
  });

  it('with read receipts off the sender stays at Delivered, and hears nothing when the owner opens it', async () => {
    const reader = await createVerifiedUser(t);
    const readerVehicle = await buildVehicle(t.app, reader.cookie);
    expect((await call(t.app, 'GET', '/api/messages/preferences', { cookie: reader.cookie })).json()).toEqual(
      {
        readReceipts: true,
      },
    );
    const off = await call(t.app, 'PUT', '/api/messages/preferences', {
      cookie: reader.cookie,
      body: { readReceipts: false },
    });
    expect(off.json()).toEqual({ readReceipts: false });
    for (const body of [{}, { readReceipts: 'no' }, { readReceipts: null }]) {
      const bad = await call(t.app, 'PUT', '/api/messages/preferences', { cookie: reader.cookie, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(statusTexts.readReceiptsRequired);
    }
    expect((await call(t.app, 'GET', '/api/messages/preferences')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/messages/preferences', { cookie: reader.cookie })).json()).toEqual(
      {
        readReceipts: false,
      },
    );

    await socketOf(reader.cookie);
    const first = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: readerVehicle.id, content: 'Your lights are on' },
    });
    const cookie = visitorCookieOf(first);
    const visitorSocket = await socketOf(cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie,
      body: { vehicleId: readerVehicle.id, content: 'Still on' },
    });
    await expect.poll(async () => (await statusOf(sent.json().id, cookie)).json().state).toBe('delivered');
    await expect
      .poll(() => statusFrames(visitorSocket).map((frame) => frame.messageId))
      .toContain(sent.json().id);
    const framesBefore = statusFrames(visitorSocket).length;
    await call(t.app, 'PATCH', `/api/conversations/${sent.json().conversationId}/read`, {
      cookie: reader.cookie,
      body: {},
    });
    const after = (await statusOf(sent.json().id, cookie)).json();
    expect(after).toMatchObject({ state: 'delivered', seenAt: null });
    // No frame says the owner opened it: the timing would tell what the setting hides.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statusFrames(visitorSocket).length).toBe(framesBefore);
  });

  it('the owner answers with one tap and in words; the visitor sees both and answers in the same conversation', async () => {
    const message = await visitorWrites('Your car is blocking my driveway');
    const visitorSocket = await socketOf(message.cookie);
    const tap = (code: unknown, cookie = owner.cookie, id = message.conversationId) =>
      call(t.app, 'POST', `/api/conversations/${id}/status`, { cookie, body: { code } });

    for (const code of ['', 'on-my-way', 'ON_MY_WAY']) {
      const bad = await tap(code);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(statusTexts.unknownStatus);
    }
    for (const code of [42, null, ['on_my_way']]) {
      expect((await tap(code)).statusCode).toBe(400);
    }
    const stranger = await createVerifiedUser(t);
    expect((await tap('on_my_way', stranger.cookie)).statusCode).toBe(404);
    expect((await tap('on_my_way', owner.cookie, 'no-such-conversation')).statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/conversations/${message.conversationId}/status`, {
          body: { code: 'moved' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await statusOf(message.id, message.cookie)).json().ownerStatus).toBeNull();

    const onMyWay = await tap('on_my_way');
    expect(onMyWay.statusCode).toBe(200);
    const at = new Date(t.clock.now()).toISOString();
    expect(onMyWay.json()).toEqual({
      message: statusTexts.statusSaved,
      ownerStatus: { code: 'on_my_way', text: ownerStatusTexts.on_my_way, at },
    });
    await expect
      .poll(() => statusFrames(visitorSocket))
      .toContainEqual({ type: 'message_status', conversationId: message.conversationId, messageId: null });
    expect((await statusOf(message.id, message.cookie)).json().ownerStatus).toEqual({
      code: 'on_my_way',
      text: 'On my way',
      at,
    });
    const [listed] = (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie }))
      .json()
      .filter((c: { id: string }) => c.id === message.conversationId);
    expect(listed).toMatchObject({ canReply: true, ownerStatus: { code: 'on_my_way', at } });

    // The owner replies in words: the visitor's page has it.
    const framesBefore = statusFrames(visitorSocket).length;
    const reply = await call(t.app, 'POST', `/api/conversations/${message.conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Coming down now' },
    });
    expect(reply.statusCode).toBe(201);
    await expect.poll(() => statusFrames(visitorSocket).length).toBeGreaterThan(framesBefore);
    const withReply = (await statusOf(message.id, message.cookie)).json();
    expect(withReply.replies).toEqual([
      { id: reply.json().id, content: 'Coming down now', createdAt: reply.json().createdAt },
    ]);

    // The visitor answers by writing to the vehicle again: the same conversation, both ways.
    const answer = await visitorWrites('Thank you!', message.cookie);
    expect(answer.conversationId).toBe(message.conversationId);
    const thread = (await statusOf(message.id, message.cookie)).json().thread;
    expect(thread.map((m: { content: string; isMine: boolean }) => [m.content, m.isMine])).toEqual([
      ['Coming down now', false],
      ['Thank you!', true],
    ]);
    const ownerView = (
      await call(t.app, 'GET', `/api/conversations/${message.conversationId}/messages`, {
        cookie: owner.cookie,
      })
    ).json();
    expect(ownerView.map((m: { content: string }) => m.content)).toEqual([
      'Your car is blocking my driveway',
      'Coming down now',
      'Thank you!',
    ]);

    // A later tap replaces the earlier one; the sender of the conversation cannot tap.
    t.clock.advance(60_000);
    expect((await tap('moved')).json().ownerStatus.text).toBe('Moved, thanks');
    const sender = await createVerifiedUser(t);
    const fromAccount = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Hi' },
    });
    const refused = await tap('on_my_way', sender.cookie, fromAccount.json().conversationId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(statusTexts.onlyTheOwner);
  });

  it('notify again: refused before 10 minutes with Retry-After, accepted once after, refused after; the reminder push: push.reminder.test.ts', async () => {
    const subscribed = await createVerifiedUser(t);
    const subscribedVehicle = await buildVehicle(t.app, subscribed.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: subscribedVehicle.id, content: 'Your lights are on' },
    });
    const id = sent.json().id as string;
    const cookie = visitorCookieOf(sent);
    const notify = () => call(t.app, 'POST', `/api/messages/${id}/notify-again`, { cookie });

    const early = await notify();
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe(String(NOTIFY_AGAIN_AFTER_MS / 1000));
    expect(early.json()).toEqual({
      message: statusTexts.notifyAgainTooEarly,
      code: ErrorCode.notifyAgainTooEarly,
    });
    const before = (await statusOf(id, cookie)).json();
    expect(before).toMatchObject({
      canNotifyAgain: false,
      notifyAgainAt: new Date(Date.parse(before.createdAt) + NOTIFY_AGAIN_AFTER_MS).toISOString(),
    });

    t.clock.advance(NOTIFY_AGAIN_AFTER_MS - 1000);
    expect((await notify()).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await statusOf(id, cookie)).json().canNotifyAgain).toBe(true);
    const accepted = await notify();
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ message: statusTexts.notifiedAgain });
    expect((await statusOf(id, cookie)).json()).toMatchObject({ canNotifyAgain: false, notifyAgainAt: null });

    const again = await notify();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: statusTexts.notifyAgainUsed, code: ErrorCode.notifyAgainUsed });
  });

  it('notify again is refused once the owner answered, replied or (visibly) saw it', async () => {
    const answered = await visitorWrites('One');
    await call(t.app, 'POST', `/api/conversations/${answered.conversationId}/status`, {
      cookie: owner.cookie,
      body: { code: 'five_minutes' },
    });
    t.clock.advance(NOTIFY_AGAIN_AFTER_MS);
    const refused = await call(t.app, 'POST', `/api/messages/${answered.id}/notify-again`, {
      cookie: answered.cookie,
    });
    expect(refused.statusCode).toBe(409);

    const seen = await visitorWrites('Two');
    await call(t.app, 'PATCH', `/api/conversations/${seen.conversationId}/read`, {
      cookie: owner.cookie,
      body: {},
    });
    t.clock.advance(NOTIFY_AGAIN_AFTER_MS);
    expect((await statusOf(seen.id, seen.cookie)).json()).toMatchObject({
      state: 'seen',
      notifyAgainAt: null,
    });
    expect(
      (await call(t.app, 'POST', `/api/messages/${seen.id}/notify-again`, { cookie: seen.cookie }))
        .statusCode,
    ).toBe(409);
  });

  it('a socket without a session or a visitor cookie is still refused', async () => {
    const client = await connect(url, { origin: TEST_ORIGIN });
    sockets.push(client);
    expect((await client.closed).code).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
  });

  it('never tells the visitor who the owner is, in any answer or frame', async () => {
    const message = await visitorWrites('Your lights are on');
    const visitorSocket = await socketOf(message.cookie);
    await call(t.app, 'POST', `/api/conversations/${message.conversationId}/status`, {
      cookie: owner.cookie,
      body: { code: 'on_my_way' },
    });
    await call(t.app, 'POST', `/api/conversations/${message.conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Be right there' },
    });
    await call(t.app, 'PATCH', `/api/conversations/${message.conversationId}/read`, {
      cookie: owner.cookie,
      body: {},
    });
    await expect.poll(() => statusFrames(visitorSocket).length).toBeGreaterThan(1);
    const ownerId = (await call(t.app, 'GET', '/api/auth/user', { cookie: owner.cookie })).json()
      .id as string;
    const everything = JSON.stringify([
      (await statusOf(message.id, message.cookie)).json(),
      visitorSocket.events,
    ]);
    for (const secret of [owner.email, owner.email.split('@')[0] as string, ownerId, 'Ottoline', 'Wexford']) {
      expect(everything).not.toContain(secret);
    }
    // Nor the owner who the visitor is: no cookie hash in the owner's list or messages.
    const hash = (
      await t.db
        .selectFrom('conversations')
        .select('visitorTwoHash')
        .where('id', '=', message.conversationId)
        .executeTakeFirstOrThrow()
    ).visitorTwoHash as string;
    const ownerSees = JSON.stringify([
      (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json(),
      (
        await call(t.app, 'GET', `/api/conversations/${message.conversationId}/messages`, {
          cookie: owner.cookie,
        })
      ).json(),
    ]);
    expect(ownerSees).not.toContain(hash);
    expect(ownerSees).not.toContain(message.cookie.split('=')[1]);
  });

  it('asks for the sender in the SQL itself: the owner, another visitor and nobody find nothing', async () => {
    const message = await visitorWrites('Your tyre is flat');
    const row = await t.db
      .selectFrom('conversations')
      .select(['ownerOneId', 'visitorTwoHash'])
      .where('id', '=', message.conversationId)
      .executeTakeFirstOrThrow();
    const repo = createStatusRepo(t.db);
    const visitor = { userId: null, visitorHash: row.visitorTwoHash };
    expect(await repo.findMessageWithConversation(visitor, message.id)).toMatchObject({ id: message.id });
    for (const asker of [
      { userId: row.ownerOneId, visitorHash: null },
      { userId: null, visitorHash: 'another-visitor' },
      { userId: null, visitorHash: null },
    ]) {
      expect(await repo.findMessageWithConversation(asker, message.id)).toBeUndefined();
      expect(await repo.markNotifiedAgain(asker, message.id, t.clock.now())).toBe(false);
    }
    const stillUnnoted = await t.db
      .selectFrom('messages')
      .select('notifiedAgainAt')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(stillUnnoted.notifiedAgainAt).toBeNull();
    expect(await repo.markNotifiedAgain(visitor, message.id, t.clock.now())).toBe(true);
  });
});
