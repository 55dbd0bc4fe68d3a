import { randomUUID } from 'node:crypto';
import type { FeedbackRating } from '../../shared/messaging/feedback.contract.js';
import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';

/** Whom a rating is about: a sender's account, else a visitor by their browser and by their network. */
export type FeedbackSubject = { userId: string } | { visitorHash: string; network: string | null };

const ratingColumns = ['raterUserId', 'rating', 'createdAt'] as const;

// Read before every message is written (reputation.ts): compiled once per kind of sender (src/server/db/prepared.ts).
const ratingsAbout = {
  account: prepareQuery((db: Db, args: { userId: string; since: number }) =>
    db
      .selectFrom('feedback')
      .select(ratingColumns)
      .where('subjectUserId', '=', args.userId)
      .where('createdAt', '>', args.since),
  ),
  browser: prepareQuery((db: Db, args: { visitorHash: string; since: number }) =>
    db
      .selectFrom('feedback')
      .select(ratingColumns)
      .where('subjectVisitorHash', '=', args.visitorHash)
      .where('createdAt', '>', args.since),
  ),
  browserOrNetwork: prepareQuery((db: Db, args: { visitorHash: string; network: string; since: number }) =>
    db
      .selectFrom('feedback')
      .select(ratingColumns)
      .where((eb) =>
        eb.or([eb('subjectVisitorHash', '=', args.visitorHash), eb('subjectNetwork', '=', args.network)]),
      )
      .where('createdAt', '>', args.since),
  ),
};

/** SQL of feedback (decision 0151). Every read names the rater, or the sender it is about. */
export function createFeedbackRepo(db: Db) {
  return {
    /**
     * A message of a conversation `userId` takes part in, with the conversation's sides and clears: what a
     * rating needs to know whether the caller received it and whom it is about.
     */
    findMessageOfParticipant(userId: string, messageId: string) {
      return db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
        .select([
          'messages.id',
          'messages.senderSide',
          'messages.createdAt',
          'conversations.id as conversationId',
          'conversations.ownerOneId',
          'conversations.userTwoId',
          'conversations.visitorTwoHash',
          'conversations.visitorTwoNetwork',
          'conversations.oneClearedAt',
          'conversations.twoClearedAt',
        ])
        .where('messages.id', '=', messageId)
        .where((eb) =>
          eb.or([eb('conversations.ownerOneId', '=', userId), eb('conversations.userTwoId', '=', userId)]),
        )
        .executeTakeFirst();
    },

    /** The rater's rating of the message, made or changed (one per rater and message; the latest counts). */
    async saveRating(
      rating: {
        raterUserId: string;
        messageId: string;
        conversationId: string;
        subject: FeedbackSubject;
        rating: FeedbackRating;
      },
      now: number,
    ) {
      const { subject } = rating;
      await db
        .insertInto('feedback')
        .values({
          id: randomUUID(),
          raterUserId: rating.raterUserId,
          messageId: rating.messageId,
          conversationId: rating.conversationId,
          subjectUserId: 'userId' in subject ? subject.userId : null,
          subjectVisitorHash: 'visitorHash' in subject ? subject.visitorHash : null,
          subjectNetwork: 'network' in subject ? subject.network : null,
          rating: rating.rating,
          createdAt: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['raterUserId', 'messageId'])
            .doUpdateSet({ rating: rating.rating, createdAt: now }),
        )
        .execute();
    },

    /** The rater's own ratings in one conversation. */
    listRatingsInConversation(raterUserId: string, conversationId: string) {
      return db
        .selectFrom('feedback')
        .select(['messageId', 'rating'])
        .where('raterUserId', '=', raterUserId)
        .where('conversationId', '=', conversationId)
        .execute();
    },

    /**
     * The ratings about a sender since `since` (in no order): an account's by its id; a visitor's by their
     * browser or their network (a cleared cookie does not escape them).
     */
    listRatingsAbout(subject: FeedbackSubject, since: number) {
      if ('userId' in subject) return ratingsAbout.account.rows(db, { userId: subject.userId, since });
      const { visitorHash, network } = subject;
      return network === null
        ? ratingsAbout.browser.rows(db, { visitorHash, since })
        : ratingsAbout.browserOrNetwork.rows(db, { visitorHash, network, since });
    },

    /** What the account rated, as it gave it (its part of "Download my data"). */
    listGivenBy(raterUserId: string) {
      return db
        .selectFrom('feedback')
        .select(['messageId', 'rating', 'createdAt'])
        .where('raterUserId', '=', raterUserId)
        .orderBy('createdAt')
        .execute();
    },

    /** Retention: ratings older than `cutoff` go (30 days). */
    async deleteOlderThan(cutoff: number) {
      const result = await db.deleteFrom('feedback').where('createdAt', '<=', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** An account being deleted: the ratings it gave and the ratings about it (decision 0149). */
    async deleteOfAccount(userId: string) {
      await db
        .deleteFrom('feedback')
        .where((eb) => eb.or([eb('raterUserId', '=', userId), eb('subjectUserId', '=', userId)]))
        .execute();
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
