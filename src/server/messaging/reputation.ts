import type { FeedbackRating } from '../../shared/messaging/feedback.contract.js';
import type { Clock } from '../clock.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import type { FeedbackRepo, FeedbackSubject } from './feedback.repo.js';

/** How long a rating counts, and is kept at all (decision 0151). */
export const REPUTATION_WINDOW_MS = 30 * 24 * 3_600_000;
/** A sender reported abusive or rated not helpful by this many different raters is held to one message a day. */
export const HELD_AFTER_RATERS = 3;

const isNegative = (rating: FeedbackRating) => rating !== 'helpful';

/**
 * Whether ratings about a sender hold them, per decision 0151: each rater counts once, by their latest rating
 * of the sender in the window (a rater who changed their mind counts as they think now); each rater whose
 * latest is Helpful cancels one whose latest is negative. Held when at least 3 negative raters remain.
 */
export function isHeld(
  ratings: readonly { raterUserId: string; rating: FeedbackRating; createdAt: number }[],
) {
  const latest = new Map<string, { rating: FeedbackRating; createdAt: number }>();
  for (const rating of ratings) {
    const known = latest.get(rating.raterUserId);
    if (!known || rating.createdAt >= known.createdAt) latest.set(rating.raterUserId, rating);
  }
  let negative = 0;
  let helpful = 0;
  for (const { rating } of latest.values()) {
    if (isNegative(rating)) negative += 1;
    else helpful += 1;
  }
  return negative - helpful >= HELD_AFTER_RATERS;
}

/**
 * The reputation nobody sees (issue 33, point 3), the one seam a message passes before it is written: a
 * sender whom 3 different raters reported or found not helpful within 30 days writes one message a day,
 * to any vehicle and in any reply, and is told only "You have reached today's limit" with Retry-After.
 * Invariant: nothing here answers anything but that 429; no endpoint reads a count or a rater.
 * A visitor is counted by their browser and their network, and limited by both, so a cleared cookie (or
 * another network with the same cookie) does not start a new day.
 */
export function createReputation(deps: { feedback: FeedbackRepo; limiter: RateLimiter; clock: Clock }) {
  return {
    /** Lets the message through, or throws the 429 when a held sender has written today's one already. */
    async admit(sender: FeedbackSubject): Promise<void> {
      const ratings = await deps.feedback.listRatingsAbout(sender, deps.clock() - REPUTATION_WINDOW_MS);
      if (ratings.length < HELD_AFTER_RATERS || !isHeld(ratings)) return;
      const rule = rateLimits.heldSenderPerDay;
      if ('userId' in sender) return deps.limiter.consume(rule, `user:${sender.userId}`);
      await deps.limiter.consumeInTurn(
        [rule, `visitor:${sender.visitorHash}`],
        ...(sender.network === null ? [] : [[rule, `network:${sender.network}`] as const]),
      );
    },
  };
}

export type Reputation = ReturnType<typeof createReputation>;
