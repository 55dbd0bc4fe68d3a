import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { createPushQueueRepo, createPushRepo } from './push.repo.js';
import { registerPushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';
import { registerPushSubscribers } from './push.subscribers.js';
import { createPushDispatcher, pushDispatchJob } from './push-dispatcher.js';
import { createPushSender } from './push-sender.js';
import { lazyVapidKeys, loadVapidKeys } from './vapid.js';

/** Web push (ADDENDUM §8-§10): subscriptions, and a notification of every message with the app closed. */
export const registerPushFeature: Feature = (app, deps) => {
  const { config, database, clock, limiter } = deps;
  const repo = createPushRepo(database.db);
  const keys = lazyVapidKeys(() => loadVapidKeys(config, repo, clock));
  const sender = createPushSender(keys, clock, config.pushTimeoutMs);
  const { pushServiceHosts, pushTimeoutMs } = config;
  registerPushRoutes(app, {
    push: createPushService({ repo, keys, sender, limiter, clock, pushServiceHosts }),
  });
  const queue = createPushQueueRepo(database.db, database.engine);
  const onError = (error: unknown) => app.log.warn({ code: errorCode(error) }, 'push failed');
  const dispatcher = createPushDispatcher({
    queue,
    subscriptions: repo,
    sender,
    keys,
    clock,
    onError,
    onDelivered: deps.messaging.recordDelivery,
    pushTimeoutMs,
  });
  registerPushSubscribers(deps, database.engine, dispatcher);
  deps.jobs.register(pushDispatchJob(dispatcher));
  app.addHook('onClose', async () => {
    await dispatcher.settle();
    sender.close();
  });
};
