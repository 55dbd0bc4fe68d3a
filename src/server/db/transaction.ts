import type { Db } from './index.js';

/**
 * Runs `work` in one database transaction, with repos bound to it: every repo is made from a Db, and a
 * Kysely transaction is one. A change of several writes either happens whole or not at all.
 */
export type Transaction<Repos> = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

export function createTransaction<Repos>(db: Db, createRepos: (db: Db) => Repos): Transaction<Repos> {
  return (work) => db.transaction().execute((trx) => work(createRepos(trx)));
}

interface Pending<Repos> {
  work: (repos: Repos) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A Transaction whose concurrent callers share one commit (group commit), for SQLite: it writes through
 * one connection, one transaction at a time, and a durable commit waits for the disk (synchronous=FULL),
 * so committing each small change alone caps writes at the disk's flush rate. Changes asked for while a
 * commit is under way wait for it and then go together: each runs in a savepoint of the one transaction,
 * so a change that fails is undone alone and fails alone, and none is answered before the commit that
 * holds it is on disk. PostgreSQL does this itself across its connections (its WAL writer).
 */
export function createGroupCommit<Repos>(db: Db, createRepos: (db: Db) => Repos): Transaction<Repos> {
  let queue: Pending<Repos>[] = [];
  let flushing = false;

  async function flushGroup() {
    const begun = await db
      .startTransaction()
      .execute()
      .then((trx) => ({ trx }))
      .catch((error: unknown) => ({ error }));
    // Taken once the connection is ours: the requests that read before us have joined.
    const group = queue;
    queue = [];
    if (!('trx' in begun)) {
      for (const pending of group) pending.reject(begun.error);
      return;
    }
    const { trx } = begun;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      for (const pending of group) {
        const savepoint = await trx.savepoint('change').execute();
        try {
          const value = await pending.work(createRepos(savepoint));
          await savepoint.releaseSavepoint('change').execute();
          outcomes.push({ ok: true, value });
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
      for (const pending of group) pending.reject(error);
      return;
    }
    group.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) pending.resolve(outcome.value);
      else pending.reject(outcome?.error);
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
