import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../shared/errors.js';
import type { DomainEvents } from '../../shared/events.js';
import {
  type AnonymousMessageInput,
  MESSAGE_RETENTION_MS,
  messageTexts,
  type SentMessage,
} from '../../shared/messaging/messages.js';
import { isSampleVehicle } from '../../shared/vehicles/sample.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { BlockSubject, BlocksRepo } from '../blocks/blocks.repo.js';
import type { Clock } from '../clock.js';
import { type Db, isUniqueViolation } from '../db/index.js';
import type { ConversationSide } from '../db/schema.js';
import type { Transaction } from '../db/transaction.js';
import type { EventBus } from '../events/event-bus.js';
import { badRequest, HttpError, notFound } from '../plugins/errors.js';
import { addressKeyOf } from '../rate-limit/address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { firstAnswerTo, type IdempotentRequest, idempotentRequest } from './idempotency.js';
import type { InboxVersions } from './inbox.repo.js';
import {
  canReply,
  clearedAtOf,
  otherUserOf,
  seenByNobodyUntil,
  sideOf,
  vehicleOf,
} from './messaging.policy.js';
import type { ConversationRow, MessagingRepo } from './messaging.repo.js';
import { UnreadCounts } from './unread-counts.js';

/** Who is writing: a signed-in account, or a visitor known by the hash of their cookie and their address. */
export type Sender =
  | { kind: 'user'; userId: string; isVerified: boolean; ip: string }
  | { kind: 'visitor'; visitorHash: string; ip: string };

export interface MessagingServiceDeps {
  repo: MessagingRepo;
  blocks: BlocksRepo;
  /** A transaction's repos, and its handle for the in-transaction event handlers. */
  transaction: Transaction<MessagingTransaction>;
  limiter: RateLimiter;
  clock: Clock;
  events: EventBus;
  /** The message is committed whatever happens to its announcement (clients also poll). */
  onAnnounceError: (error: unknown) => void;
  /** After a delete of text has committed: none of it stays in the database's files (DatabaseHandle). */
  eraseSoon: () => void;
}

/** What a messaging transaction works with: the repo, and the handle its event handlers write through. */
export type MessagingTransaction = MessagingRepo & { db: Db };

class IdempotencyConflict extends Error {}

/** A stored message with its sender vehicle's description, as the repo reads it. */
type MessageView = Awaited<ReturnType<MessagingRepo['findMessage']>>;

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

const RECENT_UNREAD_LIMIT = 50;

const blocked = () => new HttpError(403, messageTexts.userBlocked, { code: ErrorCode.userBlocked });
const conversationNotFound = () => notFound(messageTexts.conversationNotFound);

