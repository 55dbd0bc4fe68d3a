import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { emailFallbackJob, emailFallbackOf } from './email-fallback.service.js';
import { createPushQueueRepo, createPushRepo } from './push.repo.js';
import { registerPushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';
import { registerPushSubscribers } from './push.subscribers.js';
import { createPushDispatcher, pushDispatchJob } from './push-dispatcher.js';
import { createPushSender } from './push-sender.js';
import { lazyVapidKeys, loadVapidKeys } from './vapid.js';

/** Web push (ADDENDUM §8-§10): subscriptions, a push of each message, and the e-mail when none arrives. */
export const registerPushFeature: Feature = (app, deps) => {
  const { config, database, clock, limiter } = deps;
  const repo = createPushRepo(database.db);
  const keys = lazyVapidKeys(() => loadVapidKeys(config, repo, clock));
  const sender = createPushSender(keys, config.pushTimeoutMs);
  const { pushServiceHosts, pushTimeoutMs } = config;
  const push = createPushService({ repo, keys, sender, limiter, clock, pushServiceHosts });
  registerPushRoutes(app, { push });
  deps.accountData.add('notificationPreferences', push.preferences);
  const warn = (what: string) => (e: unknown) => app.log.warn({ code: errorCode(e) }, `${what} failed`);
  const dispatcher = createPushDispatcher({
    ...deps,
    queue: createPushQueueRepo(database.db, database.engine),
    subscriptions: repo,
    sender,
    keys,
    onError: warn('push'),
    onDelivered: deps.messaging.recordDelivery,
    pushTimeoutMs,
  });
  registerPushSubscribers(deps, database.engine, dispatcher);
  deps.jobs.register(pushDispatchJob(dispatcher));
  deps.jobs.register(emailFallbackJob(emailFallbackOf(deps, warn('e-mail fallback'))));
  app.addHook('onClose', async () => {
    await dispatcher.settle();
    sender.close();
  });
};
