import type { FastifyInstance } from 'fastify';
import {
  notificationPreferencesRequestSchema,
  pushTestRequestSchema,
  pushTexts,
  renewalQuerySchema,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
} from '../../shared/push/push.contract.js';
import { requireUser } from '../plugins/session.js';
import type { PushService } from './push.service.js';

/** /api/push/* (spec §7): the browser's subscription, its status, and a test notification. */
export function registerPushRoutes(app: FastifyInstance, { push }: { push: PushService }): void {
  app.get('/api/push/vapid-public-key', async () => ({ publicKey: await push.publicKey() }));

  app.post('/api/push/subscribe', async (request, reply) => {
    const userId = requireUser(request).user.id;
    await push.subscribe(userId, subscribeRequestSchema.parse(request.body));
    return reply.status(201).send({ message: pushTexts.subscribed });
  });

  app.post('/api/push/unsubscribe', async (request) => {
    const userId = requireUser(request).user.id;
    await push.unsubscribe(userId, unsubscribeRequestSchema.parse(request.body).endpoint);
    return { message: pushTexts.unsubscribed };
  });

  app.get('/api/push/status', async (request) => ({
    isSubscribed: await push.isSubscribed(requireUser(request).user.id),
  }));

  app.get('/api/push/check-renewal', async (request) => {
    const userId = requireUser(request).user.id;
    const { endpoint } = renewalQuerySchema.parse(request.query);
    return { renewalRequired: await push.renewalRequired(userId, endpoint) };
  });

  // Whether pushes show the message's text, and whether the owner is e-mailed when no notification reaches
  // them (Settings, Push Notifications): the server writes the pushes and the mails.
  app.get('/api/push/preferences', async (request) => push.preferences(requireUser(request).user.id));

  app.put('/api/push/preferences', async (request) => {
    const userId = requireUser(request).user.id;
    return push.savePreferences(userId, notificationPreferencesRequestSchema.parse(request.body));
  });

  app.post('/api/push/test', async (request) => {
    const userId = requireUser(request).user.id;
    const { title, body } = pushTestRequestSchema.parse(request.body ?? {});
    const { delivered, subscriptions } = await push.sendTest(userId, title, body);
    return { message: delivered > 0 ? pushTexts.testSent : pushTexts.testFailed, delivered, subscriptions };
  });
}
