import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { type DatabaseHandle, openPostgres } from './index.js';

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

// Real time, whatever the test does to the pool's timers.
const realSetTimeout = globalThis.setTimeout;
const realDelay = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

describe.runIf(databaseUrl)('the PostgreSQL pool', () => {
  let database: TestDatabase;
  let url: string;
  let name: string;
  let pool: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', databaseUrl);
    url = database.serverEnv.DATABASE_URL as string;
    name = new URL(url).pathname.slice(1);
    // Only the pools the tests open hold connections to it.
    await database.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await pool?.close();
    pool = undefined;
    await expect.poll(() => backendsOf(name)).toBe(0);
  });
  afterAll(() => database.drop());

  /**
   * Five connections busy at once, then idle for 11 s of the pool's time: its timers are faked, so the
   * 10 s after which pg closes an idle connection by default pass at once, and the test waits for nothing.
   */
  async function backendsAfterIdling(options?: { idleTimeoutMs: number }) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const opened = openPostgres(url, undefined, options);
    pool = opened;
    const busy = Array.from({ length: 5 }, () => sql`select pg_sleep(0.2)`.execute(opened.db));
    await Promise.all(busy);
    expect(await backendsOf(name)).toBeGreaterThanOrEqual(5);
    vi.advanceTimersByTime(11_000);
  }

  // The control: pg's default window closes them, and this test sees it.
  it("with pg's default idle window (10 s), closes the connections once they have been idle 11 s", async () => {
    await backendsAfterIdling({ idleTimeoutMs: 10_000 });
    await expect.poll(() => backendsOf(name), { timeout: 5_000 }).toBe(0);
  });

  // A burst after a quiet spell would otherwise wait for PostgreSQL to start a backend per connection
  // again (docs/decisions/0123-pool-connections-kept.md).
  it('keeps its connections open while they are idle, past the 10 s after which pg closes them by default', async () => {
    await backendsAfterIdling();
    // Long enough for a closed connection's backend to end (the test above sees that within milliseconds).
    await realDelay(1_000);
    expect(await backendsOf(name)).toBeGreaterThanOrEqual(5);
  });
});
