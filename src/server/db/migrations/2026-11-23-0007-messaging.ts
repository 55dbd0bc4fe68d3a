import { type Kysely, sql } from 'kysely';

/**
 * Conversations, messages, blocks and idempotency keys (docs/decisions/0080-messaging-model.md), and each
 * vehicle's "who may message it" setting. Portable types only (0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vehicles')
    .addColumn('accept_messages_from', 'text', (col) => col.notNull().defaultTo('everyone'))
    .execute();

  // Side one: the vehicle written to (and its owner). Side two: a vehicle of the sender, or a signed-in
  // sender without one, or a visitor known only by the hash of a cookie. party_key names the pair,
  // unordered for two vehicles, so each pair has one conversation whoever wrote first.
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('party_key', 'text', (col) => col.notNull().unique())
    .addColumn('vehicle_one_id', 'text', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('owner_one_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_two_id', 'text', (col) => col.references('vehicles.id').onDelete('cascade'))
    .addColumn('user_two_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('visitor_two_hash', 'text')
    // Each side's "delete conversation": what is older than this is gone from that side's view.
    .addColumn('one_cleared_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('two_cleared_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_message_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_owner_one_idx')
    .on('conversations')
    .columns(['owner_one_id', 'last_message_at'])
    .execute();
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

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_side', 'text', (col) => col.notNull())
    .addColumn('sender_vehicle_id', 'text', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_created_at_idx').on('messages').column('created_at').execute();

  // A block names the sender's account, or the visitor cookie's hash; the blocker never learns which.
  await db.schema
    .createTable('blocks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('blocker_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('blocked_visitor_hash', 'text')
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await sql`create unique index blocks_user_key on blocks (blocker_id, blocked_user_id) where blocked_user_id is not null`.execute(
    db,
  );
  await sql`create unique index blocks_visitor_key on blocks (blocker_id, blocked_visitor_hash) where blocked_visitor_hash is not null`.execute(
    db,
  );

  // A retried POST /api/messages/anonymous with the same key (per sender) answers the first result.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('sender_key', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['sender_key', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'blocks', 'messages', 'conversations']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('vehicles').dropColumn('accept_messages_from').execute();
}
