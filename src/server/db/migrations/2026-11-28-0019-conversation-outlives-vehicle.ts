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
const sqliteTable = (nullability: 'null' | 'not null') => `
  create table "conversations_rebuilt" (
    "id" text primary key,
    "party_key" text not null unique,
    "vehicle_one_id" text ${nullability === 'null' ? '' : 'not null'} references "vehicles" ("id") on delete cascade,
    "owner_one_id" text ${nullability === 'null' ? '' : 'not null'} references "users" ("id") on delete cascade,
    "vehicle_two_id" text references "vehicles" ("id") on delete cascade,
    "user_two_id" text references "users" ("id") on delete cascade,
    "visitor_two_hash" text,
    "one_cleared_at" bigint default 0 not null,
    "two_cleared_at" bigint default 0 not null,
    "created_at" bigint not null,
    "last_message_at" bigint not null,
    "visitor_two_network" text,
    "owner_status" text,
    "owner_status_at" bigint
  )`;

const columns =
  '"id", "party_key", "vehicle_one_id", "owner_one_id", "vehicle_two_id", "user_two_id", "visitor_two_hash", ' +
  '"one_cleared_at", "two_cleared_at", "created_at", "last_message_at", "visitor_two_network", "owner_status", ' +
  '"owner_status_at"';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuildSqlite(db: Kysely<unknown>, nullability: 'null' | 'not null'): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(sqliteTable(nullability)).execute(trx);
      await sql
        .raw(`insert into "conversations_rebuilt" (${columns}) select ${columns} from "conversations"`)
        .execute(trx);
      await sql`drop table "conversations"`.execute(trx);
      await sql`alter table "conversations_rebuilt" rename to "conversations"`.execute(trx);
      await sql`create index "conversations_owner_one_idx" on "conversations" ("owner_one_id", "last_message_at")`.execute(
        trx,
      );
      await sql`create index "conversations_user_two_idx" on "conversations" ("user_two_id", "last_message_at") where "user_two_id" is not null`.execute(
        trx,
      );
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
