import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import { buildApp } from '../app.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore } from '../rate-limit/rate-limiter.js';
import { createTestDatabase, testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';
import { InboxAnswerCache } from './conversation-list.cache.js';
import { conversationsOfVehicle } from './inbox.repo.js';

/*
 * GET /api/conversations is answered from a per-user cache while the user's inbox version stands
 * (src/server/messaging/conversation-list.cache.ts). Each case reads the list first, so that a cached answer exists, then
 * changes something, and reads again: the change must show, on this instance and on another one that shares
 * the database (each instance keeps its own answers).
 */
describe.each(testEngines)('the conversation list stays current on %s', (engine) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let mailer: ReturnType<typeof createSmtpMailer>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    mailer = createSmtpMailer(t.mail.url, t.config.mailFrom);
    other = await buildApp({
      config: t.config,
      database: { db: t.db, engine, eraseSoon: () => undefined, close: async () => undefined },
      mailer,
      rateLimitStore: new MemoryRateLimitStore(t.clock.now),
      clock: t.clock.now,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    mailer.close();
    await t.close();
  });

  type Listed = {
    id: string;
    unreadCount: number;
    lastMessage: string | null;
    otherParty: { displayName?: string | null };
    vehicleOne: { displayName: string | null };
  };
  const listOn = async (app: typeof other, cookie: string): Promise<Listed[]> => {
    const response = await call(app, 'GET', '/api/conversations', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json();
  };
  /** The list as both instances answer it (they must agree). */
  const list = async (cookie: string) => {
    const here = await listOn(t.app, cookie);
    expect(await listOn(other, cookie)).toEqual(here);
    return here;
  };
  const send = (cookie: string | undefined, vehicleId: string, content: string, senderVehicleId?: string) =>
    call(t.app, 'POST', '/api/messages/anonymous', { cookie, body: { vehicleId, content, senderVehicleId } });

  /** An owner's vehicle and a signed-in sender who wrote to it once, as their vehicle. */
  async function pair() {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const target = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one' });
    const senderVehicle = await buildVehicle(t.app, sender.cookie, { displayName: 'Red one' });
    const sent = await send(sender.cookie, target.id, 'Your lights are on', senderVehicle.id);
    expect(sent.statusCode).toBe(201);
    t.clock.advance(1_000);
    return { owner, sender, target, senderVehicle, conversationId: sent.json().conversationId as string };
  }

  it('answers the same list again while nothing changes', async () => {
    const { owner } = await pair();
    const first = await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie });
    const second = await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie });
    expect(second.body).toBe(first.body);
    expect(first.json()).toHaveLength(1);
  });

  it('shows a new message, from a visitor and on another instance, to both sides', async () => {
    const { owner, sender, target, senderVehicle } = await pair();
    expect((await list(owner.cookie))[0]?.unreadCount).toBe(1);
    expect((await list(sender.cookie))[0]?.lastMessage).toBe('Your lights are on');

    // A second message on the other instance.
    const again = await call(other, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'And the door is open', senderVehicleId: senderVehicle.id },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await list(owner.cookie))[0]).toMatchObject({
      unreadCount: 2,
      lastMessage: 'And the door is open',
    });
    expect((await list(sender.cookie))[0]?.lastMessage).toBe('And the door is open');

    // A visitor's first message is a new conversation, at the top.
    t.clock.advance(1_000);
    expect((await send(undefined, target.id, 'Nice car')).statusCode).toBe(201);
    const owners = await list(owner.cookie);
    expect(owners.map((conversation) => conversation.lastMessage)).toEqual([
      'Nice car',
      'And the door is open',
    ]);
  });

  it('shows a reply, a read conversation, a deleted message and a deleted conversation', async () => {
    const { owner, sender, conversationId } = await pair();
    await list(owner.cookie);
    await list(sender.cookie);

    const replied = await call(other, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks!' },
    });
    expect(replied.statusCode).toBe(201);
    expect((await list(sender.cookie))[0]).toMatchObject({ lastMessage: 'Thanks!', unreadCount: 1 });
    expect((await list(owner.cookie))[0]).toMatchObject({ lastMessage: 'Thanks!', unreadCount: 1 });

    const read = await call(t.app, 'PATCH', `/api/conversations/${conversationId}/read`, {
      cookie: owner.cookie,
    });
    expect(read.statusCode).toBe(200);
    expect((await list(owner.cookie))[0]?.unreadCount).toBe(0);
    expect((await list(sender.cookie))[0]?.unreadCount).toBe(1);

    const deletedMessage = await call(t.app, 'DELETE', `/api/messages/${replied.json().id}`, {
      cookie: owner.cookie,
    });
    expect(deletedMessage.statusCode).toBe(200);
    expect((await list(sender.cookie))[0]).toMatchObject({
      lastMessage: 'Your lights are on',
      unreadCount: 0,
    });
    expect((await list(owner.cookie))[0]?.lastMessage).toBe('Your lights are on');

    const deleted = await call(other, 'DELETE', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await list(owner.cookie)).toEqual([]);
    expect(await list(sender.cookie)).toHaveLength(1);
  });

  it('answers each language its own words: a list read in English first reads German for a German app', async () => {
    const owner = await createVerifiedUser(t);
    const target = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one' });
    expect((await send(undefined, target.id, 'Your lights are on')).statusCode).toBe(201);
    const labelIn = async (language: string) => {
      const response = await call(t.app, 'GET', '/api/conversations', {
        cookie: owner.cookie,
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { otherParty: { label?: string } }[])[0]?.otherParty.label;
    };
    expect(await labelIn('en-US')).toBe('Anonymous visitor');
    expect(await labelIn('de-DE')).toBe('Anonymer Besucher');
    expect(await labelIn('en-US')).toBe('Anonymous visitor');
  });

  it('shows a vehicle renamed, on the other side’s list too', async () => {
    const { owner, sender, target, senderVehicle } = await pair();
    expect((await list(owner.cookie))[0]?.otherParty.displayName).toBe('Red one');
    expect((await list(sender.cookie))[0]?.otherParty.displayName).toBe('Blue one');

    const renamed = await call(other, 'PATCH', `/api/vehicles/${senderVehicle.id}`, {
      cookie: sender.cookie,
      body: vehicleBody({ licensePlate: senderVehicle.licensePlate, displayName: 'Red two' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list(owner.cookie))[0]?.otherParty.displayName).toBe('Red two');

    const ownRenamed = await call(t.app, 'PATCH', `/api/vehicles/${target.id}`, {
      cookie: owner.cookie,
      body: vehicleBody({ licensePlate: target.licensePlate, displayName: 'Blue two' }),
    });
    expect(ownRenamed.statusCode).toBe(200);
    expect((await list(sender.cookie))[0]?.otherParty.displayName).toBe('Blue two');
    expect((await list(owner.cookie))[0]?.vehicleOne.displayName).toBe('Blue two');
  });

  it('writes that bump the same users at once all succeed (no deadlock between their locks)', async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    const [a1, a2] = [await buildVehicle(t.app, a.cookie), await buildVehicle(t.app, a.cookie)];
    const [b1, b2] = [await buildVehicle(t.app, b.cookie), await buildVehicle(t.app, b.cookie)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, round) => [
        call(t.app, 'POST', '/api/messages/anonymous', {
          cookie: a.cookie,
          body: { vehicleId: round % 2 ? b1.id : b2.id, senderVehicleId: a1.id, content: `a ${round}` },
        }),
        call(other, 'POST', '/api/messages/anonymous', {
          cookie: b.cookie,
          body: { vehicleId: round % 2 ? a2.id : a1.id, senderVehicleId: b2.id, content: `b ${round}` },
        }),
        call(round % 2 ? t.app : other, 'PATCH', `/api/vehicles/${round % 2 ? a1.id : b2.id}`, {
          cookie: round % 2 ? a.cookie : b.cookie,
          body: vehicleBody({
            licensePlate: (round % 2 ? a1 : b2).licensePlate,
            displayName: `Renamed ${round}`,
          }),
        }),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode).filter((code) => code >= 300)).toEqual([]);
    const listed = await list(a.cookie);
    expect(listed.length).toBeGreaterThan(0);
    expect(await list(b.cookie)).toHaveLength(listed.length);
  });

  it('drops a conversation when its last message reaches 24 hours, with nothing written', async () => {
    // Signed in with "remember me": a browser session would end after a day without a refresh.
    const user = await createVerifiedUser(t);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password, rememberMe: true },
    });
    const owner = { cookie: sessionCookieFrom(login) };
    const target = await buildVehicle(t.app, owner.cookie);
    expect((await send(undefined, target.id, 'First one')).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await send(undefined, target.id, 'Later one')).statusCode).toBe(201);
    expect(await list(owner.cookie)).toHaveLength(2);
    // The first message leaves at 24 hours: its conversation goes, the later one stays.
    t.clock.advance(MESSAGE_RETENTION_MS - 60_000);
    expect((await list(owner.cookie)).map((conversation) => conversation.lastMessage)).toEqual(['Later one']);
    t.clock.advance(60_000);
    expect(await list(owner.cookie)).toEqual([]);
  });
});

