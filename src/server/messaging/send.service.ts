import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../shared/errors.js';
import { LOCALES } from '../../shared/i18n/locales.js';
import {
  type AnonymousMessageInput,
  isUrgent,
  MESSAGE_RETENTION_MS,
  messageTexts,
  type SentMessage,
  urgentQuickMessages,
} from '../../shared/messaging/messages.contract.js';
import { acceptanceTexts } from '../../shared/vehicles/acceptance.js';
import { isSampleVehicle } from '../../shared/vehicles/sample.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { ConversationSide } from '../db/schema.js';
import { badRequest, HttpError, notFound } from '../errors/http-error.js';
import type { MessageWritten } from '../events/events.js';
import { withLocale } from '../i18n.js';
import { addressKeyOf } from '../rate-limit/address.js';
import { rateLimits } from '../rate-limit/rules.js';
import type { SenderSubject } from './blocks.repo.js';
import { idempotencyKeys, idempotentRequest } from './idempotency.js';
import type { InboxVersions } from './inbox.repo.js';
import type { MessagingServiceDeps, MessagingTransaction } from './messaging.deps.js';
import { isOtherSideDeleted, otherUserOf, vehicleOf } from './messaging.policy.js';
import type { MessageView } from './messaging.presenter.js';
import { conversationNotFound, participantConversation } from './participant.js';
import { scrubContactDetails } from './scrub/scrub.js';

/** Who is writing: a signed-in account, or a visitor known by the hash of their cookie and their address. */
export type Sender =
  | { kind: 'user'; userId: string; isVerified: boolean; ip: string }
  | { kind: 'visitor'; visitorHash: string; ip: string };

/**
 * A reply's answer as kept with its Idempotency-Key: without its text, which a retry carries again (the
 * fingerprint holds it), so a message its sender deletes is not kept on in the key's row (decision 0126).
 */
interface StoredReply {
  side: ConversationSide;
  message: Omit<MessageView, 'content'>;
}

const replyOf = (stored: string, content: string) => {
  const { side, message } = JSON.parse(stored) as StoredReply;
  return { side, message: { ...message, content } };
};

let urgentTexts: readonly string[] | undefined;
/**
 * The quick messages that are urgent by default in every language the app speaks (the catalogues are read
 * once, at start): a finder picks them in theirs, whatever the owner's (docs/decisions/0165).
 */
const urgentInEveryLanguage = () => {
  urgentTexts ??= [...new Set(LOCALES.flatMap((locale) => withLocale(locale, urgentQuickMessages)))];
  return urgentTexts;
};

const blocked = () => new HttpError(403, messageTexts.userBlocked, { code: ErrorCode.userBlocked });

/** Refuses what the vehicle's owner does not accept (ADDENDUM §1). */
function checkAcceptance(acceptMessagesFrom: string, sender: Sender) {
  if (acceptMessagesFrom === 'nobody') {
    throw new HttpError(403, acceptanceTexts.paused, { code: ErrorCode.messagesPaused });
  }
  if (acceptMessagesFrom === 'verified' && !(sender.kind === 'user' && sender.isVerified)) {
    throw new HttpError(403, acceptanceTexts.verifiedOnly, { code: ErrorCode.verifiedSendersOnly });
  }
}

/**
 * Writing a message: to a vehicle (whoever found it) and as a reply in a conversation. Each is written in
 * one transaction that publishes `message.written` (web push queues its notification there), and announced
 * as `message.created` after the commit with the inbox versions it left (realtime tells the sockets).
 */
