import type { ExpressionBuilder } from 'kysely';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import { PUBLIC_VEHICLE_KEYS } from '../../shared/vehicles/vehicles.contract.js';
import type { Db, Engine } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { ConversationSide, Database } from '../db/schema.js';
import { createBlocksRepo, ownerHasBlocked, type SenderSubject } from './blocks.repo.js';
import { touchInboxes } from './inbox.repo.js';
import { createSendRepo, greatestOf } from './send.repo.js';
import { createStatusRepo } from './status.repo.js';

// The reads of every message sent, compiled once (src/server/db/prepared.ts).
/** The target vehicle, and whether its owner blocked the sender (an account, or a visitor and their network). */
const targetVehicle = {
  userId: prepareQuery((db: Db, args: { id: string; sender: string }) =>
    db
      .selectFrom('vehicles')
      .select(['id', 'ownerId', 'isActive', 'acceptMessagesFrom'])
      .select((eb) => ownerHasBlocked(eb, { userId: args.sender }).as('isBlocked'))
      .where('id', '=', args.id),
  ),
  visitorHash: prepareQuery((db: Db, args: { id: string; sender: string; network: string; now: number }) =>
    db
      .selectFrom('vehicles')
      .select(['id', 'ownerId', 'isActive', 'acceptMessagesFrom'])
      .select((eb) =>
        ownerHasBlocked(eb, { visitorHash: args.sender, network: args.network, now: args.now }).as(
          'isBlocked',
        ),
      )
      .where('id', '=', args.id),
  ),
};

/** Whether the pair's conversation is there with a message since `since`: a message to it opens nothing new. */
const openConversationQuery = prepareQuery((db: Db, args: { partyKey: string; since: number }) =>
  db
    .selectFrom('conversations')
    .select('id')
    .where('partyKey', '=', args.partyKey)
    .where('lastMessageAt', '>', args.since),
);

/** The conversation `conversationId` when `userId` is one of its two sides: how every read names its user. */
const ofParticipant = (eb: ExpressionBuilder<Database, 'conversations'>, userId: string) =>
  eb.or([eb('conversations.ownerOneId', '=', userId), eb('conversations.userTwoId', '=', userId)]);

