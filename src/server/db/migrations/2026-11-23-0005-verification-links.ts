import { type Kysely, sql } from 'kysely';

// Every unexpired verification link of an account works until one is used (ADDENDUM §5): several
// verify-email rows per account. A reset link still retires the older one: one reset row per account,
// guaranteed by a partial unique index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_user_purpose_key').execute();
  await sql`create unique index verifications_reset_user_key on verifications (user_id) where purpose = 'reset-password'`.execute(
    db,
  );
  await db.schema
    .createIndex('verifications_user_purpose_idx')
    .on('verifications')
    .columns(['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_user_purpose_idx').execute();
  await db.schema.dropIndex('verifications_reset_user_key').execute();
  await db.deleteFrom('verifications' as never).execute();
  await db.schema
    .createIndex('verifications_user_purpose_key')
    .unique()
    .on('verifications')
    .columns(['user_id', 'purpose'])
    .execute();
}
