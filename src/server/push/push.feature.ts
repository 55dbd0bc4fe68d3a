import type { Feature } from '../feature.js';
import { createPushRepo } from './push.repo.js';
import { registerPushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';
import { createPushSender } from './push-sender.js';
import { lazyVapidKeys, loadVapidKeys } from './vapid.js';

/** Web push (ADDENDUM §8-§10): subscriptions, and notifications with the app closed. */
export const registerPushFeature: Feature = (app, deps) => {
  const { config, database, clock, limiter } = deps;
  const repo = createPushRepo(database.db);
  const keys = lazyVapidKeys(() => loadVapidKeys(config, repo, clock));
  const sender = createPushSender(keys, clock);
  app.addHook('onClose', async () => sender.close());
  const push = createPushService({
    repo,
    keys,
    sender,
    limiter,
    clock,
    pushServiceHosts: config.pushServiceHosts,
  });
  registerPushRoutes(app, { push });
};
