import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type DatabaseHandle,
  type Engine,
  openPostgres,
  openSqlite,
  type SqliteLockingMode,
} from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (then it must be reachable). */
export const testEngines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The rows of a matrix of requests refused before any SQL (a field of the wrong type, a body that is not an
 * object) that run on `engine`: all of them on SQLite; on another engine, the first row of each `group`
 * (e.g. each endpoint's field once), a sample showing the same refusal there.
 */
export function matrixOn<T>(engine: Engine, rows: T[], group: (row: T) => string): T[] {
  if (engine === 'sqlite') return rows;
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = group(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface TestDatabase extends DatabaseHandle {
  /** The environment that points a server process (main.ts) at this database. */
  serverEnv: Record<string, string>;
  /**
   * Closes the handle (once; later calls do nothing). A server process given `serverEnv` needs the SQLite
   * file closed first: it holds the file alone (docs/decisions/0118-sqlite-held-alone.md).
   */
  close(): Promise<void>;
  /** Closes the handle and deletes the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own (for one test file, or one benchmark). PostgreSQL databases
 * are created on the server `adminUrl` points at.
 */
export async function createTestDatabase(
  engine: Engine,
  adminUrl = process.env.TEST_DATABASE_URL,
  { sqliteLockingMode }: { sqliteLockingMode?: SqliteLockingMode } = {},
): Promise<TestDatabase> {
  const name = `vc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (engine === 'sqlite') {
    const dataDir = path.join(os.tmpdir(), 'vehicle-contact-tests', name);
    const handle = openSqlite(path.join(dataDir, 'app.db'), { lockingMode: sqliteLockingMode });
    await migrateToLatest(handle.db);
    const close = closeOnce(handle);
    return {
      ...handle,
      close,
      serverEnv: { DATA_DIR: dataDir },
      async drop() {
        await close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await migrateToLatest(handle.db);
  const close = closeOnce(handle);
  return {
    ...handle,
    close,
    serverEnv: { DATABASE_URL: url.toString() },
    async drop() {
      await close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function closeOnce(handle: DatabaseHandle) {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= handle.close();
    return closed;
  };
}
