import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** Who asks about a message they sent: their account (if signed in), their visitor cookie's hash (if any). */
export interface SenderKey {
  userId: string | null;
  visitorHash: string | null;
}

/**
 * The message was written by `sender`: its side's account, or (side two without one) the visitor whose
 * cookie it was written with. Nobody else may learn anything of it, the owner of the vehicle included.
 */
const sentBy = (sender: SenderKey) => (eb: ExpressionBuilder<Database, 'messages' | 'conversations'>) => {
  const { userId, visitorHash } = sender;
  return eb.or([
    ...(userId === null
      ? []
      : [
          eb.and([eb('messages.senderSide', '=', 'one'), eb('conversations.ownerOneId', '=', userId)]),
          eb.and([eb('messages.senderSide', '=', 'two'), eb('conversations.userTwoId', '=', userId)]),
        ]),
    ...(visitorHash === null
      ? []
      : [
          eb.and([
            eb('messages.senderSide', '=', 'two'),
            eb('conversations.userTwoId', 'is', null),
            eb('conversations.visitorTwoHash', '=', visitorHash),
          ]),
        ]),
  ]);
};

/** The SQL of what became of a message for its sender (issue 32): its state, its thread, the settings. */
export function createStatusRepo(db: Db) {
  return {
    /** A message `sender` wrote, with its conversation's sides, clears and the owner's answer. */
    async findMessageWithConversation(sender: SenderKey, messageId: string) {
      if (sender.userId === null && sender.visitorHash === null) return undefined;
      return db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .select([
          'messages.id',
          'messages.conversationId',
          'messages.senderSide',
          'messages.content',
          'messages.isRead',
          'messages.createdAt',
          'messages.deliveredAt',
          'messages.readAt',
          'messages.notifiedAgainAt',
          'conversations.vehicleOneId',
          'conversations.ownerOneId',
          'conversations.userTwoId',
          'conversations.visitorTwoHash',
          'conversations.oneClearedAt',
          'conversations.twoClearedAt',
          'conversations.ownerStatus',
          'conversations.ownerStatusAt',
        ])
        .where('messages.id', '=', messageId)
        .where(sentBy(sender))
        .executeTakeFirst();
    },

    /** The conversation's messages from `from` on (inclusive), oldest first, at most 200. */
    listThreadFrom(conversationId: string, from: number) {
      return db
        .selectFrom('messages')
        .select(['id', 'senderSide', 'content', 'createdAt'])
        .where('conversationId', '=', conversationId)
        .where('createdAt', '>=', from)
        .orderBy('createdAt', 'asc')
        .orderBy('id')
        .limit(200)
        .execute();
    },

    /** Whether the account sends read receipts (no row: the default, on). */
    async sendsReadReceipts(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('messagePreferences')
        .select('readReceipts')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row === undefined || row.readReceipts === 1;
    },

    async saveReadReceipts(userId: string, readReceipts: boolean, now: number) {
      await db
        .insertInto('messagePreferences')
        .values({ userId, readReceipts: readReceipts ? 1 : 0, updatedAt: now })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet({ readReceipts: readReceipts ? 1 : 0, updatedAt: now }),
        )
        .execute();
    },

    /** The owner's one-tap answer in a conversation of theirs; false when it is gone. */
    async saveOwnerStatus(ownerId: string, conversationId: string, code: string, at: number) {
      const { numUpdatedRows } = await db
        .updateTable('conversations')
        .set({ ownerStatus: code, ownerStatusAt: at })
        .where('id', '=', conversationId)
        .where('ownerOneId', '=', ownerId)
        .executeTakeFirst();
      return Number(numUpdatedRows) > 0;
    },

    /**
     * Notes the one "notify again" of a message `sender` wrote; false when it was already noted (a race, or a
     * retry), or is not theirs.
     */
    async markNotifiedAgain(sender: SenderKey, messageId: string, at: number) {
      const { numUpdatedRows } = await db
        .updateTable('messages')
        .set({ notifiedAgainAt: at })
        .where('messages.id', '=', messageId)
        .where('messages.notifiedAgainAt', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('conversations')
              .select('conversations.id')
              .whereRef('conversations.id', '=', 'messages.conversationId')
              .where(sentBy(sender)),
          ),
        )
        .executeTakeFirst();
      return Number(numUpdatedRows) > 0;
    },
  };
}

export type StatusRepo = ReturnType<typeof createStatusRepo>;
