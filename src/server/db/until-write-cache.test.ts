import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { writeCountOf } from './index.js';
import { untilWriteCache } from './until-write-cache.js';

const key = (name: string) => ({
  senderKey: 'until-write',
  idempotencyKey: name,
  response: '{}',
  createdAt: 1,
});

describe('reads kept until a write, on SQLite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.drop());

  const countOf = (name: string) =>
    database.db
      .selectFrom('idempotencyKeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotencyKey', '=', name)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  it('counts every statement that may change data, and no read', async () => {
    const writes = writeCountOf(database.db);
    if (!writes) throw new Error('an SQLite database held alone has a write count');
    const before = writes();
    await countOf('a');
    await database.db.selectFrom('users').selectAll().execute();
    expect(writes()).toBe(before);
    await database.db.insertInto('idempotencyKeys').values(key('a')).execute();
    expect(writes()).toBe(before + 1);
    // A change that changes no row still counts: what it would change is not guessed.
    await database.db.deleteFrom('idempotencyKeys').where('idempotencyKey', '=', 'none').execute();
    await database.db
      .updateTable('idempotencyKeys')
      .set({ response: '[]' })
      .where('idempotencyKey', '=', 'a')
      .execute();
    await sql`delete from idempotency_keys where idempotency_key = ${'a'}`.execute(database.db);
    expect(writes()).toBe(before + 4);
    // A change inside a transaction counts when it runs, before its commit.
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('idempotencyKeys').values(key('b')).execute();
      expect(writes()).toBe(before + 5);
    });
  });

  it('keeps a value until the next write, and reads again after it', async () => {
    const cache = untilWriteCache<number>(database.db, 10);
    if (!cache) throw new Error('an SQLite database held alone has a cache');
    let reads = 0;
    const read = () => {
      reads += 1;
      return countOf('c');
    };
    expect(await cache.load('c', read)).toBe(0);
    expect(cache.get('c')).toBe(0);
    expect(cache.get('other')).toBeUndefined();
    await database.db.insertInto('idempotencyKeys').values(key('c')).execute();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('c') ?? (await cache.load('c', read))).toBe(1);
    expect(cache.get('c')).toBe(1);
    expect(reads).toBe(2);
  });

  it('does not keep a value read while a write ran, nor a value not found', async () => {
    const cache = untilWriteCache<number>(database.db, 10);
    if (!cache) throw new Error('an SQLite database held alone has a cache');
    // The write runs while the read waits (as a read queued behind another request's transaction does).
    const raced = await cache.load('d', async () => {
      const seen = await countOf('d');
      await database.db.insertInto('idempotencyKeys').values(key('d')).execute();
      return seen;
    });
    expect(raced).toBe(0);
    expect(cache.get('d')).toBeUndefined();
    expect(await cache.load('missing', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its capacity, the oldest out first', async () => {
    const cache = untilWriteCache<string>(database.db, 2);
    if (!cache) throw new Error('an SQLite database held alone has a cache');
    for (const name of ['e', 'f', 'g']) await cache.load(name, async () => name);
    expect(cache.size).toBe(2);
    expect([cache.get('e'), cache.get('f'), cache.get('g')]).toEqual([undefined, 'f', 'g']);
  });

  it('has no cache on a transaction, whose reads see its own changes', async () => {
    await database.db.transaction().execute(async (trx) => {
      expect(writeCountOf(trx)).toBeUndefined();
      expect(untilWriteCache(trx, 10)).toBeUndefined();
    });
  });
});

describe('reads are not kept where the database has other writers', () => {
  it('in normal locking mode (other programs may write the file)', async () => {
    const database = await createTestDatabase('sqlite', undefined, { sqliteLockingMode: 'normal' });
    try {
      expect(writeCountOf(database.db)).toBeUndefined();
      expect(untilWriteCache(database.db, 10)).toBeUndefined();
    } finally {
      await database.drop();
    }
  });

  it.each(testEngines.filter((engine) => engine === 'postgres'))(
    'on PostgreSQL (other instances write it)',
    async (engine) => {
      const database = await createTestDatabase(engine);
      try {
        expect(writeCountOf(database.db)).toBeUndefined();
        expect(untilWriteCache(database.db, 10)).toBeUndefined();
      } finally {
        await database.drop();
      }
    },
  );
});
