import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { ConversationSide } from '../db/schema.js';
import type { MessageNotice } from '../ports.js';

/** A user's unread messages as counted (UnreadRepo.countUnread). */
export interface UnreadSummary {
  count: number;
  /** When the oldest of them was written; null when there are none. */
  oldestAt: number | null;
  /** The user's inbox version the count was made at (src/server/messaging/inbox.repo.ts). */
  inboxVersion: number;
}

/** When each unread message on one side of the user's conversations was written (see countUnread). */
const unreadOnSide = (db: Db, side: ConversationSide, args: { userId: string; since: number }) => {
  const { user, writer, clearedAt } =
    side === 'one'
      ? ({ user: 'ownerOneId', writer: 'two', clearedAt: 'conversations.oneClearedAt' } as const)
      : ({ user: 'userTwoId', writer: 'one', clearedAt: 'conversations.twoClearedAt' } as const);
  return db
    .selectFrom('conversations')
    .innerJoin('messages', 'messages.conversationId', 'conversations.id')
    .select('messages.createdAt')
    .where(`conversations.${user}`, '=', args.userId)
    .where('conversations.lastMessageAt', '>', args.since)
    .where('messages.senderSide', '=', writer)
    .where('messages.isRead', '=', 0)
    .where('messages.createdAt', '>', args.since)
    .whereRef('messages.createdAt', '>', clearedAt);
};

/** Both sides' unread messages of the user, as `unread`. */
const unreadMessagesOf = (db: Db, args: { userId: string; since: number }) =>
  db.selectFrom(
    unreadOnSide(db, 'one', args)
      .unionAll(unreadOnSide(db, 'two', args))
      .as('unread'),
  );

/**
 * Both sides' unread messages counted in one statement (one round trip on PostgreSQL), with the oldest one's
 * time and the inbox version they were counted at: one statement sees one state of the database.
 */
const unreadSummary = prepareQuery((db: Db, args: { userId: string; since: number }) =>
  unreadMessagesOf(db, args).select((eb) => [
    eb.fn.countAll<number | string>().as('count'),
    eb.fn.min<number | string | null>('unread.createdAt').as('oldestAt'),
    eb.selectFrom('users').select('inboxVersion').where('id', '=', args.userId).as('inboxVersion'),
  ]),
);

/**
 * What a notification of a message shows its recipient (the message, the vehicles of its conversation)
 * with the recipient's unread count, in one statement: read in the message's own transaction for every
 * recipient with push, so compiled once (src/server/db/prepared.ts).
 */
const messageNotice = prepareQuery(
  (db: Db, args: { messageId: string; recipientUserId: string; since: number }) =>
    db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
      .leftJoin('vehicles as one', 'one.id', 'conversations.vehicleOneId')
      .leftJoin('vehicles as two', 'two.id', 'conversations.vehicleTwoId')
      .select([
        'messages.content',
        'messages.senderSide',
        'messages.urgent',
        'messages.conversationId',
        'one.displayName as oneDisplayName',
        'one.year as oneYear',
        'one.make as oneMake',
        'one.model as oneModel',
        'one.licensePlate as onePlate',
        'two.displayName as twoDisplayName',
        'two.year as twoYear',
        'two.make as twoMake',
        'two.model as twoModel',
        'two.licensePlate as twoPlate',
        unreadMessagesOf(db, { userId: args.recipientUserId, since: args.since })
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .as('unreadCount'),
      ])
      .where('messages.id', '=', args.messageId)
      .where((eb) =>
        eb.or([
          eb('conversations.ownerOneId', '=', args.recipientUserId),
          eb('conversations.userTwoId', '=', args.recipientUserId),
        ]),
      ),
);

/** SQL of unread counts: every statement names the user it counts for. */
export function createUnreadRepo(db: Db) {
  return {
    /**
     * Unread messages for the user: written by the other side of their conversations, since `since`.
     * Counted from the user's conversations on each side (their indexes), never by scanning messages; with
     * when the oldest of them was written (null: none) and the user's inbox version they were counted at.
     */
    async countUnread(userId: string, since: number): Promise<UnreadSummary> {
      const row = await unreadSummary.first(db, { userId, since });
      return {
        count: Number(row?.count ?? 0),
        oldestAt: row?.oldestAt === null || row?.oldestAt === undefined ? null : Number(row.oldestAt),
        inboxVersion: Number(row?.inboxVersion ?? 0),
      };
    },

    /** What a notification of the message shows `recipientUserId` (a participant), or undefined if gone. */
    async findMessageNotice(
      messageId: string,
      recipientUserId: string,
      since: number,
    ): Promise<MessageNotice | undefined> {
      const row = await messageNotice.first(db, { messageId, recipientUserId, since });
      if (!row) return undefined;
      const recipientIsOne = row.senderSide === 'two';
      return {
        conversationId: row.conversationId,
        content: row.content,
        urgent: Number(row.urgent) === 1,
        /** The recipient's own vehicle in the conversation (none: an account that wrote without one). */
        recipientVehicle: recipientIsOne
          ? {
              displayName: row.oneDisplayName,
              year: row.oneYear,
              make: row.oneMake,
              model: row.oneModel,
              licensePlate: row.onePlate,
            }
          : {
              displayName: row.twoDisplayName,
              year: row.twoYear,
              make: row.twoMake,
              model: row.twoModel,
              licensePlate: row.twoPlate,
            },
        recipientIsOwner: recipientIsOne,
        // PostgreSQL answers a count as a string, SQLite as a number.
        unreadCount: Number(row.unreadCount ?? 0),
      };
    },
  };
}

export type UnreadRepo = ReturnType<typeof createUnreadRepo>;
