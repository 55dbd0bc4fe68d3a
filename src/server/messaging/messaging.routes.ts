import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  anonymousMessageRequestSchema,
  markReadRequestSchema,
  messageTexts,
  replyRequestSchema,
} from '../../shared/messaging/messages.contract.js';
import { badRequest } from '../errors/http-error.js';
import { requireUser, type SessionCookie } from '../plugins/session.js';
import type { MessagingPort } from '../ports.js';
import { hashToken } from '../tokens.js';
import type { ConversationsService } from './conversations.service.js';
import { presentMessage } from './messaging.presenter.js';
import type { Sender, SendService } from './send.service.js';

type IdParams = { Params: { id: string } };

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const VISITOR_LIFETIME_MS = 365 * 24 * 3_600_000;

export function registerMessagingRoutes(
  app: FastifyInstance,
  deps: {
    send: SendService;
    conversations: ConversationsService;
    /** GET /api/conversations's answer (conversation-list.cache.ts). */
    conversationList: (user: { id: string; inboxVersion: number }) => Promise<string>;
    unread: Pick<MessagingPort, 'unreadCount'>;
    visitorCookie: SessionCookie;
    newVisitorToken: () => string;
    now: () => number;
  },
): void {
  const { send, conversations, unread, visitorCookie } = deps;

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
    const sent = await send.sendToVehicle(input, senderOf(request, reply), key);
    return reply.status(201).send(sent);
  });

  app.get('/api/conversations', async (request, reply) => {
    const body = await deps.conversationList(requireUser(request).user);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<IdParams>('/api/conversations/:id/messages', async (request) => {
    const { side, messages } = await conversations.listMessages(
      requireUser(request).user.id,
      request.params.id,
    );
    return messages.map((message) => presentMessage(message, side));
  });

  app.post<IdParams>('/api/conversations/:id/messages', async (request, reply) => {
    const userId = requireUser(request).user.id;
    const { content } = replyRequestSchema.parse(request.body);
    const key = idempotencyKeyOf(request);
    const { side, message } = await send.reply(userId, request.params.id, content, key);
    return reply.status(201).send(presentMessage(message, side));
  });

  app.patch<IdParams>('/api/conversations/:id/read', async (request) => {
    const { vehicleId } = markReadRequestSchema.parse(request.body ?? {});
    const { user } = requireUser(request);
    const inboxVersion = await conversations.markRead(user.id, request.params.id, vehicleId);
    return { count: await unread.unreadCount(user.id, inboxVersion ?? user.inboxVersion) };
  });

  app.delete<IdParams>('/api/conversations/:id', async (request) => {
    await conversations.deleteConversation(requireUser(request).user.id, request.params.id);
    return { message: messageTexts.conversationDeleted };
  });

  app.delete<IdParams>('/api/messages/:id', async (request) => {
    await conversations.deleteMessage(requireUser(request).user.id, request.params.id);
    return { message: messageTexts.messageDeleted };
  });

  app.get('/api/messages', async (request) =>
    (await conversations.recentUnread(requireUser(request).user.id)).map(({ message, side }) =>
      presentMessage(message, side ?? 'one'),
    ),
  );

  app.get('/api/messages/unread-count', async (request) => {
    const { user } = requireUser(request);
    return { count: await unread.unreadCount(user.id, user.inboxVersion) };
  });
}
