import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';

/** Stamps a message delivered, once: the first socket or push service to take it wins (issue 32). */
const markDelivered = prepareQuery((db: Db, args: { messageId: string; at: number }) =>
  db
    .updateTable('messages')
    .set({ deliveredAt: args.at })
    .where('id', '=', args.messageId)
    .where('deliveredAt', 'is', null)
    .returning(['conversationId', 'senderSide']),
);

/** Who wrote a message, as its conversation names them: an account, else the visitor's cookie hash. */
const senderOfConversation = prepareQuery((db: Db, args: { conversationId: string }) =>
  db
    .selectFrom('conversations')
    .select(['ownerOneId', 'userTwoId', 'visitorTwoHash'])
    .where('id', '=', args.conversationId),
);

/** The SQL of what became of a message after it was written: delivered, or not yet (issue 32). */
export function createDeliveryRepo(db: Db) {
  return {
    /**
     * Marks the message delivered at `at` unless it was already; answers its conversation and the side that
     * wrote it when this call was the first, else undefined (also for a message that is gone).
     */
    markDelivered: (messageId: string, at: number) => markDelivered.first(db, { messageId, at }),
    findParties: (conversationId: string) => senderOfConversation.first(db, { conversationId }),

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
