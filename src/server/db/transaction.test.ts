import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { type Db, openSqlite, WAL_CHECKPOINT_PAGES } from './index.js';
import { createGroupCommit, createTransaction, type TransactionScope } from './transaction.js';

describe('group commit on SQLite', () => {
  let database: TestDatabase;
  /** A second connection to the same file: it sees only what is committed. */
  let observer: SqliteDatabase.Database;
  beforeAll(async () => {
    // `normal`: the observer may read the file while the handle is open.
    database = await createTestDatabase('sqlite', undefined, { sqliteLockingMode: 'normal' });
    observer = new SqliteDatabase(path.join(database.serverEnv.DATA_DIR as string, 'app.db'), {
      readonly: true,
    });
  });
  afterAll(async () => {
    observer.close();
    await database.drop();
  });

  const key = (name: string) => ({
    senderKey: 'group-commit',
    idempotencyKey: name,
    response: '{}',
    createdAt: 1,
  });
  const committed = (name: string) =>
    observer
      .prepare('select count(*) as n from idempotency_keys where sender_key = ? and idempotency_key = ?')
      .get('group-commit', name) as { n: number };

  it('commits concurrent changes together, undoes a failing one alone, answers each after its commit', async () => {
    const transaction = createGroupCommit(database.db, (db: Db) => db);
    const seenUncommitted: string[] = [];
    const answeredCommitted: boolean[] = [];
    const change = (name: string, fail = false) =>
      transaction(async (db) => {
        // A change after the first of its group runs in the same open transaction: the first's row is
        // not on disk yet.
        if (name !== 'c0' && committed('c0').n === 0) seenUncommitted.push(name);
        await db.insertInto('idempotencyKeys').values(key(name)).execute();
        if (fail) throw new Error(`${name} failed`);
        return name;
      }).then((value) => {
        answeredCommitted.push(committed(name).n === 1);
        return value;
      });

    const results = await Promise.allSettled([
      change('c0'),
      change('c1'),
      change('c2', true),
      change('c3'),
      change('c4'),
    ]);

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('c2 failed'));
    expect(['c0', 'c1', 'c2', 'c3', 'c4'].map((name) => committed(name).n)).toEqual([1, 1, 0, 1, 1]);
    expect(answeredCommitted).toEqual([true, true, true, true]);
    // Grouped: the later changes ran while the first was still uncommitted, in its transaction.
    expect(seenUncommitted).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('runs a change’s after-commit work once it is on disk, and never for a change undone alone', async () => {
    const transaction = createGroupCommit(database.db, (db: Db, scope: TransactionScope) => ({ db, scope }));
    const ran: { name: string; onDisk: boolean }[] = [];
    const change = (name: string, fail = false) =>
      transaction(async ({ db, scope }) => {
        await db.insertInto('idempotencyKeys').values(key(name)).execute();
        scope.afterCommit(() => ran.push({ name, onDisk: committed(name).n === 1 }));
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([change('a0'), change('a1', true), change('a2')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(ran).toEqual([
      { name: 'a0', onDisk: true },
      { name: 'a2', onDisk: true },
    ]);
  });

  it('fails every change of a group whose commit fails, and keeps none of them', async () => {
    const transaction = createGroupCommit(database.db, (db: Db) => db);
    const results = await Promise.allSettled([
      transaction((db) => db.insertInto('idempotencyKeys').values(key('d0')).execute()),
      // A change that ends the transaction under the group: its commit then fails.
      transaction(async (db) => {
        await db.insertInto('idempotencyKeys').values(key('d1')).execute();
        await sql`rollback`.execute(db);
      }),
    ]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect([committed('d0').n, committed('d1').n]).toEqual([0, 0]);
    // The next group works.
    await transaction((db) => db.insertInto('idempotencyKeys').values(key('d2')).execute());
    expect(committed('d2').n).toBe(1);
  });

  it('answers a group once its log is on disk, and writes the next group meanwhile', async () => {
    const flushes: Array<{ release: () => void }> = [];
    // The database's own flush, held until the test lets it go.
    const syncLog = () =>
      new Promise<void>((resolve, reject) => {
        flushes.push({ release: () => database.syncLog?.().then(resolve, reject) });
      });
    const transaction = createGroupCommit(database.db, (db: Db) => db, syncLog);
    const answered: string[] = [];
    const change = (name: string) =>
      transaction((db) => db.insertInto('idempotencyKeys').values(key(name)).execute()).then(() => {
        answered.push(name);
      });

    const first = change('s0');
    await vi.waitFor(() => expect(flushes).toHaveLength(1));
    // Committed (another connection reads it), not answered: its flush has not returned.
    expect(committed('s0').n).toBe(1);
    const second = change('s1');
    await vi.waitFor(() => expect(flushes).toHaveLength(2));
    expect(committed('s1').n).toBe(1);
    expect(answered).toEqual([]);
    // Every other write of the connection waits for the disk again.
    expect(await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db)).toMatchObject({
      rows: [{ synchronous: 2 }],
    });

    flushes[1]?.release();
    await second;
    expect(answered).toEqual(['s1']);
    flushes[0]?.release();
    await first;
    expect(answered).toEqual(['s1', 's0']);
  });

  it('fails the changes of a group whose log cannot be flushed', async () => {
    const transaction = createGroupCommit(
      database.db,
      (db: Db) => db,
      () => Promise.reject(new Error('EIO: i/o error, fdatasync')),
    );
    await expect(
      transaction((db) => db.insertInto('idempotencyKeys').values(key('f0')).execute()),
    ).rejects.toThrow('EIO');
  });

  it('keeps a group’s savepoints in memory, and copies the log into the database in large steps', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
    expect(await pragma('temp_store')).toBe(2); // MEMORY
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_CHECKPOINT_PAGES);
  });

  it('flushes the log of a database file, and has none to flush in memory', async () => {
    await expect(database.syncLog?.()).resolves.toBeUndefined();
    const memory = openSqlite(':memory:');
    expect(memory.syncLog).toBeUndefined();
    await memory.close();
  });
});

describe.each(testEngines)('after-commit work of a plain transaction on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const isStored = async (name: string) =>
    (await database.db
      .selectFrom('idempotencyKeys')
      .select('idempotencyKey')
      .where('senderKey', '=', 'after-commit')
      .where('idempotencyKey', '=', name)
      .executeTakeFirst()) !== undefined;

  it('runs after the commit, before the caller is answered; never when the change rolls back', async () => {
    const transaction = createTransaction(database.db, (db: Db, scope: TransactionScope) => ({ db, scope }));
    const ran: { name: string; stored: Promise<boolean> }[] = [];
    const change = (name: string, fail = false) =>
      transaction(async ({ db, scope }) => {
        await db
          .insertInto('idempotencyKeys')
          .values({ senderKey: 'after-commit', idempotencyKey: name, response: '{}', createdAt: 1 })
          .execute();
        // Read on another connection once it runs: committed rows only.
        scope.afterCommit(() => ran.push({ name, stored: isStored(name) }));
        expect(ran.map((entry) => entry.name)).not.toContain(name);
        if (fail) throw new Error(`${name} failed`);
      });
    await change('b0');
    expect(ran.map((entry) => entry.name)).toEqual(['b0']);
    await expect(change('b1', true)).rejects.toThrow('b1 failed');
    expect(ran.map((entry) => entry.name)).toEqual(['b0']);
    expect(await ran[0]?.stored).toBe(true);
    expect(await isStored('b1')).toBe(false);
  });
});
