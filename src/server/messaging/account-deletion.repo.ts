import type { Db } from '../db/index.js';
import type { ConversationSide } from '../db/schema.js';
import { touchInboxes } from './inbox.repo.js';

/** What the other participant (an account, or null: a visitor) no longer sees of a deleted account's conversation. */
export interface GoneMessages {
  conversationId: string;
  otherUserId: string | null;
  messageIds: string[];
}

/**
 * Everything messaging keeps of an account being deleted (decisions 0149, 0152), in the deletion's
 * transaction. In each of its conversations, on either side, the other participant keeps their side until
 * retention takes it: the account's messages go, its side is left empty (shown as "Deleted account", no
 * reply possible) and the pair key no longer names it. Where it owned the vehicle written to (side one),
 * the vehicle and the owner's one-tap answer go from the conversation too (the vehicle itself goes with
 * `account.deleted`), and the network of a visitor kept for the owner's blocks. A conversation goes whole
 * when nothing of the other side's is left. Its blocks and the blocks of it, its settings and idempotency
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
    const side: ConversationSide = conversation.ownerOneId === userId ? 'one' : 'two';
    const messages = await db
      .selectFrom('messages')
      .select(['id', 'senderSide'])
      .where('conversationId', '=', conversation.id)
      .execute();
    const going = messages.filter((message) => message.senderSide === side);
    const otherUserId = side === 'one' ? conversation.userTwoId : conversation.ownerOneId;
    gone.push({
      conversationId: conversation.id,
      otherUserId,
      messageIds: going.map((message) => message.id),
    });
    // Nothing of the other side's left (or the other side is a deleted account already): nobody keeps it.
    if (going.length === messages.length) {
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
      .set(
        side === 'one'
          ? {
              ownerOneId: null,
              vehicleOneId: null,
              ownerStatus: null,
              ownerStatusAt: null,
              visitorTwoNetwork: null,
              partyKey: `deleted:${conversation.id}`,
            }
          : {
              userTwoId: null,
              vehicleTwoId: null,
              visitorTwoNetwork: null,
              partyKey: `deleted:${conversation.id}`,
            },
      )
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
