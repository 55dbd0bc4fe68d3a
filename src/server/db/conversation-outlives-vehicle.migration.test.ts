import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { insertOwnerWithVehicle } from '../test/factories.js';
import { uniqueEmail } from '../test/test-app.js';
import { migrateTo, migrateToLatest } from './migrate.js';

const BEFORE = '2026-11-28-0016-finder-side';

/**
 * Migration 0019 (decision 0152): side one of a conversation may be emptied when its owner deletes their
 * account. SQLite rebuilds the table: every conversation, message and fallback mark is still there, and the
 * foreign keys still hold and cascade.
 */
describe.each(testEngines)('the conversation-outlives-vehicle migration on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  /** A conversation written to the owner's vehicle, with a message of each side and a fallback mark. */
  async function conversationWithMessages(tag: string) {
    const { db } = database;
    const { ownerId, vehicleId } = await insertOwnerWithVehicle(db, {
      email: uniqueEmail(tag),
      licensePlate: `MIG-${tag}`,
      qrCode: `migration-${tag}`,
    });
    const conversationId = `conversation-${tag}`;
    await db
      .insertInto('conversations')
      .values({
        id: conversationId,
        partyKey: `${vehicleId}|visitor-${tag}`,
        vehicleOneId: vehicleId,
        ownerOneId: ownerId,
        vehicleTwoId: null,
        userTwoId: null,
        visitorTwoHash: `visitor-${tag}`,
        visitorTwoNetwork: `network-${tag}`,
        oneClearedAt: 0,
        twoClearedAt: 0,
        createdAt: 1_000,
        lastMessageAt: 2_000,
        ownerStatus: 'on_my_way',
        ownerStatusAt: 2_000,
      })
      .execute();
    for (const [side, at] of [
      ['two', 1_000],
      ['one', 2_000],
    ] as const) {
      await db
        .insertInto('messages')
        .values({
          id: `message-${tag}-${side}`,
          conversationId,
          senderSide: side,
          senderVehicleId: null,
          content: `Side ${side} of ${tag}`,
          isRead: 0,
          createdAt: at,
        })
        .execute();
    }
    await db.insertInto('fallbackMails').values({ conversationId, mailedAt: 1_500 }).execute();
    return { ownerId, vehicleId, conversationId };
  }

  const rowsOf = async (conversationId: string) => ({
    conversation: await database.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirst(),
    messages: (
      await database.db
        .selectFrom('messages')
        .select('content')
        .where('conversationId', '=', conversationId)
        .orderBy('createdAt')
        .execute()
    ).map((row) => row.content),
    fallbackMails: await database.db
      .selectFrom('fallbackMails')
      .select('mailedAt')
      .where('conversationId', '=', conversationId)
      .execute(),
  });

  const indexNames = async () => {
    const indexes =
      engine === 'sqlite'
        ? await sql<{ name: string }>`
            select name from sqlite_master where type = 'index' and tbl_name = 'conversations'`.execute(
            database.db,
          )
        : await sql<{ name: string }>`
            select indexname as name from pg_indexes where tablename = 'conversations'`.execute(database.db);
    return indexes.rows.map((row) => row.name);
  };

  it('keeps every conversation, message and fallback mark, down and up again', async () => {
    const kept = await conversationWithMessages('kept');
    const outlived = await conversationWithMessages('outlived');
    await database.db
      .updateTable('conversations')
      .set({ ownerOneId: null, vehicleOneId: null, partyKey: `deleted:${outlived.conversationId}` })
      .where('id', '=', outlived.conversationId)
      .execute();
    const before = await rowsOf(kept.conversationId);
    expect(before.messages).toEqual(['Side two of kept', 'Side one of kept']);

    // Down: a conversation without an owner cannot be kept; the others are, whole.
    await migrateTo(database.db, BEFORE);
    expect(await rowsOf(kept.conversationId)).toEqual(before);
    expect(await rowsOf(outlived.conversationId)).toEqual({
      conversation: undefined,
      messages: [],
      fallbackMails: [],
    });
    await expect(
      database.db
        .updateTable('conversations')
        .set({ ownerOneId: null })
        .where('id', '=', kept.conversationId)
        .execute(),
    ).rejects.toThrow(/null/i);

    // What another migration may have added to the table before this one runs is kept.
    await sql`alter table conversations add column probe text`.execute(database.db);
    await sql`create index conversations_probe_idx on conversations (probe)`.execute(database.db);
    await sql`update conversations set probe = 'kept' where id = ${kept.conversationId}`.execute(database.db);

    await migrateToLatest(database.db);
    const probe = await sql<{ probe: string | null }>`
      select probe from conversations where id = ${kept.conversationId}`.execute(database.db);
    expect(probe.rows).toEqual([{ probe: 'kept' }]);
    expect(await indexNames()).toContain('conversations_probe_idx');
    await sql`drop index conversations_probe_idx`.execute(database.db);
    await sql`alter table conversations drop column probe`.execute(database.db);
    expect(await rowsOf(kept.conversationId)).toEqual(before);
    // Side one can be emptied now, and the sender's side stays.
    await database.db
      .updateTable('conversations')
      .set({ ownerOneId: null, vehicleOneId: null })
      .where('id', '=', kept.conversationId)
      .execute();
    expect((await rowsOf(kept.conversationId)).messages).toEqual(before.messages);
  });

  it('keeps the foreign keys: on, checked, and cascading as before', async () => {
    const { ownerId, conversationId } = await conversationWithMessages('cascade');
    if (engine === 'sqlite') {
      const on = await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(database.db);
      expect(on.rows[0]?.foreignKeys).toBe(1);
      expect((await sql`pragma foreign_key_check`.execute(database.db)).rows).toEqual([]);
    }
    await expect(
      database.db
        .updateTable('conversations')
        .set({ vehicleOneId: 'no-such-vehicle' })
        .where('id', '=', conversationId)
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    // An account deleted any other way than messaging's detaching still takes its conversations.
    await database.db.deleteFrom('vehicles').where('ownerId', '=', ownerId).execute();
    expect(await rowsOf(conversationId)).toEqual({
      conversation: undefined,
      messages: [],
      fallbackMails: [],
    });
  });

  it('keeps the participants’ indexes', async () => {
    const names = await indexNames();
    expect(names).toEqual(
      expect.arrayContaining(['conversations_owner_one_idx', 'conversations_user_two_idx']),
    );
  });
});
