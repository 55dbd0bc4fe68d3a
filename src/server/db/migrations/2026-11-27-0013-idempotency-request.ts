import type { Kysely } from 'kysely';

/**
 * What request an Idempotency-Key was first used for: a SHA-256 of the operation and the parsed body that
 * matters, so the same key with another request is refused (422) instead of answered with the first result
 * (docs/decisions/0126-idempotency-request-fingerprint.md). Rows stored before it have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
}
