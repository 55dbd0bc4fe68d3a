import type { Kysely } from 'kysely';

// Blocking a visitor blocks their browser and, for 24 hours, their network (issue 31, point 4;
// docs/decisions/0139-blocking-a-visitor-honestly.md). A conversation keeps a keyed hash of the network its
// visitor last wrote from (an IPv4 address, an IPv6 /64), never the address; a block of a visitor keeps that
// hash and until when it holds. Both go with the conversation (24 hours) and when the block's day is over.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('visitor_two_network', 'text').execute();
  await db.schema.alterTable('blocks').addColumn('blocked_network', 'text').execute();
  await db.schema.alterTable('blocks').addColumn('network_blocked_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blocks').dropColumn('network_blocked_until').execute();
  await db.schema.alterTable('blocks').dropColumn('blocked_network').execute();
  await db.schema.alterTable('conversations').dropColumn('visitor_two_network').execute();
}
