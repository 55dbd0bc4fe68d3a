import type { Kysely } from 'kysely';

// The finder's side (issue 32; docs/decisions/0144-the-finders-side.md). A message keeps when a live socket
// or a push service of its recipient first took it, when its recipient read it, and when its sender asked
// to notify the owner again (once). A conversation keeps the owner's latest one-tap answer and its time.
// Messaging keeps whether an account sends read receipts (default on); push keeps whether an account is
// e-mailed when notifications cannot reach it (default on) and when each conversation was last mailed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('delivered_at', 'bigint').execute();
  await db.schema.alterTable('messages').addColumn('read_at', 'bigint').execute();
  await db.schema.alterTable('messages').addColumn('notified_again_at', 'bigint').execute();
  await db.schema.alterTable('conversations').addColumn('owner_status', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('owner_status_at', 'bigint').execute();
  await db.schema
    .createTable('message_preferences')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('read_receipts', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('email_fallback', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('fallback_mails')
    .addColumn('conversation_id', 'text', (col) =>
      col.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('mailed_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fallback_mails').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('email_fallback').execute();
  await db.schema.dropTable('message_preferences').execute();
  await db.schema.alterTable('conversations').dropColumn('owner_status_at').execute();
  await db.schema.alterTable('conversations').dropColumn('owner_status').execute();
  await db.schema.alterTable('messages').dropColumn('notified_again_at').execute();
  await db.schema.alterTable('messages').dropColumn('read_at').execute();
  await db.schema.alterTable('messages').dropColumn('delivered_at').execute();
}
