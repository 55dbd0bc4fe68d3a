import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { createUnreadRepo } from './unread.repo.js';
import { UnreadCounts } from './unread-counts.js';

describe.each(testEngines)('unread counts kept by inbox version on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('counts from the database once, then carries the count from message to message', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const userId = (await call(t.app, 'GET', '/api/auth/user', { cookie: owner.cookie })).json().id as string;
    const repo = createUnreadRepo(t.db);
    let counted = 0;
    const counts = new UnreadCounts(async (id) => {
      counted += 1;
      return repo.countUnread(id, t.clock.now() - MESSAGE_RETENTION_MS);
    }, t.clock.now);
    const versionNow = async () =>
      Number(
        (
          await t.db
            .selectFrom('users')
            .select('inboxVersion')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow()
        ).inboxVersion,
      );
    /** A new visitor writes; answers what its announcement tells, with the version its commit left. */
    const receive = async () => {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Your lights are on' },
      });
      expect(sent.statusCode).toBe(201);
      return { inboxVersion: await versionNow(), isRecipient: true, createdAt: t.clock.now() };
    };
    const countAfter = (message: Awaited<ReturnType<typeof receive>>) =>
      counts.afterMessage(userId, message.inboxVersion, message);

    await receive();
    expect(await counts.at(userId, await versionNow())).toBe(1);
    t.clock.advance(1_000);
    expect(await counts.at(userId, await versionNow())).toBe(1);
    expect(counted).toBe(1);
    // Each message moves the version by one: counted on, not again.
    expect(await countAfter(await receive())).toBe(2);
    expect(await countAfter(await receive())).toBe(3);
    expect(counted).toBe(1);
    // Two messages, one announcement heard: a gap, counted again.
    await receive();
    expect(await countAfter(await receive())).toBe(5);
    expect(counted).toBe(2);
    // An announcement without versions: counted again.
    expect(await counts.afterMessage(userId, undefined, await receive())).toBe(6);
    expect(counted).toBe(3);
    // The oldest message reaches 24 hours: counted again, without it.
    t.clock.advance(MESSAGE_RETENTION_MS - 1_000 - 1);
    expect(await counts.at(userId, await versionNow())).toBe(6);
    t.clock.advance(1);
    expect(await counts.at(userId, await versionNow())).toBe(5);
    expect(counted).toBe(4);
  });

  it('keeps a bounded number of users, least recently used out', async () => {
    const counts = new UnreadCounts(
      async () => ({ count: 0, oldestAt: null, inboxVersion: 1 }),
      t.clock.now,
      2,
    );
    for (const userId of ['a', 'b', 'c']) await counts.recount(userId);
    expect(counts.size).toBe(2);
  });
});
