import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';

/*
 * A user's inbox version (users.inbox_version) changes with every write that changes what their message
 * lists show: a message written, read or deleted, a conversation cleared from a side, a vehicle in one of
 * their conversations edited or removed. The bump is part of the write's own transaction, so whoever reads
 * the version (the session read brings it along) and then the lists sees lists at least that new: an answer
 * cached for a version stays right until the version moves or one of its messages reaches 24 hours
 * (docs/decisions/0108-conversation-list-cache.md). Messages deleted by the retention job were past 24 hours,
 * out of every list already, so that job bumps nothing.
 */

// Of every message sent: compiled once (src/server/db/prepared.ts).
const touchOne = prepareQuery((db: Db, args: { id: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ inboxVersion: eb('inboxVersion', '+', 1) }))
    .where('id', '=', args.id)
    .returning('inboxVersion'),
);

/** The inbox version each user's row holds after a bump, by user id. */
export type InboxVersions = Record<string, number>;

/**
 * Bumps the inbox versions of `userIds` (nulls and repeats ignored) and answers the new ones. Call it last
 * in the transaction.
 * Each user's row is updated alone, in the order of their ids: on PostgreSQL every transaction takes these
 * locks last and in that one order, so two writes bumping the same users wait for each other and never
 * deadlock (a single UPDATE of several rows locks them in whatever order its plan meets them). The lock is
 * the one of an UPDATE of a column no foreign key points at: the KEY SHARE locks that inserts referencing a
 * user take, in this transaction or another, let it be.
 */
export async function touchInboxes(db: Db, userIds: readonly (string | null)[]): Promise<InboxVersions> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))].sort();
  const versions: InboxVersions = {};
  for (const id of ids) {
    const row = await touchOne.first(db, { id });
    // PostgreSQL answers a bigint as a number here (src/server/db/index.ts), SQLite an integer.
    if (row) versions[id] = Number(row.inboxVersion);
  }
  return versions;
}

/**
 * The conversations `vehicle` is in, found through its owner, who is the user of the side it is on (the
 * vehicle written to on side one, the sender's own vehicle on side two; vehicles never change owners): the
 * owner's indexes, not a scan of every conversation inside a vehicle edit's write transaction.
 */
export const conversationsOfVehicle = (db: Db, vehicle: { id: string; ownerId: string }) =>
  db
    .selectFrom('conversations')
    .select(['ownerOneId', 'userTwoId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('ownerOneId', '=', vehicle.ownerId), eb('vehicleOneId', '=', vehicle.id)]),
        eb.and([eb('userTwoId', '=', vehicle.ownerId), eb('vehicleTwoId', '=', vehicle.id)]),
      ]),
    );

/** Bumps the inbox versions of everyone in a conversation with `vehicle` (its name shows there). */
export async function touchInboxesOfVehicle(db: Db, vehicle: { id: string; ownerId: string }): Promise<void> {
  const conversations = await conversationsOfVehicle(db, vehicle).execute();
  await touchInboxes(
    db,
    conversations.flatMap((conversation) => [conversation.ownerOneId, conversation.userTwoId]),
  );
}