describe('InboxAnswerCache', () => {
  const answer = (version: number, body: string, validUntil = 1_000) => ({ version, validUntil, body });

  it('answers only for the version it was made at, and until its time', () => {
    const cache = new InboxAnswerCache();
    cache.set('u1', answer(3, '[1]'));
    expect(cache.get('u1', 3, 999)).toBe('[1]');
    expect(cache.get('u1', 4, 0)).toBeUndefined();
    expect(cache.get('u1', 2, 0)).toBeUndefined();
    expect(cache.get('u1', 3, 1_000)).toBeUndefined();
    expect(cache.get('u2', 3, 0)).toBeUndefined();
  });

  it('keeps one answer per user, the latest', () => {
    const cache = new InboxAnswerCache();
    cache.set('u1', answer(1, '[1]'));
    cache.set('u1', answer(2, '[2]'));
    expect(cache.count).toBe(1);
    expect(cache.get('u1', 1, 0)).toBeUndefined();
    expect(cache.get('u1', 2, 0)).toBe('[2]');
  });

  it('forgets the least recently used answers beyond its budget, and never keeps one larger than it', () => {
    const cache = new InboxAnswerCache(10);
    cache.set('a', answer(1, '1234'));
    cache.set('b', answer(1, '1234'));
    expect(cache.get('a', 1, 0)).toBe('1234'); // a is now the most recently used
    cache.set('c', answer(1, '1234'));
    expect(cache.get('b', 1, 0)).toBeUndefined();
    expect(cache.get('a', 1, 0)).toBe('1234');
    expect(cache.get('c', 1, 0)).toBe('1234');
    cache.set('d', answer(1, '12345678901'));
    expect(cache.get('d', 1, 0)).toBeUndefined();
    expect(cache.count).toBe(2);
  });
});

// SQLite's planner is rule-based, so its plan for a statement is the same on an empty table and a full one;
// PostgreSQL's depends on the table's statistics (a small table is read whole on purpose).
describe('a vehicle edit on SQLite', () => {
  it('finds the vehicle’s conversations through its owner’s indexes, not by reading every conversation', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const query = conversationsOfVehicle(database.db, { id: 'vehicle', ownerId: 'owner' }).compile();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details).toContainEqual(expect.stringContaining('USING INDEX conversations_owner_one_idx'));
      expect(details).toContainEqual(expect.stringContaining('USING INDEX conversations_user_two_idx'));
      expect(details.filter((detail) => detail.startsWith('SCAN conversations'))).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
