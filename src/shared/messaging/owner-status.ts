import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';

/*
 * The owner's one-tap answers (issue 32), which a conversation carries (messages.contract.ts) and the rest of
 * the finder's side names (status.contract.ts re-exports them). A module of their own: the conversation's
 * contract is on every first load of the app, the status page's contract is not.
 */

/** The owner's one-tap answers, in the order they are offered. */
export const OWNER_STATUS_CODES = ['on_my_way', 'five_minutes', 'moved', 'not_mine'] as const;
export type OwnerStatusCode = (typeof OWNER_STATUS_CODES)[number];

/** The answers' words, which both sides see, each in their own language (shown by the answer's code). */
export const ownerStatusTexts = /* @__PURE__ */ texts('ownerStatus', {
  on_my_way: 'On my way',
  five_minutes: "I'll be there in 5 minutes",
  moved: 'Moved, thanks',
  not_mine: 'Not my car',
} satisfies Record<OwnerStatusCode, string>);

/** The owner's latest one-tap answer, with its words and time. */
export const ownerStatusSchema = c.object({
  code: c.oneOf(OWNER_STATUS_CODES),
  text: c.string,
  at: c.string,
});
export type OwnerStatus = c.Infer<typeof ownerStatusSchema>;
