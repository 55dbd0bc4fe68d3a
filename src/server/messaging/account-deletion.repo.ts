import type { Db } from '../db/index.js';
import { touchInboxes } from './inbox.repo.js';

/** A conversation of a deleted account, as the other participant (an account, or null: a visitor) had it. */
export interface GoneConversation {
  conversationId: string;
  otherUserId: string | null;
  messageIds: string[];
}

/**
 * Everything messaging keeps of an account being deleted (decision 0149), in the deletion's transaction:
 * its conversations on either side with every message in them (the other participants' lists move on:
 * their inbox versions are bumped), its blocks and the blocks of it, its settings, its idempotency keys.
 * Answers the conversations that went, with their messages' ids.
 */
export async function deleteMessagingOfAccount(db: Db, userId: string): Promise<GoneConversation[]> {
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'ownerOneId', 'userTwoId'])
    .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('userTwoId', '=', userId)]))
    .execute();
  const ids = conversations.map((conversation) => conversation.id);
  const gone: GoneConversation[] = conversations.map((c) => ({
    conversationId: c.id,
    otherUserId: c.ownerOneId === userId ? c.userTwoId : c.ownerOneId,
    messageIds: [],
  }));
  if (ids.length > 0) {
    const messages = await db
      .selectFrom('messages')
      .select(['id', 'conversationId'])
      .where('conversationId', 'in', ids)
      .execute();
    for (const message of messages) {
      gone.find((c) => c.conversationId === message.conversationId)?.messageIds.push(message.id);
    }
    await db.deleteFrom('messages').where('conversationId', 'in', ids).execute();
    await db.deleteFrom('conversations').where('id', 'in', ids).execute();
  }
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedUserId', '=', userId)]))
    .execute();
  await db.deleteFrom('messagePreferences').where('userId', '=', userId).execute();
  await db.deleteFrom('idempotencyKeys').where('senderKey', '=', `u:${userId}`).execute();
  await touchInboxes(
    db,
    gone.map((c) => c.otherUserId),
  );
  return gone;
}