export function createMessagingService(deps: MessagingServiceDeps) {
  const { repo, blocks, limiter, clock } = deps;
  const since = () => clock() - MESSAGE_RETENTION_MS;
  const unreadCounts = new UnreadCounts((userId) => repo.countUnread(userId, since()), clock);

  /** After the commit: every instance hears of the message, with the versions its commit left. */
  const announce = (created: DomainEvents['message.created'], inboxVersions: InboxVersions) =>
    deps.events.publish('message.created', { ...created, inboxVersions }).catch(deps.onAnnounceError);

  /** The conversation of a participant, else a 404 (the same as for one that does not exist). */
  async function participantConversation(userId: string, conversationId: string) {
    const conversation =
      conversationId.length <= 64 ? await repo.findConversationOf(userId, conversationId) : undefined;
    const side = conversation && sideOf(conversation, userId);
    if (!conversation || !side) throw conversationNotFound();
    return { conversation, side };
  }

  /** The vehicle a signed-in sender writes as: the one named (theirs, active), else their first, else none. */
  async function senderVehicleOf(sender: Sender, requested: string | undefined) {
    if (sender.kind === 'visitor') {
      if (requested) throw badRequest(messageTexts.notYourVehicle);
      return null;
    }
    const own = (await repo.listActiveVehicleIdsOf(sender.userId)).map((vehicle) => vehicle.id);
    if (requested && !own.includes(requested)) throw badRequest(messageTexts.notYourVehicle);
    return requested ?? own[0] ?? null;
  }

  /** Refuses what the vehicle's owner does not accept (ADDENDUM §1). */
  function checkAcceptance(acceptMessagesFrom: string, sender: Sender) {
    if (acceptMessagesFrom === 'nobody') {
      throw new HttpError(403, messageTexts.paused, { code: ErrorCode.messagesPaused });
    }
    if (acceptMessagesFrom === 'verified' && !(sender.kind === 'user' && sender.isVerified)) {
      throw new HttpError(403, messageTexts.verifiedOnly, { code: ErrorCode.verifiedSendersOnly });
    }
  }

  const subjectOf = (sender: Sender): BlockSubject =>
    sender.kind === 'user' ? { userId: sender.userId } : { visitorHash: sender.visitorHash };

  /**
   * With an Idempotency-Key: the first answer to it when this is the request it answered (else a 422);
   * undefined when the key is new (or none was sent).
   */
  async function firstAnswer(
    senderKey: string,
    idempotencyKey: string | undefined,
    request: IdempotentRequest,
  ) {
    if (!idempotencyKey) return undefined;
    return firstAnswerTo(request, await repo.findIdempotentResponse(senderKey, idempotencyKey));
  }

  /**
   * After a failed transaction: when a concurrent request stored its answer to the same key first (this one
   * rolled back on the key), that answer, or a 422 when it was another request; else the error again.
   */
  async function answerOfConcurrentRetry(
    error: unknown,
    senderKey: string,
    idempotencyKey: string | undefined,
    request: IdempotentRequest,
  ): Promise<string> {
    if (!(error instanceof IdempotencyConflict)) throw error;
    const stored = await firstAnswer(senderKey, idempotencyKey, request);
    if (stored === undefined) throw error;
    return stored;
  }

  /**
   * Stores the key's answer in the transaction of what it answers; a concurrent request that stored it
   * first makes this one roll back (answerOfConcurrentRetry).
   */
  async function rememberAnswer(
    tx: MessagingTransaction,
    senderKey: string,
    idempotencyKey: string | undefined,
    request: IdempotentRequest,
    response: () => string,
    now: number,
  ) {
    if (!idempotencyKey) return;
    await tx
      .insertIdempotentResponse(
        senderKey,
        idempotencyKey,
        { requestHash: request.hash, response: response() },
        now,
      )
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new IdempotencyConflict() : error;
      });
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
    ): Promise<SentMessage> {
      const senderKey = sender.kind === 'user' ? `u:${sender.userId}` : `a:${sender.visitorHash}`;
      const request = idempotentRequest('POST /api/messages/anonymous', [
        input.vehicleId,
        input.content,
        input.messageType,
        input.senderVehicleId ?? null,
      ]);
      const first = await firstAnswer(senderKey, idempotencyKey, request);
      if (first !== undefined) return JSON.parse(first) as SentMessage;
      const limitSubject = sender.kind === 'user' ? `user:${sender.userId}` : `ip:${addressKeyOf(sender.ip)}`;
      await limiter.consumeInTurn(
        [rateLimits.messagesPerVehiclePerSender, `${input.vehicleId}|${limitSubject}`],
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
      const target = await repo.findTargetVehicle(input.vehicleId, subjectOf(sender));
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

      let sent: {
        result: SentMessage;
        created: DomainEvents['message.created'];
        inboxVersions: InboxVersions;
      };
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
              oneClearedAt: 0,
              twoClearedAt: 0,
              createdAt: now,
              lastMessageAt: now,
            },
            { senderUserId, senderVehicleId, content: input.content },
          );
          const result: SentMessage = {
            id: message.id,
            conversationId: conversation.id,
            createdAt: new Date(message.createdAt).toISOString(),
            isDelivered: true,
          };
          const created = {
            messageId: message.id,
            conversationId: conversation.id,
            recipientUserId: otherUserOf(conversation, message.senderSide),
            senderUserId,
            createdAt: message.createdAt,
          };
          await deps.events.publishInTransaction('message.created', created, tx.db);
          await rememberAnswer(tx, senderKey, idempotencyKey, request, () => JSON.stringify(result), now);
          const inboxVersions = await tx.touchInboxes([conversation.ownerOneId, conversation.userTwoId]);
          return { result, created, inboxVersions };
        });
      } catch (error) {
        const first = await answerOfConcurrentRetry(error, senderKey, idempotencyKey, request);
        return JSON.parse(first) as SentMessage;
      }
      await announce(sent.created, sent.inboxVersions);
      return sent.result;
    },

    /**
     * The user's conversations with a message in the last 24 hours, newest first, as they may see them;
     * and until when that stays so unless something is written (the oldest of their messages read here
     * leaves the lists then).
     */
    async listConversations(userId: string) {
      const now = clock();
      const conversations = await repo.listConversationsOf(userId, now - MESSAGE_RETENTION_MS);
      const messages = await repo.listMessages(
        conversations.map((conversation) => conversation.id),
        now - MESSAGE_RETENTION_MS,
      );
      const validUntil = (messages[0]?.createdAt ?? Number.POSITIVE_INFINITY) + MESSAGE_RETENTION_MS;
      const vehicleIds = conversations.flatMap((c) =>
        c.vehicleTwoId ? [c.vehicleOneId, c.vehicleTwoId] : [c.vehicleOneId],
      );
      const vehicles = new Map(
        (await repo.findPublicVehicles([...new Set(vehicleIds)])).map((v) => [v.id, v]),
      );
      const items = conversations.flatMap((conversation) => {
        const side = sideOf(conversation, userId);
        if (!side) return [];
        const visible = messages.filter(
          (message) =>
            message.conversationId === conversation.id && message.createdAt > clearedAtOf(conversation, side),
        );
        // Deleted from this side's view, and nothing new since.
        if (visible.length === 0) return [];
        const vehicleOne = vehicles.get(conversation.vehicleOneId);
        if (!vehicleOne) return [];
        return [
          {
            conversation,
            side,
            vehicleOne,
            vehicleTwo: conversation.vehicleTwoId ? (vehicles.get(conversation.vehicleTwoId) ?? null) : null,
            lastMessage: visible.at(-1) ?? null,
            unreadCount: visible.filter((message) => message.senderSide !== side && message.isRead === 0)
              .length,
            canReply: canReply(conversation, side),
          },
        ];
      });
      return { items, validUntil };
    },

    /** A conversation's messages of the last 24 hours, for a participant only. */
    async listMessages(userId: string, conversationId: string) {
      const { conversation, side } = await participantConversation(userId, conversationId);
      const messages = await repo.listMessages(
        [conversation.id],
        Math.max(since(), clearedAtOf(conversation, side)),
      );
      return { side, messages };
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
    ): Promise<{ side: ConversationSide; message: MessageView }> {
      const senderKey = `u:${userId}`;
      const request = idempotentRequest('POST /api/conversations/{id}/messages', [conversationId, content]);
      const first = await firstAnswer(senderKey, idempotencyKey, request);
      if (first !== undefined) return replyOf(first, content);
      const { conversation, side } = await participantConversation(userId, conversationId);
      if (!canReply(conversation, side)) throw badRequest(messageTexts.visitorCannotReceiveReplies);
      const recipient = otherUserOf(conversation, side);
      if (recipient && (await blocks.isUserBlocked(recipient, userId))) throw blocked();
      await limiter.consume(rateLimits.messagesPerSender, `user:${userId}`);
      const now = clock();
      let sent: {
        message: MessageView;
        created: DomainEvents['message.created'];
        inboxVersions: InboxVersions;
      };
      try {
        sent = await deps.transaction(async (tx) => {
          const inserted = await tx.writeToConversation(
            conversation.id,
            { senderSide: side, senderVehicleId: vehicleOf(conversation, side), content, isRead: 0 },
            now,
          );
          if (!inserted) throw conversationNotFound();
          const created = {
            messageId: inserted.id,
            conversationId: conversation.id,
            recipientUserId: recipient,
            senderUserId: userId,
            createdAt: inserted.createdAt,
          };
          await deps.events.publishInTransaction('message.created', created, tx.db);
          // Read in the transaction: the key's answer is stored with the message, as the first answer.
          const message = await tx.findMessage(inserted.id);
          const stored = (): string => {
            const { content: _text, ...withoutText } = message;
            return JSON.stringify({ side, message: withoutText } satisfies StoredReply);
          };
          await rememberAnswer(tx, senderKey, idempotencyKey, request, stored, now);
          return { message, created, inboxVersions: await tx.touchInboxes([userId, recipient]) };
        });
      } catch (error) {
        return replyOf(await answerOfConcurrentRetry(error, senderKey, idempotencyKey, request), content);
      }
      await announce(sent.created, sent.inboxVersions);
      return { side, message: sent.message };
    },

    /**
     * Opening a conversation marks what the other side wrote as read for the caller's side; answers the
     * caller's inbox version after it (undefined: nothing was unread, the version did not move).
     */
    async markRead(
      userId: string,
      conversationId: string,
      vehicleId: string | undefined,
    ): Promise<number | undefined> {
      const { conversation, side } = await participantConversation(userId, conversationId);
      // The vehicle named must be the caller's own in this conversation (spec §7: read "for" it).
      if (vehicleId !== undefined && vehicleId !== vehicleOf(conversation, side)) {
        throw badRequest(messageTexts.notYourVehicleHere);
      }
      return deps.transaction(async (tx) =>
        (await tx.markRead(conversation.id, side)) > 0
          ? (await tx.touchInboxes([userId]))[userId]
          : undefined,
      );
    },

    /**
     * Deletes the conversation from the caller's list only; the other side keeps theirs (0080). What
     * neither side can see any more is deleted (docs/decisions/0127-what-is-deleted-is-gone.md).
     */
    async deleteConversation(userId: string, conversationId: string) {
      const { conversation, side } = await participantConversation(userId, conversationId);
      const erased = await deps.transaction(async (tx) => {
        const clears = await tx.clearForSide(conversation.id, side, clock());
        let deleted = 0;
        if (clears) {
          const clearedAt = clearedAtOf(clears, side);
          // Before the messages go: their pushes are found through them.
          await deps.events.publishInTransaction(
            'conversation.cleared',
            { conversationId: conversation.id, userId, clearedAt },
            tx.db,
          );
          const until = seenByNobodyUntil(clears);
          if (until > 0) deleted = await tx.deleteMessagesUntil(conversation.id, until);
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
        await tx.deleteMessage(message.id);
        await deps.events.publishInTransaction(
          'message.deleted',
          { messageId: message.id, conversationId: conversation.id },
          tx.db,
        );
        await tx.touchInboxes([conversation.ownerOneId, conversation.userTwoId]);
      });
      deps.eraseSoon();
    },

    /** What the other side wrote that the caller has not read, newest first (the 30 s fallback poll). */
    async recentUnread(userId: string) {
      const conversations = await repo.listConversationsOf(userId, since());
      const messages = await repo.listMessages(
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

    /** The retention job: nothing older than 24 hours stays, in the tables or (soon after) in SQLite's log. */
    async purgeExpired() {
      const before = since();
      const purged = await deps.transaction(async (tx) => {
        const deleted = await tx.purgeOlderThan(before);
        if (deleted.messages > 0)
          await deps.events.publishInTransaction('messages.expired', { before }, tx.db);
        return deleted;
      });
      if (purged.messages > 0 || purged.conversations > 0) deps.eraseSoon();
      return purged;
    },

    /** The user's unread count at their inbox version `inboxVersion` (their session read's) or later. */
    unreadCount: (userId: string, inboxVersion: number) => unreadCounts.at(userId, inboxVersion),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
