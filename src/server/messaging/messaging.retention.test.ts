import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RETENTION_MS, messageTexts } from '../../shared/messaging/messages.contract.js';
import { type LimitedHit, MemoryRateLimitStore } from '../rate-limit/rate-limiter.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('24-hour retention on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const rows = async (table: 'messages' | 'conversations' | 'idempotencyKeys') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('returns nothing older than 24 hours anywhere, and the job deletes it, keeping the rest', async () => {
    // Remembered sign-ins: a browser session would end with the day this test lets pass.
    const remembered = async () => {
      const user = await createVerifiedUser(t);
      const login = await call(t.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password, rememberMe: true },
      });
      return { ...user, cookie: sessionCookieFrom(login) };
    };
    const owner = await remembered();
    const sender = await remembered();
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const secret = 'SECRET-OLD-MESSAGE-TEXT';
    const old = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      headers: { 'idempotency-key': 'old' },
      body: { vehicleId: vehicle.id, content: secret },
    });
    const conversationId = old.json().conversationId;
    t.clock.advance(MESSAGE_RETENTION_MS - 60_000);
    const visitor = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Fresh' },
    });
    t.clock.advance(60_001);

    // Past 24 hours: no endpoint returns the old message, the unread count included.
    const conversations = (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json();
    expect(conversations.map((c: { id: string }) => c.id)).toEqual([visitor.json().conversationId]);
    for (const cookie of [owner.cookie, sender.cookie]) {
      const answers = [
        await call(t.app, 'GET', '/api/conversations', { cookie }),
        await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie }),
        await call(t.app, 'GET', '/api/messages', { cookie }),
      ];
      for (const answer of answers) expect(answer.body).not.toContain(secret);
    }
    expect((await call(t.app, 'GET', '/api/messages/unread-count', { cookie: owner.cookie })).json()).toEqual(
      {
        count: 1,
      },
    );

    const before = { messages: await rows('messages'), conversations: await rows('conversations') };
    await t.app.jobs.runNow('message-retention');
    expect(await rows('messages')).toBe(before.messages - 1);
    expect(await rows('conversations')).toBe(before.conversations - 1);
    expect(await rows('idempotencyKeys')).toBe(0);
    // Running it again (as another instance would) changes nothing more.
    await Promise.all([t.app.jobs.runNow('message-retention'), t.app.jobs.runNow('message-retention')]);
    expect(await rows('messages')).toBe(before.messages - 1);

    if (engine === 'sqlite') {
      // No trace in the files within a few seconds: secure_delete overwrites the pages, the checkpoint
      // after the purge empties the log.
      const [main] = (await sql<{ file: string }>`pragma database_list`.execute(t.db)).rows;
      const file = main?.file ?? '';
      const holding = () =>
        [file, `${file}-wal`]
          .filter((part) => fs.existsSync(part) && fs.readFileSync(part).includes(secret))
          .map((part) => path.basename(part));
      await expect.poll(holding, { timeout: 10_000, interval: 100 }).toEqual([]);
    }
  });
});

describe.each(testEngines)('message abuse limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  it('allows 5 messages per 10 minutes to one vehicle and 30 per hour in all, per sender', async () => {
    const owner = await createVerifiedUser(t);
    const vehicles = await Promise.all(Array.from({ length: 7 }, () => buildVehicle(t.app, owner.cookie)));
    const [first] = vehicles;
    const send = (vehicleId: string, ip = '10.1.1.1') =>
      call(t.app, 'POST', '/api/messages/anonymous', { body: { vehicleId, content: 'Hi' }, ip });
    for (let n = 0; n < 5; n++) expect((await send(first?.id ?? '')).statusCode).toBe(201);
    const limited = await send(first?.id ?? '');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another sender is not affected; after ten minutes the first may write again.
    expect((await send(first?.id ?? '', '10.2.2.2')).statusCode).toBe(201);
    t.clock.advance(10 * 60_000 + 1);
    expect((await send(first?.id ?? '')).statusCode).toBe(201);

    // 30 per hour in all: 6 accepted so far from this sender (the one refused per vehicle is not counted).
    let accepted = 0;
    for (const vehicle of vehicles.slice(1)) {
      for (let n = 0; n < 5; n++) if ((await send(vehicle.id)).statusCode === 201) accepted++;
    }
    expect(accepted).toBe(30 - 6);
    expect((await send(vehicles[6]?.id ?? '', '10.1.1.1')).statusCode).toBe(429);
  });
});

describe.each(testEngines)('a reply racing the retention sweep on %s', (engine) => {
  /** Runs `beforeNextHit` once, when the next action is counted: between a reply's checks and its write. */
  class InterleavingStore extends MemoryRateLimitStore {
    beforeNextHit: (() => Promise<void>) | undefined;
    override async hitInTurn(hits: readonly LimitedHit[]) {
      const before = this.beforeNextHit;
      this.beforeNextHit = undefined;
      await before?.();
      return super.hitInTurn(hits);
    }
  }
  const store = new InterleavingStore();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimitStore: store });
  });
  afterAll(() => t.close());

  it('answers 404 and stores nothing when the sweep removes the conversation under the reply', async () => {
    // A remembered sign-in: a browser session would end with the day this test lets pass.
    const account = await createVerifiedUser(t);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: account.email, password: account.password, rememberMe: true },
    });
    const owner = { cookie: sessionCookieFrom(login) };
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sender = await createVerifiedUser(t);
    const fromAccount = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Window open' },
    });
    expect(fromAccount.statusCode).toBe(201);
    const conversationId = fromAccount.json().conversationId as string;
    t.clock.advance(MESSAGE_RETENTION_MS + 1000);

    store.beforeNextHit = () => t.app.jobs.runNow('message-retention');
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks' },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(messageTexts.conversationNotFound);
    const left = await t.db.selectFrom('messages').select('content').execute();
    expect(left).toEqual([]);
  });
});
