import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailable, UnavailableError } from '../errors/unavailable.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { openPostgres } from './index.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) process.stdout.write('SKIPPED: PostgreSQL error tests (TEST_DATABASE_URL is not set)\n');

describe.runIf(databaseUrl)('what PostgreSQL failures reach the app as', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('an SQL error stays pg’s DatabaseError with its SQLSTATE, and is not unavailable', async () => {
    const error = await sql`select 1 / 0`.execute(database.db).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect((error as pg.DatabaseError).code).toBe('22012');
    expect(isUnavailable(error)).toBe(false);
  });

  it('a bug of ours (a value pg cannot send) stays what it is, and is not unavailable', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await sql`select ${circular}::jsonb`
      .execute(database.db)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(isUnavailable(error)).toBe(false);
    // The connection is still good.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it('a connection ended by the server mid-query is unavailable', async () => {
    const databaseName = new URL(database.serverEnv.DATABASE_URL ?? '').pathname.slice(1);
    const running = sql`select pg_sleep(30)`.execute(database.db).catch((caught: unknown) => caught);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const sleeping = `select pid from pg_stat_activity where datname = $1 and query = 'select pg_sleep(30)'`;
      await expect.poll(async () => (await admin.query(sleeping, [databaseName])).rowCount).toBe(1);
      await admin.query(`select pg_terminate_backend(pid) from (${sleeping}) as sleeping`, [databaseName]);
    } finally {
      await admin.end();
    }
    // PostgreSQL says why before it closes the connection: SQLSTATE 57P01 (admin shutdown).
    const error = await running;
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect((error as pg.DatabaseError).code).toBe('57P01');
    expect(isUnavailable(error)).toBe(true);
  });

  it('a connection lost without a word (no SQLSTATE) is an UnavailableError carrying pg’s error', async () => {
    // A loopback relay to PostgreSQL whose connections the test cuts, as a network failure would.
    const target = new URL(database.serverEnv.DATABASE_URL ?? '');
    const relayed: net.Socket[] = [];
    const relay = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      client.pipe(server).pipe(client);
      client.on('error', () => undefined);
      server.on('error', () => undefined);
      relayed.push(client, server);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const viaRelay = new URL(target);
    viaRelay.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const handle = openPostgres(viaRelay.toString());
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
      const running = sql`select pg_sleep(5)`.execute(handle.db).catch((caught: unknown) => caught);
      for (const socket of relayed) socket.destroy();
      const error = await running;
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as UnavailableError).cause).toMatchObject({
        message: 'Connection terminated unexpectedly',
      });
      expect(isUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('an unreachable server is an UnavailableError carrying the refused connection', async () => {
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/unreachable');
    try {
      const error = await sql`select 1`.execute(unreachable.db).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as UnavailableError).code).toBe('ECONNREFUSED');
      expect((error as UnavailableError).cause).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isUnavailable(error)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});
