import { randomUUID } from 'node:crypto';
import { type Expression, type QueryCreator, type Selectable, sql } from 'kysely';
import { PUBLIC_VEHICLE_KEYS } from '../../shared/vehicles/vehicle.js';
import { type BlockSubject, ownerHasBlocked } from '../blocks/blocks.repo.js';
import { timeOrderedId } from '../db/ids.js';
import type { Db, Engine } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { ConversationSide, ConversationsTable, Database, MessagesTable } from '../db/schema.js';
import { touchInboxes } from './inbox.repo.js';
import { writtenAfterClears } from './messaging.policy.js';

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** A user's unread messages as counted (MessagingRepo.countUnread). */
export interface UnreadSummary {
  count: number;
  /** When the oldest of them was written; null when there are none. */
  oldestAt: number | null;
  /** The user's inbox version the count was made at (src/server/messaging/inbox.repo.ts). */
  inboxVersion: number;
}

// The statements of every message sent, compiled once (src/server/db/prepared.ts).
/** The target vehicle, and whether its owner blocked the sender (an account or a visitor). */
const targetVehicleFor = (subject: 'userId' | 'visitorHash') =>
  prepareQuery((db: Db, args: { id: string; sender: string }) =>
    db
      .selectFrom('vehicles')
      .select(['id', 'ownerId', 'isActive', 'acceptMessagesFrom'])
      .select((eb) => ownerHasBlocked(eb, subject, args.sender).as('isBlocked'))
      .where('id', '=', args.id),
  );
const targetVehicle = { userId: targetVehicleFor('userId'), visitorHash: targetVehicleFor('visitorHash') };

/** The largest of values: SQLite calls it `max`, PostgreSQL `greatest`. */
const greatestOf = (engine: Engine, ...values: Expression<number>[]) =>
  sql<number>`${sql.raw(engine === 'postgres' ? 'greatest' : 'max')}(${sql.join(values)})`;

/** writtenAfterClears (messaging.policy.ts) in SQL: `at`, or just after either side's clear if later. */
const afterClears = (
  engine: Engine,
  at: Expression<number>,
  oneClearedAt: Expression<number>,
  twoClearedAt: Expression<number>,
) => greatestOf(engine, at, sql<number>`${oneClearedAt} + 1`, sql<number>`${twoClearedAt} + 1`);

/**
 * The conversation of a pair, made on first use, marked active at `lastMessageAt` or at its message's
 * time (writtenAfterClears), whichever is later, unless a later message is there already.
 */
const upsertConversationOf = (db: QueryCreator<Database>, args: ConversationRow, engine: Engine) =>
  db
    .insertInto('conversations')
    .values({
      id: args.id,
      partyKey: args.partyKey,
      vehicleOneId: args.vehicleOneId,
      ownerOneId: args.ownerOneId,
      vehicleTwoId: args.vehicleTwoId,
      userTwoId: args.userTwoId,
      visitorTwoHash: args.visitorTwoHash,
      oneClearedAt: args.oneClearedAt,
      twoClearedAt: args.twoClearedAt,
      createdAt: args.createdAt,
      lastMessageAt: args.lastMessageAt,
    })
    .onConflict((conflict) =>
      conflict.column('partyKey').doUpdateSet((eb) => ({
        lastMessageAt: greatestOf(
          engine,
          eb.ref('conversations.lastMessageAt'),
          afterClears(
            engine,
            eb.ref('excluded.lastMessageAt'),
            eb.ref('conversations.oneClearedAt'),
            eb.ref('conversations.twoClearedAt'),
          ),
        ),
      })),
    )
    .returningAll();

const upsertConversationQuery = prepareQuery((db: Db, args: ConversationRow) =>
  upsertConversationOf(db, args, 'sqlite'),
);

/** Who writes a message to a pair's conversation, and what; its side follows from the conversation. */
export type PairMessage = Pick<MessageRow, 'id' | 'senderVehicleId' | 'content'> & {
  senderUserId: string | null;
};

/**
 * The sender's side in the conversation of a pair: one if they are the account of side one (two vehicles
 * share one conversation whoever wrote first), else two. The SQL of upsertWithMessageQuery says the same.
 */
const sideOfSender = (conversation: ConversationRow, senderUserId: string | null): ConversationSide =>
  senderUserId !== null && conversation.ownerOneId === senderUserId ? 'one' : 'two';

/**
 * PostgreSQL: the conversation upsert and the message's insert in one statement, one round trip fewer in
 * the message's transaction. The insert reads the upserted row from the first part (a data-modifying WITH);
 * the message's foreign key is checked at the end of the statement, where the new conversation exists.
 */
