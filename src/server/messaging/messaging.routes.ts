import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  anonymousMessageRequestSchema,
  markReadRequestSchema,
  messageTexts,
  replyRequestSchema,
} from '../../shared/messaging/messages.js';
import { badRequest } from '../plugins/errors.js';
import { requireUser, type SessionCookie } from '../plugins/session.js';
import { hashToken } from '../tokens.js';
import { InboxAnswerCache } from './inbox-cache.js';
import { presentConversation, presentMessage } from './messaging.presenter.js';
import type { MessagingService, Sender } from './messaging.service.js';

type IdParams = { Params: { id: string } };

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const VISITOR_LIFETIME_MS = 365 * 24 * 3_600_000;

export function registerMessagingRoutes(
  app: FastifyInstance,
  deps: {
    messaging: MessagingService;
    visitorCookie: SessionCookie;
    newVisitorToken: () => string;
    now: () => number;
  },
): void {
  const { messaging, visitorCookie } = deps;

  /** The signed-in account, else the visitor this browser is (a random cookie, made on first message). */
  function senderOf(request: FastifyRequest, reply: FastifyReply): Sender {
    if (request.auth) {
      const { user } = request.auth;
      return { kind: 'user', userId: user.id, isVerified: user.emailVerified, ip: request.ip };
    }
    let token = visitorCookie.read(request);
    if (!token) {
      token = deps.newVisitorToken();
      visitorCookie.set(reply, token, true, deps.now() + VISITOR_LIFETIME_MS);
    }
    return { kind: 'visitor', visitorHash: hashToken(token), ip: request.ip };
  }

  function idempotencyKeyOf(request: FastifyRequest): string | undefined {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return undefined;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
    }
    return key;
  }

  app.post('/api/messages/anonymous', async (request, reply) => {
    const input = anonymousMessageRequestSchema.parse(request.body);
    const key = idempotencyKeyOf(request);
    const sent = await messaging.sendToVehicle(input, senderOf(request, reply), key);
    return reply.status(201).send(sent);
  });

  // The list is read far more often than it changes (every screen, every realtime event): its answer is
  // kept per user for the inbox version it was made at (src/server/messaging/inbox-cache.ts).
  const conversationLists = new InboxAnswerCache();
  app.get('/api/conversations', async (request, reply) => {
    const { user } = requireUser(request);
    reply.type('application/json; charset=utf-8');
    const cached = conversationLists.get(user.id, user.inboxVersion, deps.now());
    if (cached !== undefined) return reply.send(cached);
    const { items, validUntil } = await messaging.listConversations(user.id);
    const body = JSON.stringify(items.map(presentConversation));
    conversationLists.set(user.id, { version: user.inboxVersion, validUntil, body });
    return reply.send(body);
  });

  app.get<IdParams>('/api/conversations/:id/messages', async (request) => {
    const { side, messages } = await messaging.listMessages(requireUser(request).user.id, request.params.id);
    return messages.map((message) => presentMessage(message, side));
  });

  app.post<IdParams>('/api/conversations/:id/messages', async (request, reply) => {
    const userId = requireUser(request).user.id;
    const { content } = replyRequestSchema.parse(request.body);
    const key = idempotencyKeyOf(request);
    const { side, message } = await messaging.reply(userId, request.params.id, content, key);
    return reply.status(201).send(presentMessage(message, side));
  });

  app.patch<IdParams>('/api/conversations/:id/read', async (request) => {
    const { vehicleId } = markReadRequestSchema.parse(request.body ?? {});
    const { user } = requireUser(request);
    const inboxVersion = await messaging.markRead(user.id, request.params.id, vehicleId);
    return { count: await messaging.unreadCount(user.id, inboxVersion ?? user.inboxVersion) };
  });

  app.delete<IdParams>('/api/conversations/:id', async (request) => {
    await messaging.deleteConversation(requireUser(request).user.id, request.params.id);
    return { message: messageTexts.conversationDeleted };
  });

  app.delete<IdParams>('/api/messages/:id', async (request) => {
    await messaging.deleteMessage(requireUser(request).user.id, request.params.id);
    return { message: messageTexts.messageDeleted };
  });

  app.get('/api/messages', async (request) =>
    (await messaging.recentUnread(requireUser(request).user.id)).map(({ message, side }) =>
      presentMessage(message, side ?? 'one'),
    ),
  );

  app.get('/api/messages/unread-count', async (request) => {
    const { user } = requireUser(request);
    return { count: await messaging.unreadCount(user.id, user.inboxVersion) };
  });
}
