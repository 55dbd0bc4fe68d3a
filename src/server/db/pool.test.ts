import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) process.stdout.write('SKIPPED: PostgreSQL pool tests (TEST_DATABASE_URL is not set)\n');

/** The connections PostgreSQL holds open to `database` (its client backends). */
async function backendsOf(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ count: string }>(
      `select count(*) from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [database],
    );
    return Number(rows[0]?.count);
  } finally {
    await admin.end();
  }
}

describe.runIf(databaseUrl)('the PostgreSQL pool', () => {
  let database: TestDatabase;
  let name: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', databaseUrl);
    name = new URL(database.serverEnv.DATABASE_URL as string).pathname.slice(1);
  });
  afterAll(() => database.drop());

  // A burst after a quiet spell would otherwise wait for PostgreSQL to start a backend per connection
  // again (docs/decisions/0123-pool-connections-kept.md).
  it('keeps its connections open while they are idle, past the 10 s after which pg closes them by default', async () => {
    const busy = Array.from({ length: 5 }, () => sql`select pg_sleep(0.2)`.execute(database.db));
    await Promise.all(busy);
    expect(await backendsOf(name)).toBeGreaterThanOrEqual(5);

    await new Promise((resolve) => setTimeout(resolve, 11_000));

    expect(await backendsOf(name)).toBeGreaterThanOrEqual(5);
  }, 20_000);
});
