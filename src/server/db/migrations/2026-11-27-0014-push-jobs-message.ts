import type { Kysely } from 'kysely';

// A push job names the message it announces (null: a test push), so that deleting the message, a
// conversation from one side's list, or retention deletes its pending pushes in the same transaction:
// their payloads carry the text (docs/decisions/0127-what-is-deleted-is-gone.md). No foreign key: the
// queue belongs to push, the message to messaging; they meet through events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_jobs').addColumn('message_id', 'text').execute();
  await db.schema.createIndex('push_jobs_message_id_idx').on('push_jobs').column('message_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_jobs_message_id_idx').execute();
  await db.schema.alterTable('push_jobs').dropColumn('message_id').execute();
}
