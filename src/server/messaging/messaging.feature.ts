import { createBlocksRepo } from '../blocks/blocks.repo.js';
import type { Db } from '../db/index.js';
import { createGroupCommit, createTransaction } from '../db/transaction.js';
import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { visitorCookie } from '../plugins/session.js';
import { generateToken } from '../tokens.js';
import { createMessagingPort } from './messaging.port.js';
import { createMessagingRepo } from './messaging.repo.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { createMessagingService } from './messaging.service.js';

const RETENTION_INTERVAL_MS = 5 * 60_000;

/** Messages to vehicles, conversations between their two sides, unread counts. */
export const registerMessagingFeature: Feature = (app, deps) => {
  const { database, clock } = deps;
  const messagingRepos = (db: Db) => Object.assign(createMessagingRepo(db, database.engine), { db });
  const repo = createMessagingRepo(database.db, database.engine);
  const messaging = createMessagingService({
    repo,
    blocks: createBlocksRepo(database.db),
    // SQLite commits one transaction at a time: concurrent sends share a commit (docs/decisions/0081).
    transaction:
      database.engine === 'sqlite'
        ? createGroupCommit(database.db, messagingRepos, database.syncLog)
        : createTransaction(database.db, messagingRepos),
    limiter: deps.limiter,
    clock,
    events: deps.events,
    onAnnounceError: (error) => app.log.warn({ code: errorCode(error) }, 'announce failed'),
    eraseSoon: database.eraseSoon,
  });
  // At start (after a long stop) and every few minutes: messages live 24 hours (ADDENDUM §3).
  deps.jobs.register({
    name: 'message-retention',
    intervalMs: RETENTION_INTERVAL_MS,
    runAtStart: true,
    run: async () => void (await messaging.purgeExpired()),
  });
  app.decorate('messaging', createMessagingPort(repo, clock));
  registerMessagingRoutes(app, {
    messaging,
    visitorCookie: visitorCookie(deps.config.isHttps),
    newVisitorToken: generateToken,
    now: clock,
  });
};
