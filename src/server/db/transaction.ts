import { sql } from 'kysely';
import type { Db } from './index.js';

/**
 * Runs `work` in one database transaction, with repos bound to it: every repo is made from a Db, and a
 * Kysely transaction is one. A change of several writes either happens whole or not at all.
 */
export type Transaction<Repos> = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

/** One change's transaction as its repos and in-transaction event handlers see it. */
export interface TransactionScope {
  /** The transaction's handle: what is written through it commits or rolls back with the change. */
  db: Db;
  /**
   * Runs `callback` once the change is committed (durable), before its caller is answered; never when it
   * rolls back. For work that must not start before the commit, such as sending what the change queued.
   * The callback must not throw.
   */
  afterCommit(callback: () => void): void;
}

/** How a transaction's repos are made: from its handle, and its scope for in-transaction events. */
export type ReposOf<Repos> = (db: Db, scope: TransactionScope) => Repos;

/** A scope whose after-commit callbacks are kept until `commit()` runs them (or dropped with it). */
function newScope(db: Db) {
  const callbacks: (() => void)[] = [];
  const scope: TransactionScope = { db, afterCommit: (callback) => void callbacks.push(callback) };
  const committed = () => {
    for (const callback of callbacks.splice(0)) callback();
  };
  return { scope, committed };
}

export function createTransaction<Repos>(db: Db, createRepos: ReposOf<Repos>): Transaction<Repos> {
  return async (work) => {
    let committed = () => {};
    const value = await db.transaction().execute((trx) => {
      const made = newScope(trx);
      committed = made.committed;
      return work(createRepos(trx, made.scope));
    });
    committed();
    return value;
  };
}

interface Pending<Repos> {
  work: (repos: Repos) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown; committed: () => void } | { ok: false; error: unknown };

/**
 * A Transaction whose concurrent callers share one commit (group commit), for SQLite: it writes through
 * one connection, one transaction at a time, and a durable commit waits for the disk, so committing each
 * small change alone caps writes at the disk's flush rate. Changes asked for while a group is being written
 * wait for it and then go together: each runs in a savepoint of the one transaction, so a change that fails
 * is undone alone and fails alone, and none is answered before the commit that holds it is on disk.
 * PostgreSQL does this itself across its connections (its WAL writer).
 *
 * With `syncLog` (a database file), the group commits with `synchronous = NORMAL` (SQLite writes its log
 * without flushing it) and its changes are answered once `syncLog` has flushed the log off the event loop:
 * the next group is written meanwhile instead of the whole server waiting for the disk. The connection
 * goes back to `synchronous = FULL` for every other write (docs/decisions/0107-sends-flush-off-the-loop.md).
 */
export function createGroupCommit<Repos>(
  db: Db,
  createRepos: ReposOf<Repos>,
  syncLog?: () => Promise<void>,
): Transaction<Repos> {
  let queue: Pending<Repos>[] = [];
  let flushing = false;

  /** The changes of `group` in one transaction, each in its savepoint; answers once it is committed. */
  async function commitGroup(connection: Db, group: Pending<Repos>[]): Promise<Outcome[]> {
    const trx = await connection.startTransaction().execute();
    const outcomes: Outcome[] = [];
    try {
      for (const pending of group) {
        const savepoint = await trx.savepoint('change').execute();
        const { scope, committed } = newScope(savepoint);
        try {
          const value = await pending.work(createRepos(savepoint, scope));
          await savepoint.releaseSavepoint('change').execute();
          outcomes.push({ ok: true, value, committed });
        } catch (error) {
          await savepoint.rollbackToSavepoint('change').execute();
          await savepoint.releaseSavepoint('change').execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The commit (or the savepoint machinery) failed: nothing of the group is stored.
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw error;
    }
    return outcomes;
  }

  async function flushGroup() {
    let group: Pending<Repos>[] | undefined;
    const take = () => {
      group = queue;
      queue = [];
      return group;
    };
    let outcomes: Outcome[];
    try {
      outcomes = await db.connection().execute(async (connection) => {
        // Taken once the connection is ours: the requests that read before us have joined.
        const changes = take();
        if (!syncLog) return commitGroup(connection, changes);
        await sql`pragma synchronous = normal`.execute(connection);
        try {
          return await commitGroup(connection, changes);
        } finally {
          await sql`pragma synchronous = full`.execute(connection);
        }
      });
    } catch (error) {
      // Nothing of the group is stored (or the connection could not be had: the waiting changes fail).
      for (const pending of group ?? take()) pending.reject(error);
      return;
    }
    const changes = group ?? [];
    const answer = () =>
      changes.forEach((pending, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) {
          outcome.committed();
          pending.resolve(outcome.value);
        } else pending.reject(outcome?.error);
      });
    if (!syncLog) return answer();
    // Answered once on disk; the next group is written meanwhile.
    syncLog().then(answer, (error: unknown) => {
      for (const pending of changes) pending.reject(error);
    });
  }

  async function flush() {
    flushing = true;
    try {
      // Let the requests read in the same turn of the event loop join the first group.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.length > 0) await flushGroup();
    } finally {
      flushing = false;
    }
  }

  return <T>(work: (repos: Repos) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!flushing) void flush();
    });
}
