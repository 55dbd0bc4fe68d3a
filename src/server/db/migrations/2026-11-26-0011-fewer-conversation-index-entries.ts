import { type Kysely, sql } from 'kysely';

/**
 * A message rewrites its conversation's last_message_at, and with it that conversation's entry in every
 * index holding the column: each such entry is another page a send writes (decision 0119).
 * - conversations_last_message_at_idx goes: no statement reads it (the lists go through a participant's
 *   index, the purge through messages).
 * - conversations_user_two_idx keeps only the conversations whose second side is an account: a visitor's
 *   (user_two_id null) were all in it and never read through it (every read names the user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_last_message_at_idx').execute();
  await db.schema.dropIndex('conversations_user_two_idx').execute();
  await db.schema
    .createIndex('conversations_user_two_idx')
    .on('conversations')
    .columns(['user_two_id', 'last_message_at'])
    .where(sql.ref('user_two_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_user_two_idx').execute();
  await db.schema
    .createIndex('conversations_user_two_idx')
    .on('conversations')
    .columns(['user_two_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('conversations_last_message_at_idx')
    .on('conversations')
    .column('last_message_at')
    .execute();
}
