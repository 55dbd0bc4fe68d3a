import type { Db } from '../db/index.js';

/** Whom a sender is, for blocks: their account, else the hash of their visitor cookie. */
export type BlockSubject = { userId: string } | { visitorHash: string };

/** SQL of blocks (ADDENDUM §1): scoped by the blocker's id. */
export function createBlocksRepo(db: Db) {
  return {
    async isBlocked(blockerId: string, subject: BlockSubject): Promise<boolean> {
      const row = await db
        .selectFrom('blocks')
        .select('id')
        .where('blockerId', '=', blockerId)
        .where((eb) =>
          'userId' in subject
            ? eb('blockedUserId', '=', subject.userId)
            : eb('blockedVisitorHash', '=', subject.visitorHash),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type BlocksRepo = ReturnType<typeof createBlocksRepo>;
