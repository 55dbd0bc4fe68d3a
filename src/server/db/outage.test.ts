import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore } from '../rate-limit/rate-limiter.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { openPostgres } from './index.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) process.stdout.write('SKIPPED: PostgreSQL outage tests (TEST_DATABASE_URL is not set)\n');

describe.runIf(databaseUrl)('PostgreSQL outages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('recovers by itself when the server drops every connection', async () => {
    const user = await createVerifiedUser(t);
    const databaseName = await currentDatabase(t);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    await admin.end();
    await expect
      .poll(async () => (await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()?.email, {
        timeout: 10_000,
      })
      .toBe(user.email);
  });

  it('answers 503, not 500, while the database cannot be reached, and keeps running', async () => {
    const database = openPostgres('postgres://postgres@127.0.0.1:1/unreachable');
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'test@example.org');
    const app = await buildApp({
      config: loadConfig({ APP_ORIGIN: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
      database,
      mailer,
      rateLimitStore: new MemoryRateLimitStore(),
    });
    try {
      const health = await call(app, 'GET', '/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'unavailable',
        database: { engine: 'postgres', status: 'down' },
      });
      const withSession = await call(app, 'GET', '/api/auth/user', { cookie: 'session=some-token' });
      expect(withSession.statusCode).toBe(503);
      expect(withSession.json().code).toBe('SERVICE_UNAVAILABLE');
      const login = await call(app, 'POST', '/api/auth/login', {
        body: { email: 'a@example.org', password: 'Abcdefg1' },
      });
      expect(login.statusCode).toBe(503);
    } finally {
      await app.close();
      mailer.close();
      await database.close();
    }
  });
});

async function currentDatabase(t: TestApp): Promise<string> {
  const result = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  return result.rows[0]?.name ?? '';
}
