import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import pg from 'pg';

const banner = (text: string) => `\n${'!'.repeat(78)}\n!! ${text}\n${'!'.repeat(78)}\n`;

/**
 * Builds the app once for the run when its output is stale (the tests that start it as a process run
 * `node dist/server/main.js` or `npm start`, src/server/test/server-process.ts); says loudly what is skipped, and fails
 * when a service the run asked for cannot be reached.
 */
export default async function globalSetup() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    process.stdout.write(
      banner('SKIPPED: the PostgreSQL runs of the API tests (set TEST_DATABASE_URL to run them)'),
    );
  }
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw new Error(`TEST_REDIS_URL is set but Redis cannot be reached: ${String(error)}`);
    } finally {
      redis.disconnect();
    }
  } else {
    process.stdout.write(
      banner('SKIPPED: the Redis runs of the rate-limit tests (set TEST_REDIS_URL to run them)'),
    );
  }
}
