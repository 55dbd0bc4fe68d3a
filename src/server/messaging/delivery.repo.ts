import type { NotNull } from 'kysely';
import type { Db } from '../db/index.js';
import type { ConversationSide } from '../db/schema.js';

/** The SQL of what became of a message after it was written: delivered, or not yet (issue 32). */
export function createDeliveryRepo(db: Db) {
  /** Messages just stamped, with their conversation's sides (who wrote each, whom to tell). */
  async function withParties(
    stamped: Array<{ id: string; conversationId: string; senderSide: ConversationSide }>,
  ) {
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
  }

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
      return withParties(stamped);
    },

    /**
     * Stamps delivered at `at` every message written to `userId` since `since` that nothing took yet (their
     * app just connected: the device has them now); answers those, as markDelivered does.
     */
    async markDeliveredTo(userId: string, since: number, at: number) {
      const stamped = await db
        .updateTable('messages')
        .set({ deliveredAt: at })
        .where('deliveredAt', 'is', null)
        .where('createdAt', '>', since)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('senderSide', '=', 'two'),
              eb(
                'conversationId',
                'in',
                eb
                  .selectFrom('conversations')
                  .select('id')
                  .where('ownerOneId', '=', userId)
                  .where('lastMessageAt', '>', since),
              ),
            ]),
            eb.and([
              eb('senderSide', '=', 'one'),
              eb(
                'conversationId',
                'in',
                eb
                  .selectFrom('conversations')
                  .select('id')
                  .where('userTwoId', '=', userId)
                  .where('lastMessageAt', '>', since),
              ),
            ]),
          ]),
        )
        .returning(['id', 'conversationId', 'senderSide'])
        .execute();
      return withParties(stamped);
    },

    /**
     * Messages written to a vehicle's owner (side two wrote) in (`from`, `until`] that no socket or push
     * service took and nobody read, not hidden by the owner's "delete conversation"; oldest first (by the
     * messages' created_at index), a page of `limit` from after the cursor `after`.
     */
    async listUndeliveredToOwners(range: {
      from: number;
      until: number;
      after?: { createdAt: number; messageId: string };
      limit: number;
    }) {
      const { after } = range;
      const rows = await db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .select(['messages.id', 'messages.conversationId', 'messages.createdAt', 'conversations.ownerOneId'])
        .where('messages.createdAt', '>', range.from)
        .where('messages.createdAt', '<=', range.until)
        .$if(after !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('messages.createdAt', '>', after?.createdAt ?? 0),
              eb.and([
                eb('messages.createdAt', '=', after?.createdAt ?? 0),
                eb('messages.id', '>', after?.messageId ?? ''),
              ]),
            ]),
          ),
        )
        .where('messages.senderSide', '=', 'two')
        .where('messages.deliveredAt', 'is', null)
        .where('messages.isRead', '=', 0)
        .whereRef('messages.createdAt', '>', 'conversations.oneClearedAt')
        // An owner who deleted their account (0152) has nobody to deliver to.
        .where('conversations.ownerOneId', 'is not', null)
        .$narrowType<{ ownerOneId: NotNull }>()
        .orderBy('messages.createdAt')
        .orderBy('messages.id')
        .limit(range.limit)
        .execute();
      return rows.map((row) => ({
        messageId: row.id,
        conversationId: row.conversationId,
        recipientUserId: row.ownerOneId,
        // PostgreSQL answers a bigint as text.
        createdAt: Number(row.createdAt),
      }));
    },
  };
}
