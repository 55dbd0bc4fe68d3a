import { randomUUID } from 'node:crypto';
import { type Insertable, type Selectable, sql } from 'kysely';
import { PUBLIC_VEHICLE_KEYS } from '../../shared/vehicles/vehicle.js';
import { timeOrderedId } from '../db/ids.js';
import type { Db, Engine } from '../db/index.js';
import type { ConversationSide, ConversationsTable, MessagesTable } from '../db/schema.js';

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** SQL of conversations, messages and idempotency keys. Every read of a user's data names the user. */
export function createMessagingRepo(db: Db, engine: Engine) {
  const messageViews = () =>
    db
      .selectFrom('messages')
      .leftJoin('vehicles', 'vehicles.id', 'messages.senderVehicleId')
      .select([
        'messages.id',
        'messages.conversationId',
        'messages.senderSide',
        'messages.senderVehicleId',
        'messages.content',
        'messages.isRead',
        'messages.createdAt',
        'vehicles.make',
        'vehicles.model',
        'vehicles.licensePlate',
      ]);

  return {
    /** A vehicle someone wants to write to, with what the rules need: its owner, state and setting. */
    findTargetVehicle(id: string) {
      return db
        .selectFrom('vehicles')
        .select(['id', 'ownerId', 'isActive', 'acceptMessagesFrom'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The sender's active vehicles, oldest first (the first is who they write as by default). */
    listActiveVehicleIdsOf(ownerId: string) {
      return db
        .selectFrom('vehicles')
        .select('id')
        .where('ownerId', '=', ownerId)
        .where('isActive', '=', 1)
        .orderBy('createdAt', 'asc')
        .orderBy('id')
        .execute();
    },

    /** The public shape of the vehicles a list of conversations names (ADDENDUM §1). */
    findPublicVehicles(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('vehicles').select(PUBLIC_VEHICLE_KEYS).where('id', 'in', ids).execute();
    },

    /**
     * The conversation of a pair, made on first use and marked active at `lastMessageAt` in the same
     * statement; of two racing first messages, both get the one row.
     */
    upsertConversation(values: Omit<Insertable<ConversationsTable>, 'id'>) {
      return db
        .insertInto('conversations')
        .values({ ...values, id: randomUUID() })
        .onConflict((conflict) =>
          conflict.column('partyKey').doUpdateSet((eb) => ({
            lastMessageAt: eb
              .case()
              .when('excluded.lastMessageAt', '>', eb.ref('conversations.lastMessageAt'))
              .then(eb.ref('excluded.lastMessageAt'))
              .else(eb.ref('conversations.lastMessageAt'))
              .end(),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertMessage(values: Omit<Insertable<MessagesTable>, 'id'>) {
      const message = { ...values, id: timeOrderedId() };
      await db.insertInto('messages').values(message).execute();
      return message;
    },

    /** A conversation's latest message is at `at` (unless a later one is already there). */
    async markActive(conversationId: string, at: number) {
      await db
        .updateTable('conversations')
        .set({ lastMessageAt: at })
        .where('id', '=', conversationId)
        .where('lastMessageAt', '<', at)
        .execute();
    },

    /** Conversations the user is a participant of, with a message since `since`, newest first. */
    listConversationsOf(userId: string, since: number) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('userTwoId', '=', userId)]))
        .where('lastMessageAt', '>', since)
        .orderBy('lastMessageAt', 'desc')
        .orderBy('id')
        .limit(200)
        .execute();
    },

    /** One conversation, only if the user is a participant. */
    findConversationOf(userId: string, conversationId: string) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', conversationId)
        .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('userTwoId', '=', userId)]))
        .executeTakeFirst();
    },

    /** The messages of conversations since `since`, oldest first, with the sender vehicle's description. */
    listMessages(conversationIds: string[], since: number) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return messageViews()
        .where('messages.conversationId', 'in', conversationIds)
        .where('messages.createdAt', '>', since)
        .orderBy('messages.createdAt', 'asc')
        .orderBy('messages.id')
        .execute();
    },

    findMessage(messageId: string) {
      return messageViews().where('messages.id', '=', messageId).executeTakeFirstOrThrow();
    },

    /** Marks what the other side wrote as read by `side`. */
    async markRead(conversationId: string, side: ConversationSide) {
      await db
        .updateTable('messages')
        .set({ isRead: 1 })
        .where('conversationId', '=', conversationId)
        .where('senderSide', '!=', side)
        .where('isRead', '=', 0)
        .execute();
    },

    /**
     * Unread messages for the user: written by the other side of their conversations, since `since`.
     * Counted from the user's conversations on each side (their indexes), never by scanning messages.
     */
    async countUnread(userId: string, since: number) {
      const countFor = (side: ConversationSide) => {
        const { user, writer, clearedAt } =
          side === 'one'
            ? ({ user: 'ownerOneId', writer: 'two', clearedAt: 'conversations.oneClearedAt' } as const)
            : ({ user: 'userTwoId', writer: 'one', clearedAt: 'conversations.twoClearedAt' } as const);
        return db
          .selectFrom('conversations')
          .innerJoin('messages', 'messages.conversationId', 'conversations.id')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where(`conversations.${user}`, '=', userId)
          .where('conversations.lastMessageAt', '>', since)
          .where('messages.senderSide', '=', writer)
          .where('messages.isRead', '=', 0)
          .where('messages.createdAt', '>', since)
          .whereRef('messages.createdAt', '>', clearedAt)
          .executeTakeFirstOrThrow();
      };
      const [one, two] = [await countFor('one'), await countFor('two')];
      return { count: Number(one.count) + Number(two.count) };
    },

    async clearForSide(conversationId: string, side: ConversationSide, at: number) {
      await db
        .updateTable('conversations')
        .set(side === 'one' ? { oneClearedAt: at } : { twoClearedAt: at })
        .where('id', '=', conversationId)
        .execute();
    },

    /** A message of a conversation the user is a participant of. */
    findMessageOf(userId: string, messageId: string) {
      return db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .select(['messages.id', 'messages.conversationId', 'messages.senderSide'])
        .where('messages.id', '=', messageId)
        .where((eb) =>
          eb.or([eb('conversations.ownerOneId', '=', userId), eb('conversations.userTwoId', '=', userId)]),
        )
        .executeTakeFirst();
    },

    async deleteMessage(messageId: string) {
      await db.deleteFrom('messages').where('id', '=', messageId).execute();
    },

    /**
     * Retention (ADDENDUM §3): deletes messages and idempotency keys older than `cutoff`, then the
     * conversations left without a message. Plain deletes: safe when every instance runs them at once.
     */
    async purgeOlderThan(cutoff: number) {
      const messages = await db.deleteFrom('messages').where('createdAt', '<=', cutoff).executeTakeFirst();
      await db.deleteFrom('idempotencyKeys').where('createdAt', '<=', cutoff).execute();
      const conversations = await db
        .deleteFrom('conversations')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('messages')
                .select('messages.id')
                .whereRef('messages.conversationId', '=', 'conversations.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return {
        messages: Number(messages.numDeletedRows),
        conversations: Number(conversations.numDeletedRows),
      };
    },

    /** SQLite keeps deleted pages in its write-ahead log until a checkpoint: truncate it after a purge. */
    async truncateWriteAheadLog() {
      if (engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    },

    findIdempotentResponse(senderKey: string, idempotencyKey: string) {
      return db
        .selectFrom('idempotencyKeys')
        .select('response')
        .where('senderKey', '=', senderKey)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** Fails with a unique violation when another request stored the key first. */
    async insertIdempotentResponse(senderKey: string, idempotencyKey: string, response: string, now: number) {
      await db
        .insertInto('idempotencyKeys')
        .values({ senderKey, idempotencyKey, response, createdAt: now })
        .execute();
    },
  };
}

export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
