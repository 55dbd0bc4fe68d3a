import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Every row of every table, each table's rows in a stable order: equal before and after a request shows
 * the request changed nothing, on either engine.
 */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  for (const table of tables) {
    const rows = await db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute();
    snapshot[table] = rows
      .map((row) => JSON.stringify(row, (_, value) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
  }
  return snapshot;
}