export function createSendService(deps: MessagingServiceDeps) {
  const { repo, limiter, clock } = deps;
  const keys = idempotencyKeys(repo);

  /** In the message's transaction: the in-transaction event, then its participants' inbox versions, last. */
  async function written(tx: MessagingTransaction, message: MessageWritten): Promise<InboxVersions> {
    await deps.events.publishInTransaction('message.written', message, tx.scope);
    return tx.touchInboxes([message.recipientUserId, message.senderUserId]);
  }

  /** After the commit: every instance hears of the message, with the versions its commit left. */
  const announce = (message: MessageWritten, inboxVersions: InboxVersions, requestId: string | undefined) => {
    deps.metrics.messageSent();
    return deps.events
      .publish('message.created', { ...message, inboxVersions, ...(requestId ? { requestId } : {}) })
      .catch(deps.onAnnounceError);
  };

  /** The vehicle a signed-in sender writes as: the one named (theirs, active), else their first, else none. */
  /**
   * The sender's vehicle the owner will see: only the one the sender chose (ADDENDUM §11); without a choice
   * the message is anonymous, also from an account with vehicles.
   */
  async function senderVehicleOf(sender: Sender, requested: string | undefined) {
    if (!requested) return null;
    if (sender.kind === 'visitor') throw badRequest(messageTexts.notYourVehicle);
    const own = (await repo.listActiveVehicleIdsOf(sender.userId)).map((vehicle) => vehicle.id);
    if (!own.includes(requested)) throw badRequest(messageTexts.notYourVehicle);
    return requested;
  }

  return {
    /**
     * POST /api/messages/anonymous: a message to a vehicle from whoever found it. With an idempotency key,
     * a retry (also a concurrent one) answers the first result and stores nothing new; the key with another
     * request answers 422 and stores nothing.
     */
    async sendToVehicle(
      input: AnonymousMessageInput,
      sender: Sender,
      idempotencyKey: string | undefined,
      /** The sending request's id (its log lines'), carried to the instances that deliver it. */
      requestId?: string,
    ): Promise<SentMessage> {
      const senderKey = sender.kind === 'user' ? `u:${sender.userId}` : `a:${sender.visitorHash}`;
      const urgent = isUrgent(input.urgent, input.content, urgentInEveryLanguage());
      const request = idempotentRequest('POST /api/messages/anonymous', [
        input.vehicleId,
        input.content,
        input.messageType,
        input.senderVehicleId ?? null,
        // Only when urgent: a plain message's fingerprint is what it was before urgent existed (0150).
        ...(urgent ? ['urgent'] : []),
      ]);
      const key = { senderKey, idempotencyKey, request };
      const first = await keys.firstAnswer(key);
      if (first !== undefined) return JSON.parse(first) as SentMessage;
      const limitSubject = sender.kind === 'user' ? `user:${sender.userId}` : `ip:${addressKeyOf(sender.ip)}`;
      const perVehicle = `${input.vehicleId}|${limitSubject}`;
      // An urgent message has its own limit, first: refused, it counts against none of the others (0150).
      await limiter.consumeInTurn(
        ...(urgent ? [[rateLimits.urgentMessagesPerVehiclePerSender, perVehicle] as const] : []),
        [rateLimits.messagesPerVehiclePerSender, perVehicle],
        [rateLimits.messagesPerSender, limitSubject],
      );

      const now = clock();
      // The built-in sample belongs to no one: the whole flow can be tried, and nothing is kept.
      if (isSampleVehicle(input.vehicleId)) {
        return {
          id: randomUUID(),
          conversationId: null,
          createdAt: new Date(now).toISOString(),
          isDelivered: false,
        };
      }
      // A visitor is also known by their network: an owner's block of them holds it for a day (0139).
      const subject: SenderSubject =
        sender.kind === 'user'
          ? { userId: sender.userId }
          : { visitorHash: sender.visitorHash, network: await deps.networkOf(sender.ip), now };
      const network = 'network' in subject ? subject.network : null;
      const target = await repo.findTargetVehicle(input.vehicleId, subject);
      if (target?.isActive !== 1 || !target.ownerId) throw notFound(vehicleTexts.vehicleNotFound);
      const ownerId = target.ownerId;
      if (sender.kind === 'user' && sender.userId === ownerId) {
        throw new HttpError(400, messageTexts.ownVehicle, { code: ErrorCode.ownVehicle });
      }
      checkAcceptance(target.acceptMessagesFrom, sender);
      if (target.isBlocked) throw blocked();
      const senderVehicleId = await senderVehicleOf(sender, input.senderVehicleId);

      const partyKey =
        senderVehicleId !== null
          ? `vv:${[target.id, senderVehicleId].sort().join(':')}`
          : sender.kind === 'user'
            ? `vu:${target.id}:${sender.userId}`
            : `va:${target.id}:${sender.visitorHash}`;
      const senderUserId = sender.kind === 'user' ? sender.userId : null;
      // A message that opens a conversation counts against the vehicle's inflow from all senders (0125);
      // one to a conversation its owner still sees does not.
      if (!(await repo.hasOpenConversation(partyKey, now - MESSAGE_RETENTION_MS))) {
        await limiter.consume(rateLimits.newConversationsPerVehicle, `vehicle:${target.id}`);
      }
      // A sender 3 owners reported or found not helpful writes one message a day (0151).
      await deps.reputation.admit(
        sender.kind === 'user' ? { userId: sender.userId } : { visitorHash: sender.visitorHash, network },
      );

      let sent: { result: SentMessage; message: MessageWritten; inboxVersions: InboxVersions };
      try {
        sent = await deps.transaction(async (tx) => {
          const { conversation, message } = await tx.writeToPair(
            {
              partyKey,
              vehicleOneId: target.id,
              ownerOneId: ownerId,
              vehicleTwoId: senderVehicleId,
              userTwoId: senderUserId,
              visitorTwoHash: sender.kind === 'visitor' ? sender.visitorHash : null,
              visitorTwoNetwork: network,
              oneClearedAt: 0,
              twoClearedAt: 0,
              createdAt: now,
              lastMessageAt: now,
              ownerStatus: null,
              ownerStatusAt: null,
            },
            // Contact details are masked before the text is kept: every reader sees only this (0148).
            {
              senderUserId,
              senderVehicleId,
              content: scrubContactDetails(input.content),
              urgent: urgent ? 1 : 0,
            },
          );
          const result: SentMessage = {
            id: message.id,
            conversationId: conversation.id,
            createdAt: new Date(message.createdAt).toISOString(),
            isDelivered: true,
          };
          const announced: MessageWritten = {
            messageId: message.id,
            conversationId: conversation.id,
            recipientUserId: otherUserOf(conversation, message.senderSide),
            senderUserId,
            createdAt: message.createdAt,
          };
          await keys.remember(tx, key, () => JSON.stringify(result), now);
          return { result, message: announced, inboxVersions: await written(tx, announced) };
        });
      } catch (error) {
        return JSON.parse(await keys.answerOfConcurrentRetry(error, key)) as SentMessage;
      }
      await announce(sent.message, sent.inboxVersions, requestId);
      return sent.result;
    },

    /**
     * A reply in a conversation, as the vehicle (or account) of the caller's side. With an idempotency key,
     * as sendToVehicle: a retry answers the first reply and stores nothing new, another request 422.
     */
    async reply(
      userId: string,
      conversationId: string,
      content: string,
      idempotencyKey?: string,
      requestId?: string,
    ): Promise<{ side: ConversationSide; message: MessageView }> {
      const request = idempotentRequest('POST /api/conversations/{id}/messages', [conversationId, content]);
      const key = { senderKey: `u:${userId}`, idempotencyKey, request };
      // The fingerprint holds the text as sent; what is kept and answered is masked (0148).
      const masked = scrubContactDetails(content);
      const first = await keys.firstAnswer(key);
      if (first !== undefined) return replyOf(first, masked);
      const { conversation, side } = await participantConversation(repo, userId, conversationId);
      if (isOtherSideDeleted(conversation, side)) {
        throw new HttpError(410, messageTexts.deletedAccountReply, { code: ErrorCode.notFound });
      }
      const recipient = otherUserOf(conversation, side);
      if (recipient && (await repo.isUserBlocked(recipient, userId))) throw blocked();
      await limiter.consume(rateLimits.messagesPerSender, `user:${userId}`);
      await deps.reputation.admit({ userId });
      const now = clock();
      let sent: { view: MessageView; message: MessageWritten; inboxVersions: InboxVersions };
      try {
        sent = await deps.transaction(async (tx) => {
          const inserted = await tx.writeToConversation(
            userId,
            conversation.id,
            {
              senderSide: side,
              senderVehicleId: vehicleOf(conversation, side),
              content: masked,
              isRead: 0,
              // A reply is never urgent: urgency is the finder's, to reach an owner in quiet hours.
              urgent: 0,
            },
            now,
          );
          if (!inserted) throw conversationNotFound();
          const announced: MessageWritten = {
            messageId: inserted.id,
            conversationId: conversation.id,
            recipientUserId: recipient,
            senderUserId: userId,
            createdAt: inserted.createdAt,
          };
          // Read in the transaction: the key's answer is stored with the message, as the first answer.
          const view = await tx.findMessageViewOf(userId, inserted.id);
          const stored = (): string => {
            const { content: _text, ...withoutText } = view;
            return JSON.stringify({ side, message: withoutText } satisfies StoredReply);
          };
          await keys.remember(tx, key, stored, now);
          return { view, message: announced, inboxVersions: await written(tx, announced) };
        });
      } catch (error) {
        return replyOf(await keys.answerOfConcurrentRetry(error, key), masked);
      }
      await announce(sent.message, sent.inboxVersions, requestId);
      // A visitor has no account to hear of it: their status page does (issue 32).
      if (side === 'one' && conversation.visitorTwoHash !== null) {
        await deps.events
          .publish('message.status', {
            conversationId: conversation.id,
            messageId: null,
            senderUserId: null,
            senderVisitorHash: conversation.visitorTwoHash,
          })
          .catch(deps.onAnnounceError);
      }
      return { side, message: sent.view };
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