const upsertWithMessageQuery = prepareQuery(
  (db: Db, args: ConversationRow & { messageId: PairMessage['id'] } & Omit<PairMessage, 'id'>) =>
    db
      .with('conversation', (db) => upsertConversationOf(db, args, 'postgres'))
      .with('message', (db) =>
        db
          .insertInto('messages')
          .columns([
            'id',
            'conversationId',
            'senderSide',
            'senderVehicleId',
            'content',
            'isRead',
            'createdAt',
          ])
          .expression((eb) =>
            eb.selectFrom('conversation').select((eb) => [
              eb.val(args.messageId).as('id'),
              'conversation.id',
              // sideOfSender, in SQL: `= null` is never true, so a visitor is side two.
              eb
                .case()
                .when('conversation.ownerOneId', '=', args.senderUserId)
                .then(eb.val<ConversationSide>('one'))
                .else(eb.val<ConversationSide>('two'))
                .end()
                .as('senderSide'),
              eb.val(args.senderVehicleId).as('senderVehicleId'),
              eb.val(args.content).as('content'),
              eb.lit(0).as('isRead'),
              afterClears(
                'postgres',
                eb.val(args.lastMessageAt),
                eb.ref('conversation.oneClearedAt'),
                eb.ref('conversation.twoClearedAt'),
              ).as('createdAt'),
            ]),
          )
          .returning(['senderSide', 'createdAt']),
      )
      .selectFrom(['conversation', 'message'])
      .selectAll('conversation')
      .select(['message.senderSide', 'message.createdAt as messageCreatedAt']),
);

const insertMessageQuery = prepareQuery((db: Db, args: MessageRow) =>
  db.insertInto('messages').values({
    id: args.id,
    conversationId: args.conversationId,
    senderSide: args.senderSide,
    senderVehicleId: args.senderVehicleId,
    content: args.content,
    isRead: args.isRead,
    createdAt: args.createdAt,
  }),
);

/** Whether the pair's conversation is there with a message since `since`: a message to it opens nothing new. */
const openConversationQuery = prepareQuery((db: Db, args: { partyKey: string; since: number }) =>
  db
    .selectFrom('conversations')
    .select('id')
    .where('partyKey', '=', args.partyKey)
    .where('lastMessageAt', '>', args.since),
);

/** When each unread message on one side of the user's conversations was written (see countUnread). */
const unreadOnSide = (db: Db, side: ConversationSide, args: { userId: string; since: number }) => {
  const { user, writer, clearedAt } =
    side === 'one'
      ? ({ user: 'ownerOneId', writer: 'two', clearedAt: 'conversations.oneClearedAt' } as const)
      : ({ user: 'userTwoId', writer: 'one', clearedAt: 'conversations.twoClearedAt' } as const);
  return db
    .selectFrom('conversations')
    .innerJoin('messages', 'messages.conversationId', 'conversations.id')
    .select('messages.createdAt')
    .where(`conversations.${user}`, '=', args.userId)
    .where('conversations.lastMessageAt', '>', args.since)
    .where('messages.senderSide', '=', writer)
    .where('messages.isRead', '=', 0)
    .where('messages.createdAt', '>', args.since)
    .whereRef('messages.createdAt', '>', clearedAt);
};

/** Both sides' unread messages of the user, as `unread` (countUnread and unreadCountOf count them). */
const unreadMessagesOf = (db: Db, args: { userId: string; since: number }) =>
  db.selectFrom(
    unreadOnSide(db, 'one', args)
      .unionAll(unreadOnSide(db, 'two', args))
      .as('unread'),
  );

/**
 * How many unread messages the user has since `since` (as countUnread counts them), as an expression: for
 * a statement that reads it along with other things (the push notification's, src/server/push/push.repo.ts).
 */
export const unreadCountOf = (db: Db, args: { userId: string; since: number }) =>
  unreadMessagesOf(db, args).select((eb) => eb.fn.countAll<number | string>().as('count'));

/**
 * Both sides' unread messages counted in one statement (one round trip on PostgreSQL), with the oldest one's
 * time and the inbox version they were counted at: one statement sees one state of the database.
 */
