import { MESSAGE_RETENTION_MS, messageTexts } from '../../shared/messaging/messages.contract.js';
import type { ConversationSide } from '../db/schema.js';
import { badRequest, notFound } from '../errors/http-error.js';
import type { MessagingServiceDeps } from './messaging.deps.js';
import {
  clearedAtOf,
  isOtherSideDeleted,
  otherUserOf,
  seenByNobodyUntil,
  sideOf,
  vehicleOf,
} from './messaging.policy.js';
import { otherSideOf, participantConversation } from './participant.js';
import type { ConversationRow } from './rows.js';

const RECENT_UNREAD_LIMIT = 50;

/** The caller's block of the other side of a conversation (their account, or a visitor's browser), if any. */
function blockOfOtherSide(
  blocks: Awaited<ReturnType<MessagingServiceDeps['repo']['listBlockSubjectsOf']>>,
  conversation: ConversationRow,
  side: ConversationSide,
) {
  const otherUserId = otherUserOf(conversation, side);
  const visitorHash = side === 'one' ? conversation.visitorTwoHash : null;
  return (
    blocks.find((block) =>
      otherUserId
        ? block.blockedUserId === otherUserId
        : visitorHash !== null && block.blockedVisitorHash === visitorHash,
    ) ?? null
  );
}

/**
 * A participant's conversations: listing them and their messages, reading, deleting a conversation from
 * one's own list and a message for both sides. Every change bumps the inbox versions of those whose lists
 * it changes, last in its transaction; every delete publishes its event in the deleting transaction.
 */
