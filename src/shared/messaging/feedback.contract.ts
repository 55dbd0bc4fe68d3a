import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';

/*
 * Report, rate, and a reputation nobody sees (issue 33, point 3; docs/decisions/0151-reputation-nobody-sees.md).
 * A recipient rates a message they received; nobody is ever told who rated whom, or how a sender stands.
 */

export const FEEDBACK_RATINGS = ['helpful', 'not_helpful', 'abusive'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** Texts the server answers for feedback and for the limit it leads to (issue 33, word for word). */
export const feedbackTexts = texts('feedback', {
  unknownRating: 'rating must be one of helpful, not_helpful, abusive',
  saved: 'Thanks for your feedback',
  reported: 'Reported. The sender is blocked.',
  /** The reason a Report abuse's block shows in Blocked Users. */
  reportReason: 'Reported abuse',
  dailyLimit: "You have reached today's limit",
});

/** POST /api/messages/{id}/feedback {rating}: by the message's recipient only. */
export const feedbackRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { rating: 'text' },
    c.object({ rating: c.withMessage(c.oneOf(FEEDBACK_RATINGS), feedbackTexts.unknownRating) }),
  ),
);
export type FeedbackRequest = c.Input<typeof feedbackRequestSchema>;

/** What POST /api/messages/{id}/feedback answers: the rating now in force; nothing about the sender. */
export const feedbackResultSchema = c.object({ message: c.string, rating: c.oneOf(FEEDBACK_RATINGS) });

/** GET /api/conversations/{id}/feedback: the caller's own ratings in the conversation, by message. */
export const givenFeedbackSchema = c.array(
  c.object({ messageId: c.string, rating: c.oneOf(FEEDBACK_RATINGS) }),
);
export type GivenFeedback = c.Infer<typeof givenFeedbackSchema>;
