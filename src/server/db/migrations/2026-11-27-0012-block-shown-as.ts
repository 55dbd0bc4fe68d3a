import type { Kysely } from 'kysely';

// The side of the conversation the blocker was on when they blocked: 'one' (the owner of the vehicle written
// to, blocking its sender) or 'two' (a sender blocking the owner). Only an owner-side block of an account
// shows the blocked account's masked address; a sender sees the owner only as the vehicle they wrote to
// (ADDENDUM §1). Rows from before are null, shown as a vehicle or "Anonymous sender" only: their
// conversations may be gone, so which side blocked cannot be told (docs/decisions/0124-unblock-by-address.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blocks').addColumn('blocker_side', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blocks').dropColumn('blocker_side').execute();
}
