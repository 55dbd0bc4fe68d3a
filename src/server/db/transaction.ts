import type { Db } from './index.js';

/**
 * Runs `work` in one database transaction, with repos bound to it: every repo is made from a Db, and a
 * Kysely transaction is one. A change of several writes either happens whole or not at all.
 */
export type Transaction<Repos> = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

export function createTransaction<Repos>(db: Db, createRepos: (db: Db) => Repos): Transaction<Repos> {
  return (work) => db.transaction().execute((trx) => work(createRepos(trx)));
}
