import type { Db } from '../db/index.js';

/** The SQL of a message's delivery: stamped once, the first socket or push service to take it wins (issue 32). */
export function createDeliveryRepo(db: Db) {
  return {
    /**
     * Stamps the messages delivered at `at` unless they were already; answers those this call stamped, with
     * their conversation's sides (who wrote each: an account, else the visitor's cookie hash).
     */
    async markDelivered(messageIds: readonly string[], at: number) {
      if (messageIds.length === 0) return [];
      const stamped = await db
        .updateTable('messages')
        .set({ deliveredAt: at })
        .where('id', 'in', messageIds)
        .where('deliveredAt', 'is', null)
        .returning(['id', 'conversationId', 'senderSide'])
        .execute();
      if (stamped.length === 0) return [];
      const parties = new Map(
        (
          await db
            .selectFrom('conversations')
            .select(['id', 'ownerOneId', 'userTwoId', 'visitorTwoHash'])
            .where('id', 'in', [...new Set(stamped.map((row) => row.conversationId))])
            .execute()
        ).map((row) => [row.id, row]),
      );
      return stamped.flatMap((row) => {
        const conversation = parties.get(row.conversationId);
        return conversation ? [{ ...row, conversation }] : [];
      });
    },
  };
}
