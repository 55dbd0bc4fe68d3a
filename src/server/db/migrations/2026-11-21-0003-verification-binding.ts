import type { Kysely } from 'kysely';

// One live link per account and purpose (the database guarantees it), and the hash of a value kept in
// the registering browser's cookie, so only that browser is signed in by the link.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Outstanding links are short-lived; dropping them lets the unique index be created on any data.
  await db.deleteFrom('verifications' as never).execute();
  await db.schema.alterTable('verifications').addColumn('binding_hash', 'text').execute();
  await db.schema.dropIndex('verifications_user_purpose_idx').execute();
  await db.schema
    .createIndex('verifications_user_purpose_key')
    .unique()
    .on('verifications')
    .columns(['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_user_purpose_key').execute();
  await db.schema.alterTable('verifications').dropColumn('binding_hash').execute();
  await db.schema
    .createIndex('verifications_user_purpose_idx')
    .on('verifications')
    .columns(['user_id', 'purpose'])
    .execute();
}
