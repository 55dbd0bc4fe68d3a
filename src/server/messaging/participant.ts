import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { notFound } from '../errors/http-error.js';
import { sideOf } from './messaging.policy.js';
import type { MessagingRepo } from './messaging.repo.js';

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
