import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  sql,
} from 'kysely';
import pg from 'pg';
import { errorCode } from '../errors/error-code.js';
import { UnavailableError } from '../errors/unavailable.js';
import { debouncedEraser } from './erase-soon.js';
import { namedStatements } from './named-statements.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /**
   * SQLite on a file: puts on disk every commit made so far (fdatasync of the write-ahead log, off the event
   * loop), for a group commit that committed without waiting for the disk (src/server/db/transaction.ts).
   * Absent where there is nothing to wait for (an in-memory database) or the commit waits itself
   * (PostgreSQL).
   */
  syncLog?: () => Promise<void>;
  /**
   * After a delete that removes text (a message; an account, later), once it has committed: within a few
   * seconds (ERASE_DELAY_MS), no copy of what it deleted is left in the database's files. On SQLite,
   * secure_delete overwrites a deleted row's bytes in the page's next version, but the write-ahead log
   * keeps the earlier versions until a checkpoint copies the log into the database and empties it: this
   * runs `wal_checkpoint(truncate)` on a timer, off the request's path, one for a burst of deletes, and at
   * close if one is still due (src/server/db/erase-soon.ts). PostgreSQL: nothing to do here.
   */
  eraseSoon(): void;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (the instance's metrics, 0157); SQLite has no pool. */
  poolUse?: () => { total: number; idle: number; waiting: number };
}

// bigint (int8) columns hold epoch milliseconds, far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Takes away from `target` every permission bit beyond `mode` (chmod), and answers the mode it had when
 * it had more, else undefined. Throws EPERM for a file of another user.
 */
export function restrictMode(target: string, mode: number): number | undefined {
  const current = fs.statSync(target).mode & 0o7777;
  if ((current & ~mode) === 0) return undefined;
  fs.chmodSync(target, mode);
  return current;
}

/** The files of an SQLite database in WAL mode: SQLite creates the others with the main file's mode. */
export const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

/**
 * `exclusive`: the server holds the database file alone from start to stop, so a statement takes no
 * file lock of its own (two `fcntl` calls less each: a plate lookup's SQLite time goes from
 * 3.6 to 2 µs) and a second server on the same file refuses to start instead of sharing it. `normal`:
 * other programs (the sqlite3 shell, a backup tool) may open the file while the server runs
 * (docs/decisions/0118-sqlite-held-alone.md).
 */
export type SqliteLockingMode = 'exclusive' | 'normal';

/** The log's length, in pages of 4 KB, at which a commit copies it into the database (SQLite's default: 1,000). */
export const WAL_CHECKPOINT_PAGES = 10_000;

export function openSqlite(
  file: string,
  { lockingMode = 'exclusive' }: { lockingMode?: SqliteLockingMode } = {},
): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('busy_timeout = 5000');
  try {
    // Before the first access to the log: then the log's index lives in this process's memory, not in
    // a shared -shm file.
    if (lockingMode === 'exclusive') sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    // A write takes the exclusive lock now, at start-up, rather than at the first request.
    if (lockingMode === 'exclusive') sqlite.exec('BEGIN IMMEDIATE; COMMIT');
  } catch (error) {
    sqlite.close();
    if (errorCode(error) !== 'SQLITE_BUSY') throw error;
    throw new Error(
      `${file} is in use by another process (another server on the same DATA_DIR?). One server holds ` +
        'the embedded database at a time: run several instances on PostgreSQL (DATABASE_URL), or set ' +
        'SQLITE_LOCKING_MODE=normal on every program that opens the file.',
      { cause: error },
    );
  }
  // An acknowledged write survives kill -9 and power loss; deleted rows are overwritten on disk.
  sqlite.pragma('synchronous = FULL');
  // A group commit's savepoints keep the pages they change in memory, not in a temporary file (a tenth of
  // a send's CPU was writing that file), and the log is copied into the database every 40 MB of it rather
  // than every 4 MB: a page written by many commits is copied once (docs/decisions/0119-sqlite-log-and-savepoints.md).
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('secure_delete = ON');
  // Password hashes and push keys: readable by the server's user only, whatever the umask. A file of
  // another user's is left as it is (main.ts says so at start-up).
  if (file !== ':memory:') {
    for (const existing of sqliteFiles(file).filter((name) => fs.existsSync(name))) {
      try {
        restrictMode(existing, 0o600);
      } catch (error) {
        if (errorCode(error) !== 'EPERM') throw error;
      }
    }
  }
  const log = file === ':memory:' ? undefined : writeAheadLog(`${file}-wal`);
  const writes = { count: 0 };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes, () => log?.close()) }),
    plugins: [new CamelCasePlugin()],
  });
  directReaders.set(db, directReader(sqlite));
  // Another program may write a file shared in normal locking mode: then no count sees every write.
  if (lockingMode === 'exclusive') writeCounts.set(db, () => writes.count);
  const eraser = debouncedEraser(async () => {
    const [result] = (await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db)).rows;
    // Another program reading the file (normal locking mode) held the log: tried again later.
    if (result?.busy) throw new Error('The write-ahead log is in use');
  });
  return {
    db,
    engine: 'sqlite',
    syncLog: log?.sync,
    eraseSoon: file === ':memory:' ? () => undefined : eraser.soon,
    async close() {
      await eraser.stop();
      await db.destroy();
    },
  };
}

