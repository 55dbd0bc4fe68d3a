import { type FeedbackRating, feedbackTexts } from '../../shared/messaging/feedback.contract.js';
import { MESSAGE_RETENTION_MS, messageTexts } from '../../shared/messaging/messages.contract.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors/http-error.js';
import type { BlocksService } from './blocks.service.js';
import type { FeedbackRepo, FeedbackSubject } from './feedback.repo.js';
import { clearedAtOf } from './messaging.policy.js';

const messageNotFound = () => notFound(messageTexts.messageNotFound);

/**
 * Rating a received message (issue 33, point 3; decision 0151): Helpful, Not helpful, or abusive, which also
 * blocks its sender as Block does. Only the message's recipient may: its writer, a stranger, a message gone
 * (24 hours, or deleted from the caller's view) all get the 404 of an unknown message. The answer says
 * nothing of the sender; what the ratings add up to is reputation.ts's, and nobody reads it.
 */
export function createFeedbackService(deps: { feedback: FeedbackRepo; blocks: BlocksService; clock: Clock }) {
  const { feedback, blocks, clock } = deps;
  return {
    async rate(userId: string, messageId: string, rating: FeedbackRating) {
      const row =
        messageId.length <= 64 ? await feedback.findMessageOfParticipant(userId, messageId) : undefined;
      if (!row) throw messageNotFound();
      const side = row.ownerOneId === userId ? 'one' : 'two';
      const now = clock();
      const isGone = row.createdAt <= Math.max(now - MESSAGE_RETENTION_MS, clearedAtOf(row, side));
      if (row.senderSide === side || isGone) throw messageNotFound();
      // The writer: the owner (side one), else side two's account, else its visitor (none: a deleted account,
      // either side, decision 0152).
      const subject: FeedbackSubject | null =
        row.senderSide === 'one'
          ? row.ownerOneId
            ? { userId: row.ownerOneId }
            : null
          : row.userTwoId
            ? { userId: row.userTwoId }
            : row.visitorTwoHash
              ? { visitorHash: row.visitorTwoHash, network: row.visitorTwoNetwork }
              : null;
      if (!subject) throw messageNotFound();
      await feedback.saveRating(
        { raterUserId: userId, messageId: row.id, conversationId: row.conversationId, subject, rating },
        now,
      );
      if (rating !== 'abusive') return { message: feedbackTexts.saved, rating };
      // Blocked as Block blocks (an account; a visitor's browser, and their network for a day: 0139).
      await blocks.block(userId, row.conversationId, feedbackTexts.reportReason);
      return { message: feedbackTexts.reported, rating };
    },

    /** The caller's own ratings in a conversation (what the chat shows chosen). */
    givenIn: (userId: string, conversationId: string) =>
      feedback.listRatingsInConversation(userId, conversationId),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
