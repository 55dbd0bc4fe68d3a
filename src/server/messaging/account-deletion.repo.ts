import type { Db } from '../db/index.js';
import { touchInboxes } from './inbox.repo.js';

/** What the other participant (an account, or null: a visitor) no longer sees of a deleted account's conversation. */
export interface GoneMessages {
  conversationId: string;
  otherUserId: string | null;
  messageIds: string[];
}

/**
 * Everything messaging keeps of an account being deleted (decision 0149), in the deletion's transaction.
 * Where it wrote to someone's vehicle (side two), the owner keeps their side: the account's messages go,
 * side two is left empty (shown as "Deleted account", no reply possible), and the pair key no longer names
 * it; the conversation goes when nothing of the owner's is left. Where it owns the vehicle (side one), the
 * conversation goes whole with its vehicle. Its blocks and the blocks of it, its settings and idempotency
 * keys go; the other participants' inbox versions move. Answers which messages each of them lost.
 */
export async function deleteMessagingOfAccount(db: Db, userId: string): Promise<GoneMessages[]> {
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'ownerOneId', 'userTwoId'])
    .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('userTwoId', '=', userId)]))
    .execute();
  const gone: GoneMessages[] = [];
  for (const conversation of conversations) {
    const isOwner = conversation.ownerOneId === userId;
    const messages = await db
      .selectFrom('messages')
      .select(['id', 'senderSide'])
      .where('conversationId', '=', conversation.id)
      .execute();
    const going = isOwner ? messages : messages.filter((message) => message.senderSide === 'two');
    const otherUserId = isOwner ? conversation.userTwoId : conversation.ownerOneId;
    gone.push({
      conversationId: conversation.id,
      otherUserId,
      messageIds: going.map((message) => message.id),
    });
    if (isOwner || going.length === messages.length) {
      await db.deleteFrom('messages').where('conversationId', '=', conversation.id).execute();
      await db.deleteFrom('conversations').where('id', '=', conversation.id).execute();
      continue;
    }
    if (going.length > 0) {
      await db
        .deleteFrom('messages')
        .where(
          'id',
          'in',
          going.map((message) => message.id),
        )
        .execute();
    }
    await db
      .updateTable('conversations')
      .set({
        userTwoId: null,
        vehicleTwoId: null,
        visitorTwoNetwork: null,
        partyKey: `deleted:${conversation.id}`,
      })
      .where('id', '=', conversation.id)
      .execute();
  }
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedUserId', '=', userId)]))
    .execute();
  await db.deleteFrom('messagePreferences').where('userId', '=', userId).execute();
  await db.deleteFrom('idempotencyKeys').where('senderKey', '=', `u:${userId}`).execute();
  await touchInboxes(
    db,
    gone.map((entry) => entry.otherUserId),
  );
  return gone;
}