/**
 * The write-ahead log as a file of our own, to flush it to disk with fdatasync on libuv's thread pool:
 * SQLite's own flush at commit (synchronous = FULL) blocks the event loop for the disk's whole latency.
 * Opened on first use (SQLite creates the log with the first transaction); fdatasync flushes the file's
 * data whichever descriptor asks, and SQLite keeps the same file (it truncates it, never replaces it)
 * while a connection is open.
 */
function writeAheadLog(logFile: string) {
  let fd: number | undefined;
  let inFlight = 0;
  let closing = false;
  const closeIfDone = () => {
    if (closing && inFlight === 0 && fd !== undefined) {
      fs.closeSync(fd);
      fd = undefined;
    }
  };
  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        if (closing) return reject(new Error('The database is closed'));
        fd ??= fs.openSync(logFile, 'r');
        inFlight += 1;
        fs.fdatasync(fd, (error) => {
          inFlight -= 1;
          closeIfDone();
          if (error) reject(error);
          else resolve();
        });
      }),
    /** Closes the file once the flushes under way are done. */
    close() {
      closing = true;
      closeIfDone();
    },
  };
}

/**
 * Runs a read at once on an SQLite connection, rows camel-cased as Kysely's CamelCasePlugin does, or
 * answers undefined when it may not: a transaction is open on the connection (a read then belongs to it,
 * and waits its turn in Kysely), or the statement is not a plain read.
 */
export type DirectReader = (sqlText: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReaders = new WeakMap<Db, DirectReader>();

/** The direct reader of the app's SQLite database `db` (not of a transaction, nor of PostgreSQL). */
export const directReaderOf = (db: Db): DirectReader | undefined => directReaders.get(db);

const writeCounts = new WeakMap<Db, () => number>();

/**
 * How many statements that may change data have run on the app's SQLite database `db`: a value read from
 * it is still the database's while this count is unchanged (docs/decisions/0120-reads-kept-until-a-write.md).
 * Undefined where other writers exist: PostgreSQL (other instances), SQLite in normal locking mode (other
 * programs), a transaction's handle.
 */
export const writeCountOf = (db: Db): (() => number) | undefined => writeCounts.get(db);

/** snake_case → camelCase, as Kysely's CamelCasePlugin maps this app's column names. */
const camelCase = (name: string) =>
  name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Kysely runs every query through its connection lock, its plugins and a few promises; for the hottest
 * reads that was a quarter of the time of a lookup. better-sqlite3 runs a statement to completion on the
 * spot, so a read made while no transaction is open cannot step into another request's work. Its own
 * statements (raw rows, keys named once), apart from Kysely's.
 */
function directReader(sqlite: SqliteDatabase.Database): DirectReader {
  const reads = new Map<string, { statement: SqliteDatabase.Statement; keys: string[] } | null>();
  return (sqlText, parameters) => {
    if (sqlite.inTransaction) return undefined;
    let read = reads.get(sqlText);
    if (read === undefined) {
      const statement = sqlite.prepare(sqlText);
      read =
        statement.reader && statement.readonly
          ? {
              statement: statement.raw(true),
              keys: statement.columns().map((column) => camelCase(column.name)),
            }
          : null;
      reads.set(sqlText, read);
    }
    if (read === null) return undefined;
    const { statement, keys } = read;
    return (statement.all(...parameters) as unknown[][]).map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index += 1) row[keys[index] as string] = values[index];
      return row;
    });
  };
}

