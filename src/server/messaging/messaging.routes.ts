import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  anonymousMessageRequestSchema,
  markReadRequestSchema,
  messageTexts,
  replyRequestSchema,
} from '../../shared/messaging/messages.contract.js';
import {
  messagePreferencesRequestSchema,
  ownerStatusRequestSchema,
  statusTexts,
} from '../../shared/messaging/status.contract.js';
import { badRequest, orNullIfNotFound } from '../errors/http-error.js';
import { requireUser, type SessionCookie } from '../plugins/session.js';
import type { MessagingPort } from '../ports.js';
import { hashToken } from '../tokens.js';
import type { ConversationsService } from './conversations.service.js';
import type { FinderMessaging } from './messaging.port.js';
import { presentMessage } from './messaging.presenter.js';
import type { Sender, SendService } from './send.service.js';
import type { Asker, StatusService } from './status.service.js';

type IdParams = { Params: { id: string } };

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const VISITOR_LIFETIME_MS = 365 * 24 * 3_600_000;

function checkedIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  return key;
}

export function registerMessagingRoutes(
  app: FastifyInstance,
  deps: {
    send: SendService;
    conversations: ConversationsService;
    status: StatusService;
    /** GET /api/conversations's answer (conversation-list.cache.ts). */
    conversationList: (user: { id: string; inboxVersion: number }) => Promise<string>;
    unread: Pick<MessagingPort, 'unreadCount'>;
    visitorCookie: SessionCookie;
    newVisitorToken: () => string;
    now: () => number;
  },
): void {
  const { send, conversations, status, unread, visitorCookie } = deps;

  /** Whoever asks about a message: their account if signed in, and the visitor their cookie makes them. */
  function askerOf(request: FastifyRequest): Asker {
    const token = visitorCookie.read(request);
    return {
      userId: request.auth?.user.id ?? null,
      visitorHash: token ? hashToken(token) : null,
      ip: request.ip,
    };
  }

  /** The signed-in account, else the visitor this browser is (a random cookie, made on first message). */
  function senderOf(request: FastifyRequest, reply: FastifyReply): Sender {
    if (request.auth) {
      const { user } = request.auth;
      return { kind: 'user', userId: user.id, isVerified: user.emailVerified, ip: request.ip };
    }
    // Set again on every send, at the whole origin: a cookie of an older version (kept for /api/messages
    // only) comes to /ws too from now on, with the same value.
    const token = visitorCookie.read(request) ?? deps.newVisitorToken();
    visitorCookie.set(reply, token, true, deps.now() + VISITOR_LIFETIME_MS);
    return { kind: 'visitor', visitorHash: hashToken(token), ip: request.ip };
  }

  function idempotencyKeyOf(request: FastifyRequest): string | undefined {
    const key = request.headers['idempotency-key'];
    return key === undefined ? undefined : checkedIdempotencyKey(key);
  }

  app.post('/api/messages/anonymous', async (request, reply) => {
    const input = anonymousMessageRequestSchema.parse(request.body);
    const key = idempotencyKeyOf(request);
    const sent = await send.sendToVehicle(input, senderOf(request, reply), key, request.id);
    return reply.status(201).send(sent);
  });

  // The same send and status for the finder's pages the server draws (messaging.port.ts, decision 0168).
  app.decorate('finderMessaging', {
    send(request, reply, { idempotencyKey, ...fields }) {
      const input = anonymousMessageRequestSchema.parse(fields);
      const key = idempotencyKey === undefined ? undefined : checkedIdempotencyKey(idempotencyKey);
      return send.sendToVehicle(input, senderOf(request, reply), key, request.id);
    },
    statusOf: (request, messageId) => orNullIfNotFound(status.messageStatus(askerOf(request), messageId)),
  } satisfies FinderMessaging);

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
    const { side, message } = await send.reply(userId, request.params.id, content, key, request.id);
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

  // What became of a message, for its sender (issue 32); 404 to everyone else.
  app.get<IdParams>('/api/messages/:id/status', async (request) =>
    status.messageStatus(askerOf(request), request.params.id),
  );

  app.post<IdParams>('/api/messages/:id/notify-again', async (request, reply) => {
    await status.notifyAgain(askerOf(request), request.params.id);
    return reply.status(202).send({ message: statusTexts.notifiedAgain });
  });

  // The owner's one-tap answer (issue 32).
  app.post<IdParams>('/api/conversations/:id/status', async (request) => {
    const userId = requireUser(request).user.id;
    const { code } = ownerStatusRequestSchema.parse(request.body);
    return {
      message: statusTexts.statusSaved,
      ownerStatus: await status.answer(userId, request.params.id, code),
    };
  });

  // Whether the account sends read receipts (Settings, privacy).
  app.get('/api/messages/preferences', async (request) => status.preferences(requireUser(request).user.id));

  app.put('/api/messages/preferences', async (request) => {
    const userId = requireUser(request).user.id;
    const input = messagePreferencesRequestSchema.parse(request.body);
    return status.savePreferences(userId, input);
  });
}
