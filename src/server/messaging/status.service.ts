import { ErrorCode } from '../../shared/errors.js';
import { MESSAGE_RETENTION_MS, messageTexts } from '../../shared/messaging/messages.contract.js';
import {
  type MessageStatus,
  NOTIFY_AGAIN_AFTER_MS,
  type OwnerStatus,
  type OwnerStatusCode,
  statusTexts,
} from '../../shared/messaging/status.contract.js';
import { badRequest, HttpError, notFound } from '../errors/http-error.js';
import { addressKeyOf } from '../rate-limit/address.js';
import { rateLimits } from '../rate-limit/rules.js';
import type { MessagingServiceDeps } from './messaging.deps.js';
import { clearedAtOf, isOtherSideDeleted } from './messaging.policy.js';
import { presentOwnerStatus } from './messaging.presenter.js';
import { otherSideOf, participantConversation } from './participant.js';

/** Who asks about a message: their account (if signed in) and their visitor cookie's hash (if any). */
export interface Asker {
  userId: string | null;
  visitorHash: string | null;
  ip: string;
}

type SentRow = NonNullable<Awaited<ReturnType<MessagingServiceDeps['repo']['findMessageWithConversation']>>>;

const messageNotFound = () => notFound(messageTexts.messageNotFound);
/** Writing to a deleted account (decisions 0149, 0152): as a reply to one answers. */
const deletedAccount = () =>
  new HttpError(410, messageTexts.deletedAccountReply, { code: ErrorCode.notFound });
const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/**
 * What became of a message for its sender (issue 32): Sent, Delivered, Seen (while its recipient sends read
 * receipts), the owner's one-tap answer, the replies, and notify again once; the owner's one-tap answers;
 * messaging's settings of an account. Every change reaches the sender's sockets (`message.status`).
 */
