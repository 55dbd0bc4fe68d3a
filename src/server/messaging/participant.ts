import { messageTexts } from '../../shared/messaging/messages.contract.js';
import type { ConversationSide } from '../db/schema.js';
import { notFound } from '../errors/http-error.js';
import { sideOf } from './messaging.policy.js';
import type { MessagingRepo } from './messaging.repo.js';
import type { ConversationRow } from './rows.js';

export const conversationNotFound = () => notFound(messageTexts.conversationNotFound);

/** The conversation of a participant, and their side of it; else a 404 (as for one that does not exist). */
export async function participantConversation(
  repo: Pick<MessagingRepo, 'findConversationOf'>,
  userId: string,
  conversationId: string,
) {
  const conversation =
    conversationId.length <= 64 ? await repo.findConversationOf(userId, conversationId) : undefined;
  const side = conversation && sideOf(conversation, userId);
  if (!conversation || !side) throw conversationNotFound();
  return { conversation, side };
}

/**
 * Who is on the other side of `side`, as `message.status` names whom to tell: an account, or (side two only)
 * a visitor by their cookie's hash.
 */
export function otherSideOf(
  conversation: Pick<ConversationRow, 'ownerOneId' | 'userTwoId' | 'visitorTwoHash'>,
  side: ConversationSide,
): { senderUserId: string | null; senderVisitorHash: string | null } {
  return side === 'one'
    ? { senderUserId: conversation.userTwoId, senderVisitorHash: conversation.visitorTwoHash }
    : { senderUserId: conversation.ownerOneId, senderVisitorHash: null };
}
