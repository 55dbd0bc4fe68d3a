import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { type Db, directReaderOf } from './index.js';
import { prepareQuery } from './prepared.js';

describe.each(testEngines)('prepared queries on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insertInto('idempotencyKeys')
      .values(
        ['a', 'b', 'c'].map((name, index) => ({
          senderKey: `sender-${name}`,
          idempotencyKey: name,
          response: `{"n":${index}}`,
          createdAt: index,
        })),
      )
      .execute();
  });
  afterAll(() => database.drop());

  const byKey = () =>
    prepareQuery((db: Db, args: { senderKey: string; createdAfter: number }) =>
      db
        .selectFrom('idempotencyKeys')
        .select(['idempotencyKey', 'response'])
        .where('senderKey', '=', args.senderKey)
        .where('createdAt', '>', args.createdAfter)
        .where('idempotencyKey', '!=', 'never'),
    );

  it('runs the query compiled once with each call’s own values, rows camel-cased', async () => {
    const query = byKey();
    expect(await query.first(database.db, { senderKey: 'sender-b', createdAfter: -1 })).toEqual({
      idempotencyKey: 'b',
      response: '{"n":1}',
    });
    expect(await query.rows(database.db, { senderKey: 'sender-c', createdAfter: 0 })).toEqual([
      { idempotencyKey: 'c', response: '{"n":2}' },
    ]);
    // The same arguments another time, and a value the row does not pass.
    expect(await query.first(database.db, { senderKey: 'sender-b', createdAfter: 1 })).toBeUndefined();
    expect(await query.first(database.db, { senderKey: 'sender-a', createdAfter: -1 })).toMatchObject({
      idempotencyKey: 'a',
    });
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const query = byKey();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('idempotencyKeys')
          .values({ senderKey: 'sender-d', idempotencyKey: 'd', response: '{}', createdAt: 5 })
          .execute();
        expect(await query.first(trx, { senderKey: 'sender-d', createdAfter: 0 })).toEqual({
          idempotencyKey: 'd',
          response: '{}',
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await query.first(database.db, { senderKey: 'sender-d', createdAfter: 0 })).toBeUndefined();
  });

  it('refuses an argument that does not reach the SQL as one whole value', async () => {
    const query = prepareQuery((db: Db, args: { senderKey: string }) =>
      db.selectFrom('idempotencyKeys').selectAll().where('senderKey', 'like', `%${args.senderKey}`),
    );
    await expect(query.first(database.db, { senderKey: 'a' })).rejects.toThrow(/changed its argument/);
  });

  it('never reads another caller’s uncommitted rows (on SQLite, the read waits for its transaction)', async () => {
    const query = byKey();
    const trx = await database.db.startTransaction().execute();
    let read: Promise<unknown> | undefined;
    try {
      await trx
        .insertInto('idempotencyKeys')
        .values({ senderKey: 'sender-e', idempotencyKey: 'e', response: '{}', createdAt: 5 })
        .execute();
      read = query.first(database.db, { senderKey: 'sender-e', createdAfter: 0 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await trx.rollback().execute();
    }
    expect(await read).toBeUndefined();
  });
});

describe('prepared reads on SQLite outside a transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.drop());

  it('run at once on the connection and answer the rows Kysely answers', async () => {
    const row = {
      senderKey: 'sender-x',
      idempotencyKey: 'x_1',
      response: '{"n":1}',
      createdAt: 1_700_000_000_123,
    };
    await database.db.insertInto('idempotencyKeys').values(row).execute();
    const query = prepareQuery((db: Db, args: { senderKey: string }) =>
      db
        .selectFrom('idempotencyKeys')
        .select(['senderKey', 'idempotencyKey', 'response', 'createdAt'])
        .select((eb) => eb.fn.countAll<number>().over().as('rowCount'))
        .where('senderKey', '=', args.senderKey),
    );
    expect(directReaderOf(database.db)).toBeDefined();
    const direct = await query.rows(database.db, { senderKey: 'sender-x' });
    const throughKysely = await database.db
      .transaction()
      .execute((trx) => query.rows(trx, { senderKey: 'sender-x' }));
    expect(direct).toEqual([{ ...row, rowCount: 1 }]);
    expect(direct).toEqual(throughKysely);
  });
});
