import { z } from 'zod';
import { requestBody } from '../request-fields.js';

export const BLOCK_REASON_MAX = 500;

export const blockTexts = {
  anonymousSender: 'Anonymous sender',
  reasonTooLong: `Reason must be at most ${BLOCK_REASON_MAX} characters`,
  conversationRequired: 'conversationId is required',
  blocked: 'Sender blocked',
  unblocked: 'Sender unblocked',
  blockNotFound: 'Block not found',
} as const;

const blockFields = z.object({
  conversationId: z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().min(1, blockTexts.conversationRequired).max(64, blockTexts.conversationRequired)),
  reason: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(BLOCK_REASON_MAX, blockTexts.reasonTooLong).nullable()),
});

/** POST /api/block: block "the sender of this conversation" (ADDENDUM §1). */
export const blockRequestSchema = requestBody({ conversationId: 'text', reason: 'text' }, blockFields);
export type BlockRequest = z.input<typeof blockFields>;

/** What GET /api/blocked-users answers for each block: never who it is (ADDENDUM §1). */
export const blockedUserSchema = z.object({
  id: z.string(),
  /** "j•••@g•••.com", or null for a visitor who wrote without an account. */
  blockedEmail: z.string().nullable(),
  label: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUserListSchema = z.array(blockedUserSchema);

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
