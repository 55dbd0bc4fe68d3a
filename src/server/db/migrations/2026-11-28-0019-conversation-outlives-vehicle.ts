import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A conversation can outlive the vehicle written to and its owner (issue 33, point 4; docs/decisions/
// 0152-a-conversation-outlives-its-owner.md): when the owner deletes their account, messaging detaches side
// one (vehicle_one_id and owner_one_id set to null) and the sender keeps their side until retention takes
// it. The foreign keys keep ON DELETE CASCADE: only that deliberate detaching leaves a side one empty; a
// vehicle or account deleted any other way still takes its conversations with it, as before.
//
// PostgreSQL drops the two NOT NULLs. SQLite cannot alter a column: the table is rebuilt (sqlite.org/
// lang_altertable.html, "other kinds of table schema changes"). Kysely runs SQLite's migrations outside a
// transaction, so foreign keys can be switched off first: with them on, dropping the old table would
// cascade-delete every message (and fallback mark) pointing at it.
// The table is made again from its own stored definition with only those two columns changed (a
// column or index another migration added before this one is kept as it is), its rows copied whole.
const SIDE_ONE_COLUMNS = ['vehicle_one_id', 'owner_one_id'];

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The stored `create table` of conversations, renamed, with side one's columns nullable or not. */
function rebuiltDefinition(definition: string, nullability: 'null' | 'not null'): string {
  let rebuilt = definition.replace(
    /^create table\s+"?conversations"?/i,
    'create table "conversations_rebuilt"',
  );
  if (rebuilt === definition) throw new Error('Unexpected definition of conversations');
  for (const column of SIDE_ONE_COLUMNS) {
    const pattern = new RegExp(`("${column}"\\s+text)(\\s+not\\s+null)?(\\s+references)`, 'i');
    if (!pattern.test(rebuilt)) throw new Error(`Unexpected definition of conversations.${column}`);
    rebuilt = rebuilt.replace(pattern, nullability === 'null' ? '$1$3' : '$1 not null$3');
  }
  return rebuilt;
}

async function rebuildSqlite(db: Kysely<unknown>, nullability: 'null' | 'not null'): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const [table] = (
        await sql<{ sql: string }>`
          select sql from sqlite_master where type = 'table' and name = 'conversations'`.execute(trx)
      ).rows;
      if (!table) throw new Error('No table conversations');
      const indexes = (
        await sql<{ sql: string }>`
          select sql from sqlite_master
          where type = 'index' and tbl_name = 'conversations' and sql is not null`.execute(trx)
      ).rows;
      await sql.raw(rebuiltDefinition(table.sql, nullability)).execute(trx);
      await sql`insert into "conversations_rebuilt" select * from "conversations"`.execute(trx);
      await sql`drop table "conversations"`.execute(trx);
      await sql`alter table "conversations_rebuilt" rename to "conversations"`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) {
        throw new Error(`Rebuilding conversations broke ${broken.rows.length} foreign keys`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return rebuildSqlite(db, 'null');
  await db.schema
    .alterTable('conversations')
    .alterColumn('vehicle_one_id', (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable('conversations')
    .alterColumn('owner_one_id', (col) => col.dropNotNull())
    .execute();
}

/** Back to a side one that cannot be empty: the conversations that outlived their owner go (with their messages). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('conversations' as never)
    .where(sql.ref('owner_one_id'), 'is', null)
    .execute();
  if (isSqlite(db)) return rebuildSqlite(db, 'not null');
  await db.schema
    .alterTable('conversations')
    .alterColumn('vehicle_one_id', (col) => col.setNotNull())
    .execute();
  await db.schema
    .alterTable('conversations')
    .alterColumn('owner_one_id', (col) => col.setNotNull())
    .execute();
}
