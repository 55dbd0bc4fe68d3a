import type { Kysely } from 'kysely';

// Browsers an account signed in from before (OWASP's device cookie): they pass the per-email limit on
// failed sign-ins, so whoever knows an address cannot keep its owner signed out
// (docs/decisions/0046-login-lockout.md). Only a hash of each cookie's value is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('trusted_devices_user_id_idx')
    .on('trusted_devices')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('trusted_devices_expires_at_idx')
    .on('trusted_devices')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trusted_devices').execute();
}
