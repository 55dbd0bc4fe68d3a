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

/** The SQL of what became of a message after it was written: delivered (issue 32). */
export function createDeliveryRepo(db: Db) {
  return {
    /**
     * Marks the message delivered at `at` unless it was already; answers its conversation and the side that
     * wrote it when this call was the first, else undefined (also for a message that is gone).
     */
    markDelivered: (messageId: string, at: number) => markDelivered.first(db, { messageId, at }),
    findParties: (conversationId: string) => senderOfConversation.first(db, { conversationId }),
  };
}
