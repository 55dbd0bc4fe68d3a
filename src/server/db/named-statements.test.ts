import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { isUniqueViolation, openPostgres } from './index.js';
import { namedStatements } from './named-statements.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) process.stdout.write('SKIPPED: named statement tests (TEST_DATABASE_URL is not set)\n');

interface Prepared {
  name: string;
  statement: string;
  runs: number;
}

/** The statements `client`'s connection holds prepared (protocol-level, by name), with their runs. */
async function preparedOn(client: pg.ClientBase): Promise<Prepared[]> {
  const { rows } = await client.query<Prepared>(
    `select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
     where from_sql = false order by statement`,
  );
  return rows;
}

describe.runIf(databaseUrl)('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let url: string;
  let client: pg.Client;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', databaseUrl);
    url = database.serverEnv.DATABASE_URL as string;
    await database.close();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  beforeEach(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await admin.query('create table if not exists "scratch" ("id" int primary key)');
    await admin.query('truncate "scratch"');
  });
  afterEach(async () => {
    await client.end();
    await admin.query('drop table if exists "scratch"');
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  it('prepares a text on its second run, once per connection, and runs it prepared after', async () => {
    const statements = namedStatements();
    const text = 'select $1::int + 1 as "next"';
    const answers = [];
    for (const value of [1, 2, 3, 4]) answers.push((await statements.query(client, text, [value])).rows);
    expect(answers).toEqual([[{ next: 2 }], [{ next: 3 }], [{ next: 4 }], [{ next: 5 }]]);
    // The first run unnamed; the second parsed it under its name; all three named runs executed that one.
    const prepared = await preparedOn(client);
    expect(prepared).toEqual([{ name: expect.stringMatching(/^q[\w-]{22}$/), statement: text, runs: 3 }]);
    // Another connection: the same name, prepared there at its own first run of the text.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await statements.query(other, text, [5]);
      expect(await preparedOn(other)).toEqual([{ ...prepared[0], runs: 1 }]);
    } finally {
      await other.end();
    }
  });

  it('never prepares a text run once (a migration’s, an IN list of a rare length)', async () => {
    const statements = namedStatements();
    await statements.query(client, 'select $1::int as "one"', [1]);
    await statements.query(client, 'select $1::int as "one", $2::int as "two"', [1, 2]);
    expect(await preparedOn(client)).toEqual([]);
  });

  it('keeps at most perConnection names on a connection; a text beyond them runs unnamed', async () => {
    const statements = namedStatements({ perConnection: 3 });
    const texts = Array.from({ length: 5 }, (_, index) => `select $1::int + ${index} as "value"`);
    for (const round of [1, 2, 3]) {
      for (const [index, text] of texts.entries()) {
        expect((await statements.query(client, text, [round])).rows).toEqual([{ value: round + index }]);
      }
    }
    const prepared = await preparedOn(client);
    expect(prepared.map((row) => row.statement)).toEqual(texts.slice(0, 3));
    expect(prepared.map((row) => row.runs)).toEqual([2, 2, 2]);
  });

  it('counts the runs of at most textsCounted texts; one first seen beyond them runs unnamed', async () => {
    const statements = namedStatements({ textsCounted: 2 });
    const texts = ['select 1 as "value"', 'select 2 as "value"', 'select 3 as "value"'];
    for (const _round of [1, 2]) for (const text of texts) await statements.query(client, text, []);
    expect((await preparedOn(client)).map((row) => row.statement)).toEqual(texts.slice(0, 2));
  });

  it('a named statement’s SQL error keeps its SQLSTATE, and the connection and the name stay good', async () => {
    const statements = namedStatements();
    const insert = 'insert into "scratch" ("id") values ($1)';
    await statements.query(client, insert, [1]);
    await statements.query(client, insert, [2]);
    const error = await statements.query(client, insert, [2]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect(isUniqueViolation(error)).toBe(true);
    await statements.query(client, insert, [3]);
    expect(await preparedOn(client)).toEqual([expect.objectContaining({ statement: insert, runs: 3 })]);
    expect(statements.isRetired(client)).toBe(false);
  });

  describe('a table whose columns change under a prepared statement (a migration by another instance)', () => {
    const selectAll = 'select * from "scratch" order by "id"';

    it('the control: pg alone answers that error on every later run of the name', async () => {
      await admin.query('insert into "scratch" ("id") values (1)');
      await client.query({ name: 'control', text: selectAll });
      await admin.query('alter table "scratch" add column "label" text');
      for (const _run of [1, 2]) {
        await expect(client.query({ name: 'control', text: selectAll })).rejects.toMatchObject({
          code: '0A000',
          message: 'cached plan must not change result type',
        });
      }
    });

    it('outside a transaction: run again unnamed, answered with the new columns; the connection retired', async () => {
      const statements = namedStatements();
      await admin.query('insert into "scratch" ("id") values (1)');
      await statements.query(client, selectAll, []);
      await statements.query(client, selectAll, []);
      expect(statements.isRetired(client)).toBe(false);
      await admin.query('alter table "scratch" add column "label" text');
      expect((await statements.query(client, selectAll, [])).rows).toEqual([{ id: 1, label: null }]);
      expect(statements.isRetired(client)).toBe(true);
      // Retired: every later statement on it runs unnamed.
      expect((await statements.query(client, selectAll, [])).rows).toEqual([{ id: 1, label: null }]);
      expect((await preparedOn(client)).map((row) => row.statement)).toEqual([selectAll]);
    });

    it('inside a transaction: the error is the transaction’s, and the connection retired', async () => {
      const statements = namedStatements();
      await statements.query(client, selectAll, []);
      await statements.query(client, selectAll, []);
      await admin.query('alter table "scratch" add column "label" text');
      await statements.query(client, 'begin', []);
      await expect(statements.query(client, selectAll, [])).rejects.toMatchObject({ code: '0A000' });
      expect(statements.isRetired(client)).toBe(true);
      await statements.query(client, 'rollback', []);
      expect((await statements.query(client, selectAll, [])).rows).toEqual([]);
    });

    it('through the app’s pool: the retired connection is closed at its release, the next is a new one', async () => {
      const handle = openPostgres(url);
      try {
        const backend = async () =>
          (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]?.pid;
        const rows = async () => (await sql.raw(selectAll).execute(handle.db)).rows;
        await admin.query('insert into "scratch" ("id") values (1)');
        expect(await rows()).toEqual([{ id: 1 }]);
        expect(await rows()).toEqual([{ id: 1 }]);
        const first = await backend();
        expect(await backend()).toBe(first);
        await admin.query('alter table "scratch" add column "label" text');
        expect(await rows()).toEqual([{ id: 1, label: null }]);
        expect(await backend()).not.toBe(first);
        expect(await rows()).toEqual([{ id: 1, label: null }]);
        // A transaction on it, named statements and all, still commits.
        await handle.db.transaction().execute(async (tx) => {
          await sql`insert into "scratch" ("id") values (${2})`.execute(tx);
        });
        await handle.db.transaction().execute(async (tx) => {
          await sql`insert into "scratch" ("id") values (${3})`.execute(tx);
        });
        expect((await rows()).map((row) => (row as { id: number }).id)).toEqual([1, 2, 3]);
      } finally {
        await handle.close();
      }
    });
  });
});
