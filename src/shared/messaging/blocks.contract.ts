import * as c from '../contract.js';
import { icu, texts } from '../i18n/texts.js';

export const BLOCK_REASON_MAX = 500;

/** How long blocking a visitor also refuses visitors writing from their network (docs/decisions/0139). */
export const VISITOR_NETWORK_BLOCK_MS = 24 * 3_600_000;

export const blockTexts = texts('blocks', {
  anonymousSender: 'Anonymous sender',
  reasonTooLong: icu<{ max: number }>('Reason must be at most {max} characters'),
  conversationRequired: 'conversationId is required',
  blocked: 'Sender blocked',
  unblocked: 'Sender unblocked',
  blockNotFound: 'Block not found',
});

/** POST /api/block: block "the sender of this conversation" (ADDENDUM §1). */
export const blockRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { conversationId: 'text', reason: 'text' },
    c.object({
      conversationId: c.check(
        c.text({ required: blockTexts.conversationRequired }),
        c.maxLength(64, blockTexts.conversationRequired),
      ),
      reason: c.map(
        c.optional(
          c.check(
            c.text({ trim: true }),
            c.maxLength(BLOCK_REASON_MAX, blockTexts.reasonTooLong({ max: BLOCK_REASON_MAX })),
          ),
        ),
        (value) => value || null,
      ),
    }),
  ),
);
export type BlockRequest = c.Input<typeof blockRequestSchema>;

/** What POST /api/block answers: the block's id, which DELETE /api/block/{id} takes (an Undo). */
export const blockResultSchema = c.object({ message: c.string, id: c.string });

/** What GET /api/blocked-users answers for each block: never who it is (ADDENDUM §1). */
export const blockedUserSchema = c.object({
  id: c.string,
  /**
   * "j•••@g•••.com" when the caller, an owner, blocked a sender with an account; null for a visitor who
   * wrote without one, and for an owner blocked by a sender (whose label is the vehicle they wrote to).
   */
  blockedEmail: c.nullable(c.string),
  label: c.string,
  reason: c.nullable(c.string),
  createdAt: c.string,
});
export type BlockedUser = c.Infer<typeof blockedUserSchema>;
export const blockedUserListSchema = c.array(blockedUserSchema);

/** The first character of the local part and of the domain, the rest as bullets: "j•••@g•••.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}
