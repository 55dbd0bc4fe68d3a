import type { AccountDataPort } from '../ports.js';
import { presentBlock } from './blocks.presenter.js';
import type { BlocksService } from './blocks.service.js';
import type { ConversationsService } from './conversations.service.js';
import type { FeedbackRepo } from './feedback.repo.js';
import { presentConversation, presentMessage } from './messaging.presenter.js';
import type { StatusService } from './status.service.js';

/**
 * Messaging's part of "Download my data" (issue 33): the account's current conversations and their
 * messages as it sees them (the other side only as it was shown: a public vehicle, "Anonymous visitor"),
 * the people it blocked as Blocked Users lists them, its message settings, and the ratings it gave (0151).
 */
export function addMessagingAccountData(
  accountData: AccountDataPort,
  deps: {
    conversations: ConversationsService;
    blocks: BlocksService;
    status: StatusService;
    feedback: FeedbackRepo;
  },
): void {
  accountData.add('conversations', async (userId) => {
    const { items } = await deps.conversations.listConversations(userId);
    const conversations = [];
    for (const item of items) {
      const { side, messages } = await deps.conversations.listMessages(userId, item.conversation.id);
      conversations.push({
        ...presentConversation(item),
        messages: messages.map((message) => presentMessage(message, side)),
      });
    }
    return conversations;
  });
  accountData.add('blockedUsers', async (userId) => (await deps.blocks.list(userId)).map(presentBlock));
  accountData.add('messagePreferences', (userId) => deps.status.preferences(userId));
  // The ratings the account gave, as it gave them; never whom they were about, nor anything others gave.
  accountData.add('feedbackGiven', async (userId) =>
    (await deps.feedback.listGivenBy(userId)).map((row) => ({
      messageId: row.messageId,
      rating: row.rating,
      ratedAt: new Date(row.createdAt).toISOString(),
    })),
  );
}