const unreadSummary = prepareQuery((db: Db, args: { userId: string; since: number }) =>
  unreadMessagesOf(db, args).select((eb) => [
    eb.fn.countAll<number | string>().as('count'),
    eb.fn.min<number | string | null>('unread.createdAt').as('oldestAt'),
    eb.selectFrom('users').select('inboxVersion').where('id', '=', args.userId).as('inboxVersion'),
  ]),
);

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
    /**
     * A vehicle someone wants to write to, with what the rules need: its owner, state and setting, and
     * whether its owner blocked the sender.
     */
    async findTargetVehicle(id: string, sender: BlockSubject) {
      const row =
        'userId' in sender
          ? await targetVehicle.userId.first(db, { id, sender: sender.userId })
          : await targetVehicle.visitorHash.first(db, { id, sender: sender.visitorHash });
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

    /**
     * A message to the conversation of a pair, written at `values.lastMessageAt` on the sender's side of it.
     * The conversation is made on first use and marked active in the same statement; of two racing first
     * messages, both get the one row. One statement on PostgreSQL; on SQLite, where a statement is no
     * trip, two.
     */
    async writeToPair(
      values: Omit<ConversationRow, 'id'>,
      { senderUserId, ...said }: Omit<PairMessage, 'id'>,
    ): Promise<{ conversation: ConversationRow; message: MessageRow }> {
      const conversation = { ...values, id: randomUUID() };
      if (engine === 'postgres') {
        // Made before the statement that stamps the message: the clock's time, which is the message's
        // unless a side cleared the conversation at or after it (docs/decisions/0127-what-is-deleted-is-gone.md).
        const message = { ...said, id: timeOrderedId(values.lastMessageAt), isRead: 0 };
        const row = await upsertWithMessageQuery.first(db, {
          ...conversation,
          ...said,
          messageId: message.id,
          senderUserId,
        });
        if (!row) throw new Error('The conversation upsert returned no row');
        const { senderSide, messageCreatedAt, ...stored } = row;
        return {
          conversation: stored,
          message: { ...message, conversationId: stored.id, senderSide, createdAt: messageCreatedAt },
        };
      }
      const stored = await upsertConversationQuery.first(db, conversation);
      if (!stored) throw new Error('The conversation upsert returned no row');
      const createdAt = writtenAfterClears(stored, values.lastMessageAt);
      const written = {
        ...said,
        id: timeOrderedId(createdAt),
        isRead: 0,
        conversationId: stored.id,
        senderSide: sideOfSender(stored, senderUserId),
        createdAt,
      };
      await insertMessageQuery.rows(db, written);
      return { conversation: stored, message: written };
    },

    /**
     * A message to a conversation, written at `at` or just after a side's clear of the same moment
     * (writtenAfterClears); the conversation is marked active at its time. The conversation's row is
     * updated first: on PostgreSQL its lock orders this write and a "delete conversation" of either side.
     * Undefined when the conversation is gone.
     */
    async writeToConversation(
      conversationId: string,
      values: Omit<MessageRow, 'id' | 'conversationId' | 'createdAt'>,
      at: number,
    ): Promise<MessageRow | undefined> {
      const clears = await db
        .updateTable('conversations')
        .set((eb) => ({
          lastMessageAt: greatestOf(
            engine,
            eb.ref('lastMessageAt'),
            afterClears(engine, eb.val(at), eb.ref('oneClearedAt'), eb.ref('twoClearedAt')),
          ),
        }))
        .where('id', '=', conversationId)
        .returning(['oneClearedAt', 'twoClearedAt'])
        .executeTakeFirst();
      // Gone since it was read: its last message passed 24 hours and the sweep removed it.
      if (!clears) return undefined;
      const createdAt = writtenAfterClears(clears, at);
      const message = { ...values, id: timeOrderedId(createdAt), conversationId, createdAt };
      await insertMessageQuery.rows(db, message);
      return message;
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

    /** Marks what the other side wrote as read by `side`; answers how many messages that was. */
    async markRead(conversationId: string, side: ConversationSide): Promise<number> {
      const { numUpdatedRows } = await db
        .updateTable('messages')
        .set({ isRead: 1 })
        .where('conversationId', '=', conversationId)
        .where('senderSide', '!=', side)
        .where('isRead', '=', 0)
        .executeTakeFirst();
      return Number(numUpdatedRows);
    },

    /** Last in a transaction that changes what these users' lists show (src/server/messaging/inbox.repo.ts). */
    touchInboxes: (userIds: readonly (string | null)[]) => touchInboxes(db, userIds),

    /**
     * Unread messages for the user: written by the other side of their conversations, since `since`.
     * Counted from the user's conversations on each side (their indexes), never by scanning messages; with
     * when the oldest of them was written (null: none) and the user's inbox version they were counted at.
     */
    async countUnread(userId: string, since: number): Promise<UnreadSummary> {
      const row = await unreadSummary.first(db, { userId, since });
      return {
        count: Number(row?.count ?? 0),
        oldestAt: row?.oldestAt === null || row?.oldestAt === undefined ? null : Number(row.oldestAt),
        inboxVersion: Number(row?.inboxVersion ?? 0),
      };
    },

    /**
     * "Delete conversation" for a side: what it has seen ends at `at`, or at the conversation's latest
     * message if that is later (written by an instance whose clock is ahead). A message written after
     * it, in the same millisecond too, is stamped later (writtenAfterClears) and shows. Answers both
     * sides' clears as they are now, or undefined when the conversation is gone (retention).
     */
    clearForSide(conversationId: string, side: ConversationSide, at: number) {
      return db
        .updateTable('conversations')
        .set((eb) => {
          const clearedAt = greatestOf(engine, eb.ref('lastMessageAt'), eb.val(at));
          return side === 'one' ? { oneClearedAt: clearedAt } : { twoClearedAt: clearedAt };
        })
        .where('id', '=', conversationId)
        .returning(['oneClearedAt', 'twoClearedAt', 'userTwoId'])
        .executeTakeFirst();
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

    /** Deletes the conversation's messages written until `until` (nobody can see them); answers how many. */
    async deleteMessagesUntil(conversationId: string, until: number): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('messages')
        .where('conversationId', '=', conversationId)
        .where('createdAt', '<=', until)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },

    /**
     * The messages written after `since` in the conversations of these users (either side), with both
     * sides' accounts: conversations by their users' indexes and recent activity, never a scan of messages.
     */
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
