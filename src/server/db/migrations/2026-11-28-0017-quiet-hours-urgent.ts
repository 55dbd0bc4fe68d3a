import type { Kysely } from 'kysely';

// Quiet hours with an urgent override (issue 33 point 1; docs/decisions/0150-quiet-hours-urgent.md). An
// account's notification preferences keep its quiet hours: whether they are on, their start and end as
// "HH:MM" in the account's time zone (IANA, the browser's), none until first set. A message keeps whether its
// sender marked it urgent (default no: every message written before this one was not).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('quiet_hours_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('notification_preferences').addColumn('quiet_hours_start', 'text').execute();
  await db.schema.alterTable('notification_preferences').addColumn('quiet_hours_end', 'text').execute();
  await db.schema.alterTable('notification_preferences').addColumn('quiet_hours_time_zone', 'text').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('urgent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('urgent').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('quiet_hours_time_zone').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('quiet_hours_end').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('quiet_hours_start').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('quiet_hours_enabled').execute();
}
