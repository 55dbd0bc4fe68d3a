import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { ConversationSide, Database } from '../db/schema.js';

/** Whom a sender is, for blocks: their account, else the hash of their visitor cookie. */
export type BlockSubject = { userId: string } | { visitorHash: string };

/**
 * A sender as a block is checked against: an account; or a visitor, by their cookie's hash and by the network
 * they write from (a blocked visitor's network is refused until the block's `networkBlockedUntil`, at `now`).
 */
export type SenderSubject = { userId: string } | { visitorHash: string; network: string; now: number };

// Asked for every reply: compiled once (src/server/db/prepared.ts).
const blockOfUser = prepareQuery((db: Db, args: { blockerId: string; userId: string }) =>
  db
    .selectFrom('blocks')
    .select('id')
    .where('blockerId', '=', args.blockerId)
    .where('blockedUserId', '=', args.userId),
);

/**
 * Whether the owner of the vehicle a query reads has blocked the sender: their account, or (a visitor) their
 * browser, or for the block's day their network (docs/decisions/0139). A subquery, so the read of a
 * message's target vehicle answers it too (one statement instead of two for every message sent).
 */
export function ownerHasBlocked(eb: ExpressionBuilder<Database, 'vehicles'>, sender: SenderSubject) {
  return eb.exists(
    eb
      .selectFrom('blocks')
      .select('blocks.id')
      .whereRef('blocks.blockerId', '=', 'vehicles.ownerId')
      .where((eb) =>
        'userId' in sender
          ? eb('blocks.blockedUserId', '=', sender.userId)
          : eb.or([
              eb('blocks.blockedVisitorHash', '=', sender.visitorHash),
              eb.and([
                eb('blocks.blockedNetwork', '=', sender.network),
                eb('blocks.networkBlockedUntil', '>', sender.now),
              ]),
            ]),
      ),
  );
}

/** SQL of blocks (ADDENDUM §1): every query is scoped by the blocker's id. */
export function createBlocksRepo(db: Db) {
  return {
    /**
     * Whether `blockerId` blocked the account `userId` (a reply's recipient its writer). A message to a
     * vehicle learns the same with its read of the vehicle (ownerHasBlocked).
     */
    async isUserBlocked(blockerId: string, userId: string): Promise<boolean> {
      return (await blockOfUser.first(db, { blockerId, userId })) !== undefined;
    },

    /**
     * Records the block unless it exists; of two racing blocks of one sender, one row stays. An account
     * blocked from both sides of two conversations has one row: the first block's side stays.
     */
    async insertBlock(
      block: {
        blockerId: string;
        blockerSide: ConversationSide;
        subject: BlockSubject;
        /** A visitor's network, refused with them until `until` (0139). */
        network?: { hash: string; until: number };
        label: string;
        reason: string | null;
      },
      now: number,
    ) {
      const { subject, network } = block;
      await db
        .insertInto('blocks')
        .values({
          id: randomUUID(),
          blockerId: block.blockerId,
          blockerSide: block.blockerSide,
          blockedUserId: 'userId' in subject ? subject.userId : null,
          blockedVisitorHash: 'visitorHash' in subject ? subject.visitorHash : null,
          blockedNetwork: network?.hash ?? null,
          networkBlockedUntil: network?.until ?? null,
          label: block.label,
          reason: block.reason,
          createdAt: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      // The block in force, this one or the same block made before (blocking twice changes nothing).
      const kept = await db
        .selectFrom('blocks')
        .select('id')
        .where('blockerId', '=', block.blockerId)
        .where((eb) =>
          'userId' in subject
            ? eb('blockedUserId', '=', subject.userId)
            : eb('blockedVisitorHash', '=', subject.visitorHash),
        )
        .executeTakeFirstOrThrow();
      // Blocking a visitor again blocks the network they wrote from last, for a day from now.
      if (network) {
        await db
          .updateTable('blocks')
          .set({ blockedNetwork: network.hash, networkBlockedUntil: network.until })
          .where('blockerId', '=', block.blockerId)
          .where('id', '=', kept.id)
          .execute();
      }
      return kept.id;
    },

    /** Whom the blocker blocked (an account or a visitor), with each block's id and its network's day. */
    listBlockSubjectsOf(blockerId: string) {
      return db
        .selectFrom('blocks')
        .select(['id', 'blockedUserId', 'blockedVisitorHash', 'networkBlockedUntil'])
        .where('blockerId', '=', blockerId)
        .execute();
    },

    /**
     * The blocker's blocks, newest first, with the blocker's side and the blocked account's address (the
     * presenter masks it, or leaves it out).
     */
    listBlocksOf(blockerId: string) {
      return db
        .selectFrom('blocks')
        .leftJoin('users', 'users.id', 'blocks.blockedUserId')
        .select([
          'blocks.id',
          'blocks.label',
          'blocks.reason',
          'blocks.createdAt',
          'blocks.blockerSide',
          'users.email',
        ])
        .where('blocks.blockerId', '=', blockerId)
        .orderBy('blocks.createdAt', 'desc')
        .orderBy('blocks.id')
        .execute();
    },

    /** Deletes one of the blocker's blocks by its id; answers whether there was one. */
    async deleteBlock(blockerId: string, id: string) {
      const result = await db
        .deleteFrom('blocks')
        .where('blockerId', '=', blockerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Deletes the blocker's block of the account with this full address, if they blocked it as the owner
     * side (a block whose masked address they see); a sender's block of an owner is never matched.
     */
    async deleteOwnerSideBlockByEmail(blockerId: string, email: string) {
      await db
        .deleteFrom('blocks')
        .where('blockerId', '=', blockerId)
        .where('blockerSide', '=', 'one')
        .where('blockedUserId', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
        .execute();
    },
  };
}

export type BlocksRepo = ReturnType<typeof createBlocksRepo>;
