import type { Kysely } from 'kysely';

// Web push (ADDENDUM §8-§10): the browsers' subscriptions, the server's VAPID key pair (generated once and
// shared by every instance), and a durable queue of notifications to send. A queue row is written in the
// transaction of the message it announces, so a crash between the commit and the push loses nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    // The VAPID public key the browser subscribed with: another key means the browser must subscribe again.
    .addColumn('vapid_public_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_id_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  // Keys the server makes for itself once (the VAPID pair), by name. Never a user's secret.
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('push_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Null: every subscription of the user (a new notification); else one subscription (a retry).
    .addColumn('subscription_id', 'text', (col) =>
      col.references('push_subscriptions.id').onDelete('cascade'),
    )
    // The notification as the service worker shows it: never who wrote (ADDENDUM §1).
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('urgency', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    // A claim: the instance sending it holds it until then; past it, another may take it over.
    .addColumn('claimed_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // The push's TTL runs out then: the job is dropped, sent or not.
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_jobs_next_attempt_at_idx')
    .on('push_jobs')
    .column('next_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_jobs').execute();
  await db.schema.dropTable('server_keys').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