/** The ids of `conversationId` if `userId` takes part in it (none otherwise), for a statement on its messages. */
const participantConversation = (db: Db, userId: string, conversationId: string) =>
  db
    .selectFrom('conversations')
    .select('conversations.id')
    .where('conversations.id', '=', conversationId)
    .where((eb) => ofParticipant(eb, userId));

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
        'messages.urgent',
        'vehicles.make',
        'vehicles.model',
        'vehicles.licensePlate',
      ]);

  const blocks = createBlocksRepo(db);
  return {
    ...createSendRepo(db, engine),
    ...createStatusRepo(db),
    /** Whether `blockerId` blocked the account `userId` (a reply's recipient its writer). */
    isUserBlocked: blocks.isUserBlocked,
    /** What the user blocked, to show each of their conversations as blocked or not. */
    listBlockSubjectsOf: blocks.listBlockSubjectsOf,

    /**
     * A vehicle someone wants to write to, with what the rules need: its owner, state and setting, and
     * whether its owner blocked the sender (a visitor also by the network they write from, at `now`).
     */
    async findTargetVehicle(id: string, sender: SenderSubject) {
      const row =
        'userId' in sender
          ? await targetVehicle.userId.first(db, { id, sender: sender.userId })
          : await targetVehicle.visitorHash.first(db, {
              id,
              sender: sender.visitorHash,
              network: sender.network,
              now: sender.now,
            });
      // PostgreSQL answers a boolean, SQLite 0 or 1.
      return row && { ...row, isBlocked: Boolean(row.isBlocked) };
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
     * Whether a message to the pair `partyKey` goes to a conversation it has with a message since `since`
     * (one its owner still sees), rather than opening one (the per-vehicle inflow limit counts those).
     */
    async hasOpenConversation(partyKey: string, since: number): Promise<boolean> {
      return (await openConversationQuery.first(db, { partyKey, since })) !== undefined;
    },

    /** Conversations the user is a participant of, with a message since `since`, newest first. */
    listConversationsOf(userId: string, since: number) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => ofParticipant(eb, userId))
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
        .where((eb) => ofParticipant(eb, userId))
        .executeTakeFirst();
    },

    /**
     * The messages of the user's conversations `conversationIds` since `since`, oldest first, with the
     * sender vehicle's description.
     */
    listMessagesOf(userId: string, conversationIds: string[], since: number) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return messageViews()
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .where('messages.conversationId', 'in', conversationIds)
        .where((eb) => ofParticipant(eb, userId))
        .where('messages.createdAt', '>', since)
        .orderBy('messages.createdAt', 'asc')
        .orderBy('messages.id')
        .execute();
    },

    /** One message of a conversation the user takes part in, with the sender vehicle's description. */
    findMessageViewOf(userId: string, messageId: string) {
      return messageViews()
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .where('messages.id', '=', messageId)
        .where((eb) => ofParticipant(eb, userId))
        .executeTakeFirstOrThrow();
    },

    /**
     * Marks what the other side wrote as read by the user's `side` at `at`, and as delivered where nothing had
     * taken it yet (issue 32); answers how many messages became read, and how many delivered.
     */
    async markRead(userId: string, conversationId: string, side: ConversationSide, at: number) {
      const delivered = await db
        .updateTable('messages')
        .set({ deliveredAt: at })
        .where('conversationId', 'in', participantConversation(db, userId, conversationId))
        .where('senderSide', '!=', side)
        .where('deliveredAt', 'is', null)
        .executeTakeFirst();
      const { numUpdatedRows } = await db
        .updateTable('messages')
        .set({ isRead: 1, readAt: at })
        .where('conversationId', 'in', participantConversation(db, userId, conversationId))
        .where('senderSide', '!=', side)
        .where('isRead', '=', 0)
        .executeTakeFirst();
      return { read: Number(numUpdatedRows), delivered: Number(delivered.numUpdatedRows) };
    },

    /** Last in a transaction that changes what these users' lists show (src/server/messaging/inbox.repo.ts). */
    touchInboxes: (userIds: readonly (string | null)[]) => touchInboxes(db, userIds),

    /**
     * "Delete conversation" for a side: what it has seen ends at `at`, or at the conversation's latest
     * message if that is later (written by an instance whose clock is ahead). A message written after
     * it, in the same millisecond too, is stamped later (writtenAfterClears) and shows. Answers both
     * sides' clears as they are now, or undefined when the conversation is gone (retention).
     */
    clearForSide(userId: string, conversationId: string, side: ConversationSide, at: number) {
      return db
        .updateTable('conversations')
        .set((eb) => {
          const clearedAt = greatestOf(engine, eb.ref('lastMessageAt'), eb.val(at));
          return side === 'one' ? { oneClearedAt: clearedAt } : { twoClearedAt: clearedAt };
        })
        .where('id', '=', conversationId)
        .where((eb) => ofParticipant(eb, userId))
        .returning(['oneClearedAt', 'twoClearedAt', 'ownerOneId', 'userTwoId'])
        .executeTakeFirst();
    },

    /** A message of a conversation the user is a participant of. */
    findMessageOf(userId: string, messageId: string) {
      return db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .select(['messages.id', 'messages.conversationId', 'messages.senderSide'])
        .where('messages.id', '=', messageId)
        .where((eb) => ofParticipant(eb, userId))
        .executeTakeFirst();
    },

    /** The ids of the messages of the user's conversation written until `until`. */
    async listMessageIdsUntil(userId: string, conversationId: string, until: number): Promise<string[]> {
      const rows = await db
        .selectFrom('messages')
        .select('id')
        .where('conversationId', 'in', participantConversation(db, userId, conversationId))
        .where('createdAt', '<=', until)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Deletes the messages of the user's conversation written until `until` (nobody can see them);
     * answers how many.
     */
    async deleteMessagesUntil(userId: string, conversationId: string, until: number): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('messages')
        .where('conversationId', 'in', participantConversation(db, userId, conversationId))
        .where('createdAt', '<=', until)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },

    /**
     * The messages written after `since` in the conversations of these users (either side), with both
     * sides' accounts: conversations by their users' indexes and recent activity, never a scan of messages.
     */
    /** The conversations these visitors wrote in that have a message after `since` (a live one). */
    listConversationsOfVisitors(visitorHashes: readonly string[], since: number) {
      if (visitorHashes.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('conversations')
        .select(['id', 'visitorTwoHash'])
        .where('visitorTwoHash', 'in', visitorHashes)
        .where('lastMessageAt', '>', since)
        .$narrowType<{ visitorTwoHash: string }>()
        .execute();
    },

    listMessagesOfUsersSince(userIds: readonly string[], since: number) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('conversations')
        .innerJoin('messages', 'messages.conversationId', 'conversations.id')
        .select([
          'messages.id',
          'messages.conversationId',
          'messages.senderSide',
          'messages.createdAt',
          'conversations.ownerOneId',
          'conversations.userTwoId',
        ])
        .where((eb) =>
          eb.or([
            eb('conversations.ownerOneId', 'in', userIds),
            eb('conversations.userTwoId', 'in', userIds),
          ]),
        )
        .where('conversations.lastMessageAt', '>', since)
        .where('messages.createdAt', '>', since)
        .orderBy('messages.createdAt')
        .orderBy('messages.id')
        .execute();
    },

    /** Deletes a message of a conversation the user takes part in (the service checks it is theirs). */
    async deleteMessageOf(userId: string, messageId: string, conversationId: string) {
      await db
        .deleteFrom('messages')
        .where('id', '=', messageId)
        .where('conversationId', 'in', participantConversation(db, userId, conversationId))
        .execute();
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
      // A visitor's network is blocked for a day (0139): past it, the block keeps their browser only.
      await db
        .updateTable('blocks')
        .set({ blockedNetwork: null, networkBlockedUntil: null })
        .where('networkBlockedUntil', '<=', cutoff + MESSAGE_RETENTION_MS)
        .execute();
      return {
        messages: Number(messages.numDeletedRows),
        conversations: Number(conversations.numDeletedRows),
      };
    },

    /** The first answer to a sender's key, and the fingerprint of the request it answered (null: unknown). */
    findIdempotentResponse(senderKey: string, idempotencyKey: string) {
      return db
        .selectFrom('idempotencyKeys')
        .select(['response', 'requestHash'])
        .where('senderKey', '=', senderKey)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** Fails with a unique violation when another request stored the key first. */
    async insertIdempotentResponse(
      senderKey: string,
      idempotencyKey: string,
      stored: { requestHash: string; response: string },
      now: number,
    ) {
      await db
        .insertInto('idempotencyKeys')
        .values({ senderKey, idempotencyKey, ...stored, createdAt: now })
        .execute();
    },
  };
}

export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