export function createStatusService(deps: MessagingServiceDeps) {
  const { repo, clock, limiter } = deps;

  /**
   * The asker's own message (the SQL asks for it by its sender: the owner of the vehicle learns nothing of
   * it), alive and not deleted from their view; else the 404 of a missing one.
   */
  async function ownMessage(asker: Asker, messageId: string): Promise<SentRow> {
    const row = messageId.length <= 64 ? await repo.findMessageWithConversation(asker, messageId) : undefined;
    if (!row) throw messageNotFound();
    const since = Math.max(clock() - MESSAGE_RETENTION_MS, clearedAtOf(row, row.senderSide));
    if (row.createdAt <= since) throw messageNotFound();
    return row;
  }

  /** The account that receives the message (a visitor has none and sends no read receipts). */
  const recipientOf = (row: SentRow) => (row.senderSide === 'one' ? row.userTwoId : row.ownerOneId);

  /** The owner's answer, if it came after the message (an answer to an earlier one does not count). */
  const answerTo = (row: SentRow): OwnerStatus | null =>
    row.senderSide === 'two' && row.ownerStatusAt !== null && row.ownerStatusAt >= row.createdAt
      ? presentOwnerStatus(row)
      : null;

  async function statusOf(row: SentRow): Promise<MessageStatus> {
    const recipient = recipientOf(row);
    // The owner deleted their account (decision 0152): the sender keeps their message, nobody reads on.
    const recipientDeleted = isOtherSideDeleted(row, row.senderSide);
    const showsSeen = row.isRead === 1 && recipient !== null && (await repo.sendsReadReceipts(recipient));
    const deliveredAt = row.deliveredAt ?? (row.isRead === 1 ? row.readAt : null);
    const thread = (await repo.listThreadFrom(row.conversationId, row.createdAt))
      .filter((message) => message.id !== row.id)
      .map((message) => ({
        id: message.id,
        content: message.content,
        createdAt: new Date(Number(message.createdAt)).toISOString(),
        isMine: message.senderSide === row.senderSide,
      }));
    const replies = thread.filter((message) => !message.isMine).map(({ isMine: _, ...reply }) => reply);
    const ownerStatus = row.senderSide === 'two' ? presentOwnerStatus(row) : null;
    // Notify again: once, to an owner, while nothing came back that the sender may see.
    const mayNotifyAgain =
      row.senderSide === 'two' &&
      !recipientDeleted &&
      row.notifiedAgainAt === null &&
      !showsSeen &&
      answerTo(row) === null &&
      replies.length === 0;
    const notifyAgainAt = row.createdAt + NOTIFY_AGAIN_AFTER_MS;
    return {
      id: row.id,
      conversationId: row.conversationId,
      vehicleId: row.vehicleOneId,
      content: row.content,
      createdAt: new Date(Number(row.createdAt)).toISOString(),
      state: showsSeen ? 'seen' : deliveredAt !== null || row.isRead === 1 ? 'delivered' : 'sent',
      deliveredAt: iso(deliveredAt ?? (row.isRead === 1 ? row.createdAt : null)),
      seenAt: showsSeen ? iso(row.readAt) : null,
      ownerStatus,
      replies,
      thread,
      canNotifyAgain: mayNotifyAgain && clock() >= notifyAgainAt,
      notifyAgainAt: mayNotifyAgain ? iso(notifyAgainAt) : null,
      sentAs: row.senderSide === 'two' && row.userTwoId === null ? 'visitor' : 'account',
      recipientDeleted,
    };
  }

  return {
    /** GET /api/messages/{id}/status: for its sender only. */
    async messageStatus(asker: Asker, messageId: string): Promise<MessageStatus> {
      return statusOf(await ownMessage(asker, messageId));
    },

    /**
     * POST /api/messages/{id}/notify-again: once, 10 minutes after the message, while the owner has neither
     * (visibly) seen nor answered it; counts against the sender's limits. A second push, marked urgent.
     */
    async notifyAgain(asker: Asker, messageId: string): Promise<void> {
      const row = await ownMessage(asker, messageId);
      if (isOtherSideDeleted(row, row.senderSide)) throw deletedAccount();
      const status = await statusOf(row);
      const recipient = recipientOf(row);
      if (status.notifyAgainAt === null || recipient === null) {
        throw new HttpError(409, statusTexts.notifyAgainUsed, { code: ErrorCode.notifyAgainUsed });
      }
      const waitMs = row.createdAt + NOTIFY_AGAIN_AFTER_MS - clock();
      if (waitMs > 0) {
        throw new HttpError(429, statusTexts.notifyAgainTooEarly, {
          code: ErrorCode.notifyAgainTooEarly,
          headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
        });
      }
      const subject = asker.userId ? `user:${asker.userId}` : `ip:${addressKeyOf(asker.ip)}`;
      await limiter.consumeInTurn(
        [rateLimits.messagesPerVehiclePerSender, `${row.vehicleOneId}|${subject}`],
        [rateLimits.messagesPerSender, subject],
      );
      const noted = await deps.transaction(async (tx) => {
        if (!(await tx.markNotifiedAgain(asker, row.id, clock()))) return false;
        // Read already, without receipts: the sender may not learn it, and the owner needs no reminder.
        if (row.isRead === 0) {
          await deps.events.publishInTransaction(
            'message.renotified',
            { messageId: row.id, recipientUserId: recipient },
            tx.scope,
          );
        }
        return true;
      });
      if (!noted) throw new HttpError(409, statusTexts.notifyAgainUsed, { code: ErrorCode.notifyAgainUsed });
      await deps.events
        .publish('message.status', {
          conversationId: row.conversationId,
          messageId: row.id,
          ...otherSideOf(row, row.senderSide === 'one' ? 'two' : 'one'),
        })
        .catch(deps.onAnnounceError);
    },

    /**
     * POST /api/conversations/{id}/status: the owner of the vehicle written to answers with one tap; the
     * other side sees it (and its time) in their chat or on their status page.
     */
    async answer(userId: string, conversationId: string, code: OwnerStatusCode): Promise<OwnerStatus> {
      const { conversation, side } = await participantConversation(repo, userId, conversationId);
      if (side !== 'one') throw badRequest(statusTexts.onlyTheOwner);
      // Nobody is left to see it (0149): refused like a reply, nothing changes.
      if (isOtherSideDeleted(conversation, side)) throw deletedAccount();
      const at = clock();
      await deps.transaction(async (tx) => {
        await tx.saveOwnerStatus(userId, conversation.id, code, at);
        await tx.touchInboxes([conversation.ownerOneId, conversation.userTwoId]);
      });
      await deps.events
        .publish('message.status', {
          conversationId: conversation.id,
          messageId: null,
          ...otherSideOf(conversation, 'one'),
        })
        .catch(deps.onAnnounceError);
      return presentOwnerStatus({ ownerStatus: code, ownerStatusAt: at }) as OwnerStatus;
    },

    async preferences(userId: string) {
      return { readReceipts: await repo.sendsReadReceipts(userId) };
    },

    async savePreferences(userId: string, input: { readReceipts: boolean }) {
      await repo.saveReadReceipts(userId, input.readReceipts, clock());
      return { readReceipts: input.readReceipts };
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
