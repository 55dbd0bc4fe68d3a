import type { Db } from '../db/index.js';

/** The SQL of what became of a message for its sender (issue 32): its state, its thread, the settings. */
export function createStatusRepo(db: Db) {
  return {
    /** A message with its conversation's sides, clears and the owner's answer; whoever asks (the service checks). */
    findMessageWithConversation(messageId: string) {
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

    /** Notes the one "notify again" of a message; false when it was already noted (a race, or a retry). */
    async markNotifiedAgain(messageId: string, at: number) {
      const { numUpdatedRows } = await db
        .updateTable('messages')
        .set({ notifiedAgainAt: at })
        .where('id', '=', messageId)
        .where('notifiedAgainAt', 'is', null)
        .executeTakeFirst();
      return Number(numUpdatedRows) > 0;
    },
  };
}

export type StatusRepo = ReturnType<typeof createStatusRepo>;
