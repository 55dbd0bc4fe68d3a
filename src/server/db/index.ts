import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

// bigint (int8) columns hold epoch milliseconds, far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // An acknowledged write survives kill -9 and power loss; deleted rows are overwritten on disk.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

export function openPostgres(connectionString: string, onError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    // An acknowledged write is on disk (whatever the server's default), and no query hangs a request.
    options: '-c synchronous_commit=on',
    statement_timeout: 15_000,
    query_timeout: 20_000,
  });
  // An idle client losing its server (PostgreSQL restart) must not crash the process.
  pool.on('error', (error) => onError?.(error));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  onError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onError);
  return openSqlite(path.join(options.dataDir, 'app.db'));
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
