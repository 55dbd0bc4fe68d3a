import { type BlockedUser, maskEmail } from '../../shared/messaging/blocks.js';

/** A block as its blocker sees it: never who it is beyond a masked address (ADDENDUM §1). */
export function presentBlock(block: {
  id: string;
  label: string;
  reason: string | null;
  createdAt: number;
  email: string | null;
}): BlockedUser {
  return {
    id: block.id,
    blockedEmail: block.email ? maskEmail(block.email) : null,
    label: block.label,
    reason: block.reason,
    createdAt: new Date(block.createdAt).toISOString(),
  };
}
