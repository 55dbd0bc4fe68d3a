import { generateToken } from '../auth/tokens.js';
import { createBlocksRepo } from '../blocks/blocks.repo.js';
import { createTransaction } from '../db/transaction.js';
import type { Feature } from '../feature.js';
import { visitorCookie } from '../plugins/session.js';
import { createMessagingRepo } from './messaging.repo.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { createMessagingService } from './messaging.service.js';

/** Messages to vehicles, conversations between their two sides, unread counts. */
export const registerMessagingFeature: Feature = (app, deps) => {
  const { database, clock } = deps;
  const messaging = createMessagingService({
    repo: createMessagingRepo(database.db),
    blocks: createBlocksRepo(database.db),
    transaction: createTransaction(database.db, createMessagingRepo),
    limiter: deps.limiter,
    clock,
    events: deps.events,
    onAnnounceError: (error) => app.log.warn({ code: (error as { code?: string }).code }, 'announce failed'),
  });
  registerMessagingRoutes(app, {
    messaging,
    visitorCookie: visitorCookie(deps.config.isHttps),
    newVisitorToken: generateToken,
    now: clock,
  });
};
