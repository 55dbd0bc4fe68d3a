import { type BlockedUser, maskEmail } from '../../shared/messaging/blocks.contract.js';
import type { ConversationSide } from '../db/schema.js';

/**
 * A block as its blocker sees it (ADDENDUM §1): never who it is beyond a masked address, and that only to
 * an owner who blocked the sender of a message they received. A sender who blocked an owner sees the
 * vehicle they wrote to (the label), never an address; so do blocks older than the side they came from.
 */
export function presentBlock(block: {
  id: string;
  label: string;
  reason: string | null;
  createdAt: number;
  blockerSide: ConversationSide | null;
  email: string | null;
}): BlockedUser {
  return {
    id: block.id,
    blockedEmail: block.blockerSide === 'one' && block.email ? maskEmail(block.email) : null,
    label: block.label,
    reason: block.reason,
    createdAt: new Date(block.createdAt).toISOString(),
  };
}