export function createConversationsService(deps: MessagingServiceDeps) {
  const { repo, clock } = deps;
  const since = () => clock() - MESSAGE_RETENTION_MS;

  return {
    /**
     * The user's conversations with a message in the last 24 hours, newest first, as they may see them;
     * and until when that stays so unless something is written (the oldest of their messages read here
     * leaves the lists then).
     */
    async listConversations(userId: string) {
      const now = clock();
      const conversations = await repo.listConversationsOf(userId, now - MESSAGE_RETENTION_MS);
      const messages = await repo.listMessagesOf(
        userId,
        conversations.map((conversation) => conversation.id),
        now - MESSAGE_RETENTION_MS,
      );
      const validUntil = (messages[0]?.createdAt ?? Number.POSITIVE_INFINITY) + MESSAGE_RETENTION_MS;
      const vehicleIds = conversations.flatMap((c) =>
        [c.vehicleOneId, c.vehicleTwoId].filter((id) => id !== null),
      );
      const vehicles = new Map(
        (await repo.findPublicVehicles([...new Set(vehicleIds)])).map((v) => [v.id, v]),
      );
      const blocks = await repo.listBlockSubjectsOf(userId);
      const items = conversations.flatMap((conversation) => {
        const side = sideOf(conversation, userId);
        if (!side) return [];
        const visible = messages.filter(
          (message) =>
            message.conversationId === conversation.id && message.createdAt > clearedAtOf(conversation, side),
        );
        // Deleted from this side's view, and nothing new since.
        if (visible.length === 0) return [];
        // Null once the owner deleted their account and the sender kept the conversation (0152).
        const vehicleOne =
          conversation.vehicleOneId === null ? null : vehicles.get(conversation.vehicleOneId);
        if (vehicleOne === undefined) return [];
        return [
          {
            conversation,
            side,
            vehicleOne,
            vehicleTwo: conversation.vehicleTwoId ? (vehicles.get(conversation.vehicleTwoId) ?? null) : null,
            lastMessage: visible.at(-1) ?? null,
            unreadCount: visible.filter((message) => message.senderSide !== side && message.isRead === 0)
              .length,
            // Both sides can write, a visitor's owner too (the visitor reads replies on their status page,
            // issue 32); not to a deleted account (0149, 0152).
            canReply: !isOtherSideDeleted(conversation, side),
            block: blockOfOtherSide(blocks, conversation, side),
          },
        ];
      });
      return { items, validUntil };
    },

    /** A conversation's messages of the last 24 hours, for a participant only. */
    async listMessages(userId: string, conversationId: string) {
      const { conversation, side } = await participantConversation(repo, userId, conversationId);
      const messages = await repo.listMessagesOf(
        userId,
        [conversation.id],
        Math.max(since(), clearedAtOf(conversation, side)),
      );
      return { side, messages };
    },

    /**
     * Opening a conversation marks what the other side wrote as read for the caller's side (and delivered,
     * where nothing had taken it); answers the caller's inbox version after it (undefined: nothing was
     * unread, the version did not move). The other side hears of it when it changes what they may see:
     * Seen while the caller sends read receipts, else only Delivered (issue 32).
     */
    async markRead(
      userId: string,
      conversationId: string,
      vehicleId: string | undefined,
    ): Promise<number | undefined> {
      const { conversation, side } = await participantConversation(repo, userId, conversationId);
      // The vehicle named must be the caller's own in this conversation (spec §7: read "for" it).
      if (vehicleId !== undefined && vehicleId !== vehicleOf(conversation, side)) {
        throw badRequest(messageTexts.notYourVehicleHere);
      }
      const { read, delivered, inboxVersion } = await deps.transaction(async (tx) => {
        const marked = await tx.markRead(userId, conversation.id, side, clock());
        const inboxVersion = marked.read > 0 ? (await tx.touchInboxes([userId]))[userId] : undefined;
        return { ...marked, inboxVersion };
      });
      if (delivered > 0 || (read > 0 && (await repo.sendsReadReceipts(userId)))) {
        await deps.events
          .publish('message.status', {
            conversationId: conversation.id,
            messageId: null,
            ...otherSideOf(conversation, side),
          })
          .catch(deps.onAnnounceError);
      }
      return inboxVersion;
    },

    /**
     * Deletes the conversation from the caller's list only; the other side keeps theirs (0080). What
     * neither side can see any more is deleted (docs/decisions/0127-what-is-deleted-is-gone.md).
     */
    async deleteConversation(userId: string, conversationId: string) {
      const { conversation, side } = await participantConversation(repo, userId, conversationId);
      const erased = await deps.transaction(async (tx) => {
        const clears = await tx.clearForSide(userId, conversation.id, side, clock());
        let deleted = 0;
        if (clears) {
          const clearedAt = clearedAtOf(clears, side);
          // Before the messages go: web push drops the pushes of what it hid.
          const hiddenMessageIds = await tx.listMessageIdsUntil(userId, conversation.id, clearedAt);
          await deps.events.publishInTransaction(
            'conversation.cleared',
            { conversationId: conversation.id, userId, clearedAt, hiddenMessageIds },
            tx.scope,
          );
          const until = seenByNobodyUntil(clears);
          if (until > 0) deleted = await tx.deleteMessagesUntil(userId, conversation.id, until);
        }
        await tx.touchInboxes([userId]);
        return deleted;
      });
      if (erased > 0) deps.eraseSoon();
    },

    /** Deletes a message; only its sender may (spec §6), anyone else gets the 404 of a missing one. */
    async deleteMessage(userId: string, messageId: string) {
      const message = messageId.length <= 64 ? await repo.findMessageOf(userId, messageId) : undefined;
      if (!message) throw notFound(messageTexts.messageNotFound);
      const conversation = await repo.findConversationOf(userId, message.conversationId);
      if (!conversation || sideOf(conversation, userId) !== message.senderSide) {
        throw notFound(messageTexts.messageNotFound);
      }
      await deps.transaction(async (tx) => {
        await tx.deleteMessageOf(userId, message.id, conversation.id);
        await deps.events.publishInTransaction(
          'message.deleted',
          { messageId: message.id, conversationId: conversation.id },
          tx.scope,
        );
        await tx.touchInboxes([conversation.ownerOneId, conversation.userTwoId]);
      });
      deps.eraseSoon();
    },

    /** What the other side wrote that the caller has not read, newest first (the 30 s fallback poll). */
    async recentUnread(userId: string) {
      const conversations = await repo.listConversationsOf(userId, since());
      const messages = await repo.listMessagesOf(
        userId,
        conversations.map((conversation) => conversation.id),
        since(),
      );
      const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
      return messages
        .filter((message) => {
          const conversation = byId.get(message.conversationId);
          const side = conversation && sideOf(conversation, userId);
          return (
            conversation !== undefined &&
            side !== undefined &&
            message.senderSide !== side &&
            message.isRead === 0 &&
            message.createdAt > clearedAtOf(conversation, side)
          );
        })
        .reverse()
        .slice(0, RECENT_UNREAD_LIMIT)
        .map((message) => ({
          message,
          side: sideOf(byId.get(message.conversationId) as ConversationRow, userId),
        }));
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
