import type { Kysely } from 'kysely';

// Report, rate, and a reputation nobody sees (issue 33, point 3; docs/decisions/0151-reputation-nobody-sees.md).
// A recipient's rating of a message they received: one row per rater and message (the latest counts). The
// row outlives the 24-hour message, without its text: who rated (the rater's account), whom (the sender's
// account, else the visitor's cookie hash and their network's keyed hash, never an address), how, and when.
// Rows go after 30 days and with the account of either side.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('rater_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('conversation_id', 'text', (col) => col.notNull())
    .addColumn('subject_user_id', 'text')
    .addColumn('subject_visitor_hash', 'text')
    .addColumn('subject_network', 'text')
    .addColumn('rating', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('feedback_rater_message', ['rater_user_id', 'message_id'])
    .execute();
  for (const column of ['subject_user_id', 'subject_visitor_hash', 'subject_network'] as const) {
    await db.schema
      .createIndex(`feedback_${column}`)
      .on('feedback')
      .columns([column, 'created_at'])
      .execute();
  }
  await db.schema.createIndex('feedback_created_at').on('feedback').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
