import type { Db } from './index.js';

/**
 * A key the server made for itself once, by name, shared by every instance through the database: the one
 * stored, else `make()`'s value stored now. Of instances starting together, the first to store wins and
 * all use that one.
 */
export async function storedServerKey(
  db: Db,
  name: string,
  make: () => string,
  now: number,
): Promise<string> {
  const find = () => db.selectFrom('serverKeys').select('value').where('name', '=', name).executeTakeFirst();
  let stored = await find();
  if (!stored) {
    await db
      .insertInto('serverKeys')
      .values({ name, value: make(), createdAt: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    stored = await find();
  }
  if (!stored) throw new Error(`The server key ${name} could not be stored`);
  return stored.value;
}

/**
 * A value loaded on first use and kept: the app starts while the database is out of reach (its calls answer
 * 503 until it is back), and a failed load is tried again by the next call.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