/** How many prepared statements one SQLite database keeps for reuse (by SQL text, least recently used out). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs anew; compiling the SQL again took a tenth of a message send's
 * time (bench/delivery.bench.ts). The queries are few and their text repeats, so the statements are
 * kept. Reusing one is safe here: better-sqlite3 runs each to completion before the next (Kysely's
 * SQLite driver holds one connection at a time, and this app never streams), and SQLite prepares a
 * statement again by itself after a schema change.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  writes: { count: number },
  onClose: () => void,
): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close() {
      sqlite.close();
      onClose();
    },
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(sqlText, statement);
      // Kysely's driver runs what it prepares at once, in the same turn: counted here, every statement that
      // may change data is counted before anything else reads. A transaction's control statements (begin,
      // commit, rollback, savepoints) count as read-only to SQLite; the changes inside are counted.
      if (!statement.readonly) writes.count += 1;
      return statement as unknown as ReturnType<SqliteDialectDatabase['prepare']>;
    },
  };
}

export function openPostgres(
  connectionString: string,
  onError?: (error: Error) => void,
  {
    idleTimeoutMs = 0,
  }: {
    /**
     * How long a connection may stay idle before the pool closes it; 0 (the default): never. Connections
     * stay open while idle (pg closes them after 10 s by default): a burst after a quiet spell would wait
     * for PostgreSQL to start a backend for each again (docs/decisions/0123-pool-connections-kept.md).
     */
    idleTimeoutMs?: number;
  } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: idleTimeoutMs,
    // An acknowledged write is on disk (whatever the server's default), and no query hangs a request.
    options: '-c synchronous_commit=on',
    statement_timeout: 15_000,
    query_timeout: 20_000,
  });
  // An idle client losing its server (PostgreSQL restart) must not crash the process.
  pool.on('error', (error) => onError?.(error));
  // Nor may a client losing it while Kysely holds it: pg then emits 'error' on the client, which the pool
  // listens to only while the client is idle. The query under way (or the next one) fails with it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: failingAsUnavailable(pool) }),
    plugins: [new CamelCasePlugin()],
  });
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, engine: 'postgres', eraseSoon: () => undefined, close: () => db.destroy(), poolUse };
}

/**
 * The pool as Kysely's PostgresDriver uses it (pool.connect(), client.query(sql, parameters),
 * client.release(), pool.end()), with every failure that is not an SQL error rethrown as
 * UnavailableError: a lost connection ("Connection terminated unexpectedly"), the pool's connect
 * timeout, a refused connection carry no SQLSTATE, and only here are they known to be PostgreSQL out of
 * reach. An SQL error (pg's DatabaseError: the error handler tells its connection classes apart) and a
 * bug of ours (a value pg cannot send, a row it cannot read: TypeError and the like) stay as they are.
 */
function failingAsUnavailable(pool: pg.Pool): PostgresPool {
  const rethrow = (error: unknown): never => {
    const isSqlErrorOrBug =
      error instanceof pg.DatabaseError ||
      error instanceof TypeError ||
      error instanceof RangeError ||
      error instanceof SyntaxError;
    throw isSqlErrorOrBug ? error : new UnavailableError('Database unavailable', { cause: error });
  };
  const statements = namedStatements();
  // One wrapper per pg client: Kysely keeps a connection per client object it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect().catch(rethrow);
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        // Kysely passes a cursor (query's other form) only to a dialect given a cursor class: ours has none.
        const query = (sqlText: string, parameters: ReadonlyArray<unknown>) =>
          statements.query(client, sqlText, [...parameters]).catch(rethrow);
        wrapper = {
          query: query as unknown as PostgresPoolClient['query'],
          // A retired connection is closed, not pooled again (src/server/db/named-statements.ts).
          release: () => client.release(statements.isRetired(client) || undefined),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  sqliteLockingMode?: SqliteLockingMode;
  onError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onError);
  return openSqlite(path.join(options.dataDir, 'app.db'), { lockingMode: options.sqliteLockingMode });
}

/** A unique constraint or a primary key refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
