import type { Kysely } from 'kysely';

// What a user's message lists show changes with every write that touches them; each such write bumps the
// user's inbox version in its own transaction, and the session read brings the version along, so a cached
// conversation list is known to be current without asking for it (docs/decisions/0108-conversation-list-cache.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('inbox_version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('inbox_version').execute();
}
