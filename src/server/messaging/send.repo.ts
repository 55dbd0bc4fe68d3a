import { randomUUID } from 'node:crypto';
import { type Expression, type QueryCreator, sql } from 'kysely';
import { timeOrderedId } from '../db/ids.js';
import type { Db, Engine } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { ConversationSide, Database } from '../db/schema.js';
import { writtenAfterClears } from './messaging.policy.js';
import type { ConversationRow, MessageRow } from './rows.js';

/*
 * The write of one message: the seam where its speed work lives (docs/performance.md, "The send write").
 * Invariant, whatever the engine: a message is stamped after both sides' clears (writtenAfterClears), its
 * conversation is made on first use and marked active at the message's time in the same transaction, and
 * of two racing first messages of a pair both land in the one conversation row. The SQLite variant and
 * the PostgreSQL one (a statement fewer) stand side by side below; each statement is compiled once.
 */

/** The largest of values: SQLite calls it `max`, PostgreSQL `greatest`. */
export const greatestOf = (engine: Engine, ...values: Expression<number>[]) =>
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
      visitorTwoNetwork: args.visitorTwoNetwork,
      oneClearedAt: args.oneClearedAt,
      twoClearedAt: args.twoClearedAt,
      createdAt: args.createdAt,
      lastMessageAt: args.lastMessageAt,
    })
    .onConflict((conflict) =>
      conflict.column('partyKey').doUpdateSet((eb) => ({
        // A visitor's latest network: the one a block of them holds for a day (0139).
        visitorTwoNetwork: eb.ref('excluded.visitorTwoNetwork'),
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

/** Who writes a message to a pair's conversation, and what; its side follows from the conversation. */
export type PairMessage = Pick<MessageRow, 'id' | 'senderVehicleId' | 'content' | 'urgent'> & {
  senderUserId: string | null;
};

/**
 * The sender's side in the conversation of a pair: one if they are the account of side one (two vehicles
 * share one conversation whoever wrote first), else two. The SQL of upsertWithMessage says the same.
 */
const sideOfSender = (conversation: ConversationRow, senderUserId: string | null): ConversationSide =>
  senderUserId !== null && conversation.ownerOneId === senderUserId ? 'one' : 'two';

// SQLite: the upsert, then the insert (a statement is no trip there).
const sqliteUpsertConversation = prepareQuery((db: Db, args: ConversationRow) =>
  upsertConversationOf(db, args, 'sqlite'),
);

const insertMessage = prepareQuery((db: Db, args: MessageRow) =>
  db.insertInto('messages').values({
    id: args.id,
    conversationId: args.conversationId,
    senderSide: args.senderSide,
    senderVehicleId: args.senderVehicleId,
    content: args.content,
    isRead: args.isRead,
    createdAt: args.createdAt,
    urgent: args.urgent,
  }),
);

/**
 * PostgreSQL: the conversation upsert and the message's insert in one statement, one round trip fewer in
 * the message's transaction. The insert reads the upserted row from the first part (a data-modifying WITH);
 * the message's foreign key is checked at the end of the statement, where the new conversation exists.
 */
const postgresUpsertWithMessage = prepareQuery(
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
            'urgent',
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
              eb.val(args.urgent).as('urgent'),
            ]),
          )
          .returning(['senderSide', 'createdAt']),
      )
      .selectFrom(['conversation', 'message'])
      .selectAll('conversation')
      .select(['message.senderSide', 'message.createdAt as messageCreatedAt']),
);

/** The writes of a message, on either engine. */
export function createSendRepo(db: Db, engine: Engine) {
  return {
    /**
     * A message to the conversation of a pair, written at `values.lastMessageAt` on the sender's side of it.
     * The conversation is made on first use and marked active in the same statement; of two racing first
     * messages, both get the one row.
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
        const row = await postgresUpsertWithMessage.first(db, {
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
      const stored = await sqliteUpsertConversation.first(db, conversation);
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
      await insertMessage.rows(db, written);
      return { conversation: stored, message: written };
    },

    /**
     * A reply of `userId` (a participant) to a conversation, written at `at` or just after a side's clear
     * of the same moment (writtenAfterClears); the conversation is marked active at its time. The
     * conversation's row is updated first: on PostgreSQL its lock orders this write and a "delete
     * conversation" of either side. Undefined when the conversation is gone (or not the user's).
     */
    async writeToConversation(
      userId: string,
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
        .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('userTwoId', '=', userId)]))
        .returning(['oneClearedAt', 'twoClearedAt'])
        .executeTakeFirst();
      // Gone since it was read: its last message passed 24 hours and the sweep removed it.
      if (!clears) return undefined;
      const createdAt = writtenAfterClears(clears, at);
      const message = { ...values, id: timeOrderedId(createdAt), conversationId, createdAt };
      await insertMessage.rows(db, message);
      return message;
    },
  };
}

export type SendRepo = ReturnType<typeof createSendRepo>;
